import type { ContextAnalysis, ExplainStep } from "../context/analysis";
import type { TreeIndex } from "../session/tree";
import type {
	AgentMessage,
	Dialect,
	Message,
	SessionEntry,
	SessionHeader,
	SessionIssue,
	V4Extras,
} from "../session/types";

/** A parsed line's fields, as read from the file (nothing checked yet). */
export type Fields = Record<string, unknown>;

/** The fields of an entry line that tell which format wrote it (see `DialectRules.marks`). */
export interface MarkerFields {
	readonly type?: unknown;
	readonly model?: unknown;
	readonly provider?: unknown;
	readonly message?: unknown;
}

/**
 * One format's rules: how its files are recognised and read, what it writes, how its context is
 * built for a leaf and how that context goes to the provider. One record per format, listed in
 * `dialects/index.ts`; the parser, the builder and the conversion ask the record of the session's
 * dialect and never branch on its name.
 */
export interface DialectRules {
	readonly name: Dialect;
	/** As the session header shows it ("pi harness"). */
	readonly label: string;
	/** A reservation shown after the label, if the format is read with one. */
	readonly note?: string;
	/** Entry types and message roles this format writes beyond pi's. */
	readonly entryTypes: ReadonlySet<string>;
	readonly roles: ReadonlySet<string>;
	/**
	 * The file's first object line, when this format claims a file by it (a header or slot of its
	 * own): how the rest is read. Null: not this format's first line.
	 */
	claim?(first: Fields, line: number, report: (issue: SessionIssue) => void): FileClaim | null;
	/** Whether one entry line of a file that looks like pi's shows this format wrote it. */
	marks?(line: MarkerFields): boolean;
	/**
	 * The context for `leafId` with every decision recorded. `path` is pi's path to the leaf
	 * (`pathPositions`, or a column of it), worked out by the caller, who may need it too.
	 */
	analyze(
		entries: readonly SessionEntry[],
		leafId: string | null | undefined,
		index: TreeIndex,
		path: number[] | Int32Array,
	): ContextAnalysis;
	/**
	 * The positions `analyze` reads more of than an entry's type, id, parent and message role (for
	 * a reader that holds the rest of a large file's entries as skeletons).
	 */
	reads(
		entries: readonly SessionEntry[],
		leafId: string | null | undefined,
		index: TreeIndex,
		path: number[] | Int32Array,
	): number[];
	/**
	 * One context message as the provider receives it: one message (or several, where the format
	 * splits one, as oh-my-pi does a custom message with text and images); `undefined` when not sent.
	 */
	convert(message: AgentMessage): Message | readonly Message[] | undefined;
	/**
	 * Whether every tip's context size follows from running sums along the tree (pi 1.6.0's
	 * rules: what a message sends never depends on what comes after it); else the builder runs
	 * per tip.
	 */
	sumsAlongTree(entries: readonly SessionEntry[], index: TreeIndex): boolean;
	/**
	 * Whether its entries are another agent's lines mapped to the explorer's model (a response may
	 * be several lines, a line several entries): pi's checks of each path's tool calls and
	 * compactions (`collectDiagnostics`) do not apply, and the file itself, not its entries, is the
	 * session written out.
	 */
	readonly agentLines: boolean;
	/** Whether a file of this format that grows can be read on from where it ended (pi's appends). */
	readonly appends: boolean;
	/** Why its sessions open read-only (no what-if lab), or null when they can be edited. */
	readonly readOnly: string | null;
	/** The request the provider received, from `analysis` (absent: pi's, `convertToLlm`'s messages). */
	payload?(analysis: ContextAnalysis, entries: readonly SessionEntry[], header: SessionHeader | null): ProviderPayload;
	/** The builder's steps for one leaf as the explainer tells them (absent: pi's seven steps). */
	explain?(entries: readonly SessionEntry[], analysis: ContextAnalysis): ExplainStep[];
	/** Label per entry id, when the format keeps labels its own way (else pi's `label` entries). */
	labels?(entries: readonly SessionEntry[]): Map<string, string>;
}

/**
 * The request a provider received at a leaf, in its own shape: the Messages API's messages for
 * Claude Code, the Responses API's input items for Codex, `convertToLlm`'s output for the pi family.
 */
export type ProviderPayload =
	| { api: "anthropic-messages"; messages: { role: "user" | "assistant"; content: unknown[] }[] }
	| { api: "openai-responses"; instructions?: string; input: unknown[] }
	| { api: "pi"; messages: Message[] };

/** How a format that claims a file by its first line reads the rest. */
export type FileClaim =
	/** Later lines are pi-shaped entries; each is stamped with the dialect (its title, if the line gave one). */
	| { readonly dialect: Dialect; readonly stamp: true; readonly title?: string }
	/** The format reads every later line itself and gives the session at the end. */
	| { readonly dialect: Dialect; readonly reader: LineReader };

/** Reads a format's lines in file order (see `FileClaim`). */
export interface LineReader {
	accept(line: Fields, lineNo: number): void;
	finish(): ReadSession;
}

/** A session as a `LineReader` read it: what the parser finishes (tree issues, checks). */
export interface ReadSession {
	header: SessionHeader;
	entries: SessionEntry[];
	lines: number[];
	issues: SessionIssue[];
	/** The leaf the agent resumes from. */
	leafId: string | null;
	version: number;
	title?: string;
	v4?: V4Extras;
}
