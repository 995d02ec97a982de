/** One example session of the gallery (`public/examples/index.json`). */
export interface ExampleInfo {
	/** File name inside the examples folder (a plain name: no folders, ends in `.jsonl`). */
	file: string;
	title: string;
	/** The builder rule the example demonstrates, in one sentence. */
	rule: string;
	/** What to look at once it is open. */
	explanation: string;
	/** The entry to select as the leaf when the example opens (the file's current leaf when absent). */
	leaf?: string;
}

import { fieldOf } from "../util/fields";

const SAFE_FILE = /^[\w.-]+\.jsonl$/;

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);

/**
 * The examples an `index.json` lists, in order. Items that are not objects, lack a title, rule or
 * explanation, or name a file outside the examples folder (a path, `..`, not `.jsonl`) are left
 * out, so a damaged index can never make the app fetch anything but an example file.
 */
export function parseExampleIndex(json: unknown): ExampleInfo[] {
	const list = fieldOf(json, "examples");
	if (!Array.isArray(list)) return [];
	const out: ExampleInfo[] = [];
	for (const item of list) {
		if (typeof item !== "object" || item === null) continue;
		const file = text(fieldOf(item, "file"));
		const title = text(fieldOf(item, "title"));
		const rule = text(fieldOf(item, "rule"));
		const explanation = text(fieldOf(item, "explanation"));
		if (!file || !SAFE_FILE.test(file) || file.startsWith(".") || !title || !rule || !explanation) continue;
		const leaf = text(fieldOf(item, "leaf"));
		out.push({ file, title, rule, explanation, ...(leaf ? { leaf } : {}) });
	}
	return out;
}
