import { createContext, useContext } from "react";
import type { Clip, CodeLanguage, ValuePath } from "../../../core";

/**
 * Where the value a message or entry view shows came from: the strings the worker cut short (a
 * row carries at most `CLIP_CHARS` of each), how to read more of them, and what a tool result's
 * output is written in. Absent: the value is whole.
 */
export interface TextSource {
	/** The strings cut, by the text that was kept (a text kept the same way twice is not looked up). */
	readonly clips: ReadonlyMap<string, Clip>;
	/** `[from, to)` of the string at `path` of the value shown. */
	more(path: ValuePath, from: number, to: number): Promise<string>;
	/** A tool result's language, from the file its call read. */
	readonly language: CodeLanguage | null;
}

export const TextSourceContext = createContext<TextSource | null>(null);

/** The clips of a value by the text each kept; a text two clips kept alike is left out (it is ambiguous). */
export function clipsByText(clips: readonly Clip[], valueAt: (clip: Clip) => unknown): Map<string, Clip> {
	const out = new Map<string, Clip>();
	const twice = new Set<string>();
	for (const clip of clips) {
		const kept = valueAt(clip);
		if (typeof kept !== "string") continue;
		if (out.has(kept)) twice.add(kept);
		else out.set(kept, clip);
	}
	for (const text of twice) out.delete(text);
	return out;
}

/** Where `text` (as shown) was cut short, and how to read the rest: null when it is whole. */
export function useClip(text: string): { length: number; more(from: number, to: number): Promise<string> } | null {
	const source = useContext(TextSourceContext);
	const clip = source?.clips.get(text);
	if (!source || !clip) return null;
	return { length: clip.length, more: (from, to) => source.more(clip.path, from, to) };
}

/** A tool result's language as the view's source knows it, else null. */
export function useSourceLanguage(): CodeLanguage | null {
	return useContext(TextSourceContext)?.language ?? null;
}
