import { describe, expect, it } from "vitest";
import type { SessionEntry } from "../session/types";
import { argumentLanguage, codeLanguage, languageForPath, toolResultLanguages } from "./codeLanguage";

describe("codeLanguage", () => {
	it("knows fence tags and their aliases, case-insensitively", () => {
		expect(codeLanguage("ts")).toBe("typescript");
		expect(codeLanguage("Python")).toBe("python");
		expect(codeLanguage("sh")).toBe("bash");
		expect(codeLanguage("html")).toBe("xml");
	});
	it("is null for what it does not highlight", () => {
		expect(codeLanguage("brainfuck")).toBeNull();
		expect(codeLanguage("")).toBeNull();
		expect(codeLanguage(undefined)).toBeNull();
		expect(codeLanguage("constructor")).toBeNull();
	});
});

describe("languageForPath", () => {
	it("takes a file's extension", () => {
		expect(languageForPath("src/ui/App.tsx")).toBe("typescript");
		expect(languageForPath("/a/b.test.py")).toBe("python");
		expect(languageForPath("package.json")).toBe("json");
	});
	it("is null without a known extension", () => {
		expect(languageForPath("Makefile")).toBeNull();
		expect(languageForPath(".bashrc")).toBeNull();
		expect(languageForPath("notes.xyz")).toBeNull();
		expect(languageForPath(42)).toBeNull();
	});
});

describe("argumentLanguage", () => {
	it("highlights a shell command as bash and file text by its path", () => {
		expect(argumentLanguage("bash", "command", { command: "ls" })).toBe("bash");
		expect(argumentLanguage("write", "content", { path: "a.rs", content: "" })).toBe("rust");
		expect(argumentLanguage("edit", "newText", { path: "a.go" })).toBe("go");
		expect(argumentLanguage("edit", "path", { path: "a.go" })).toBeNull();
		expect(argumentLanguage("grep", "command", {})).toBeNull();
	});
});

describe("toolResultLanguages", () => {
	it("maps each read call of a known file type to its language", () => {
		const entry = {
			type: "message",
			id: "a",
			parentId: null,
			timestamp: "t",
			message: {
				role: "assistant",
				content: [
					{ type: "toolCall", id: "c1", name: "read", arguments: { path: "x.ts" } },
					{ type: "toolCall", id: "c2", name: "read", arguments: { path: "x.unknown" } },
					{ type: "toolCall", id: "c3", name: "bash", arguments: { command: "cat x.ts" } },
				],
			},
		} as unknown as SessionEntry;
		expect([...toolResultLanguages([entry])]).toEqual([["c1", "typescript"]]);
	});
});
