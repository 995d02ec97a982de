/** Names and sizes for what the share and export dialogs produce (pure). */

export type ExportKind = "session" | "branch" | "payload";

/** The file name without its folder and its `.jsonl`/`.json` extension. */
function stem(fileName: string): string {
	const base = fileName.split(/[\\/]/).pop() ?? "";
	return base.replace(/\.jsonl?$/i, "") || "session";
}

/** Only characters every file system accepts. */
const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 120);

/** The download name of an export: `NAME.jsonl`, `NAME.branch-LEAF.jsonl`, `NAME.payload-LEAF.json`. */
export function exportFileName(fileName: string, kind: ExportKind, leafId: string | null, redacted: boolean): string {
	const name = safe(stem(fileName));
	const leaf = leafId ? `-${safe(leafId)}` : "";
	const tag = redacted ? ".redacted" : "";
	switch (kind) {
		case "session":
			return `${name}${tag}.jsonl`;
		case "branch":
			return `${name}.branch${leaf}${tag}.jsonl`;
		case "payload":
			return `${name}.payload${leaf}${tag}.json`;
		default: {
			const never: never = kind;
			return never;
		}
	}
}

export { utf8Length } from "../core";
