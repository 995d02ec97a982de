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

const SAFE_FILE = /^[\w.-]+\.jsonl$/;

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);

/**
 * The examples an `index.json` lists, in order. Items that are not objects, lack a title, rule or
 * explanation, or name a file outside the examples folder (a path, `..`, not `.jsonl`) are left
 * out, so a damaged index can never make the app fetch anything but an example file.
 */
export function parseExampleIndex(json: unknown): ExampleInfo[] {
	const list = (json as { examples?: unknown } | null)?.examples;
	if (!Array.isArray(list)) return [];
	const out: ExampleInfo[] = [];
	for (const item of list) {
		if (typeof item !== "object" || item === null) continue;
		const r = item as Record<string, unknown>;
		const file = text(r.file);
		const title = text(r.title);
		const rule = text(r.rule);
		const explanation = text(r.explanation);
		if (!file || !SAFE_FILE.test(file) || file.startsWith(".") || !title || !rule || !explanation) continue;
		const leaf = text(r.leaf);
		out.push({ file, title, rule, explanation, ...(leaf ? { leaf } : {}) });
	}
	return out;
}
