import { messageRoleOf, type SessionEntry } from "../session/types";
import { fieldOf } from "../util/fields";

/**
 * The languages the app highlights (highlight.js grammar names; the UI registers exactly these).
 * Anything else is shown as plain text.
 */
export const CODE_LANGUAGES = [
	"bash",
	"c",
	"cpp",
	"csharp",
	"css",
	"diff",
	"go",
	"java",
	"javascript",
	"json",
	"kotlin",
	"markdown",
	"python",
	"ruby",
	"rust",
	"sql",
	"swift",
	"typescript",
	"xml",
	"yaml",
] as const;

export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

const KNOWN: ReadonlySet<string> = new Set(CODE_LANGUAGES);

/** Fence tags and file extensions, lower case, to the language they name. */
const ALIASES = new Map<string, CodeLanguage>([
	["sh", "bash"],
	["shell", "bash"],
	["zsh", "bash"],
	["console", "bash"],
	["shellsession", "bash"],
	["h", "c"],
	["cc", "cpp"],
	["cxx", "cpp"],
	["hpp", "cpp"],
	["c++", "cpp"],
	["cs", "csharp"],
	["c#", "csharp"],
	["scss", "css"],
	["patch", "diff"],
	["golang", "go"],
	["js", "javascript"],
	["jsx", "javascript"],
	["mjs", "javascript"],
	["cjs", "javascript"],
	["jsonl", "json"],
	["jsonc", "json"],
	["json5", "json"],
	["kt", "kotlin"],
	["kts", "kotlin"],
	["md", "markdown"],
	["mdx", "markdown"],
	["py", "python"],
	["rb", "ruby"],
	["rs", "rust"],
	["ts", "typescript"],
	["tsx", "typescript"],
	["mts", "typescript"],
	["cts", "typescript"],
	["html", "xml"],
	["htm", "xml"],
	["svg", "xml"],
	["xhtml", "xml"],
	["yml", "yaml"],
]);

const isCodeLanguage = (name: string): name is CodeLanguage => KNOWN.has(name);

/** The language a fence tag (```ts) or file extension names, or null when it is not one highlighted. */
export function codeLanguage(tag: string | null | undefined): CodeLanguage | null {
	if (!tag) return null;
	const t = tag.trim().toLowerCase();
	if (isCodeLanguage(t)) return t;
	return ALIASES.get(t) ?? null;
}

/** The language of a file, from its extension (`src/app.tsx` → typescript); null when unknown. */
export function languageForPath(path: unknown): CodeLanguage | null {
	if (typeof path !== "string") return null;
	const name = path.slice(path.lastIndexOf("/") + 1);
	if (/^(Dockerfile|Makefile)$/i.test(name)) return null;
	const dot = name.lastIndexOf(".");
	return dot > 0 ? codeLanguage(name.slice(dot + 1)) : null;
}

const pathOf = (args: object) => fieldOf(args, "path") ?? fieldOf(args, "file_path") ?? fieldOf(args, "filePath");
const FILE_TEXT_ARGS: ReadonlySet<string> = new Set(["content", "oldText", "newText", "old_string", "new_string"]);
const SHELL_TOOLS: ReadonlySet<string> = new Set(["bash", "shell", "exec", "run_command"]);

/**
 * The language of one tool-call argument: a shell tool's `command` is bash; the file text a
 * write or edit carries (`content`, `oldText`, `newText`) takes its path's language. Null otherwise.
 */
export function argumentLanguage(tool: unknown, arg: string, args: Record<string, unknown>): CodeLanguage | null {
	const name = typeof tool === "string" ? tool.toLowerCase() : "";
	if (arg === "command" && SHELL_TOOLS.has(name)) return "bash";
	if (FILE_TEXT_ARGS.has(arg)) return languageForPath(pathOf(args));
	return null;
}

const READ_TOOLS: ReadonlySet<string> = new Set(["read", "read_file", "view"]);

/**
 * The language of each tool result whose call read a file of a known language: tool call id →
 * language, from the assistant messages' `read` calls. One pass over the entries.
 */
export function toolResultLanguages(entries: readonly SessionEntry[]): Map<string, CodeLanguage> {
	const out = new Map<string, CodeLanguage>();
	for (const e of entries) {
		if (messageRoleOf(e) !== "assistant") continue;
		const content = fieldOf(fieldOf(e, "message"), "content");
		if (!Array.isArray(content)) continue;
		for (const b of content) {
			const id = fieldOf(b, "id");
			const name = fieldOf(b, "name");
			if (fieldOf(b, "type") !== "toolCall" || typeof id !== "string" || typeof name !== "string") continue;
			const args = fieldOf(b, "arguments");
			if (!READ_TOOLS.has(name.toLowerCase()) || !args || typeof args !== "object") continue;
			const lang = languageForPath(pathOf(args));
			if (lang) out.set(id, lang);
		}
	}
	return out;
}
