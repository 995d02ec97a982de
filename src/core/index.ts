export * from "./context";
export * from "./llm";
export * from "./meta";
export { v1EntryId } from "./migrate";
export * from "./parse";
export * from "./tokens";
export * from "./tree";
export * from "./types";
