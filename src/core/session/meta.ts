import { dialectOf, rulesOf } from "../dialects/index";
import { isRecord } from "../util/fields";
import { buildTreeIndex, type TreeIndex } from "./tree";
import { isEntry, type SessionEntry } from "./types";
import { UsageCollector, type UsageSummary } from "./usage";

/**
 * Current label per target entry: the latest `label` entry in file order wins; a label entry
 * without a label clears it.
 */
export function getLabels(entries: readonly SessionEntry[], index?: TreeIndex): Map<string, string> {
	const own = rulesOf(dialectOf(entries, index)).labels;
	if (own) return own(entries);
	const labels = new Map<string, string>();
	for (const e of entries) {
		if (e.type !== "label") continue;
		const { targetId, label } = e;
		if (typeof targetId !== "string") continue;
		if (typeof label === "string" && label !== "") labels.set(targetId, label);
		else labels.delete(targetId);
	}
	return labels;
}

/** The session's display name: the latest `session_info` entry with a name, else undefined. */
export function getSessionName(entries: readonly SessionEntry[]): string | undefined {
	for (let i = entries.length - 1; i >= 0; i--) {
		const e = entries[i];
		if (e.type !== "session_info") continue;
		const name = e.name;
		if (typeof name === "string" && name.trim() !== "") return name.trim();
	}
	return undefined;
}

/** Plain text of a message's content (text blocks only), for previews and search. */
export function contentText(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	let out = "";
	for (const block of content) {
		if (isRecord(block) && block.type === "text") {
			const t = block.text;
			if (typeof t === "string") out += out ? `\n${t}` : t;
		}
	}
	return out;
}

/** The first user message's text in file order, for naming sessions without `session_info`. */
export function getFirstUserText(entries: readonly SessionEntry[]): string | undefined {
	for (const e of entries) {
		if (e.type !== "message") continue;
		const m = e.message;
		if (isRecord(m) && m.role === "user") {
			const text = contentText(m.content).trim();
			if (text) return text;
		}
	}
	return undefined;
}

/**
 * What a session's library entry says of its entries, worked out where they are held (a worker
 * holding a large file reads the few it needs whole; the page holds skeletons): the first
 * `entries` of them described.
 */
export interface EntriesDescription {
	entries: number;
	/** `getSessionName` of them. */
	name?: string;
	/** `getFirstUserText` of them. */
	firstUserText?: string;
	compactions: number;
	firstTimestamp?: unknown;
	lastTimestamp?: unknown;
	/** What the replies recorded (tokens, cost) by day, provider and model. */
	usage?: UsageSummary;
}

/**
 * `described` (of the first entries) with the entries after them (`added`, whole) taken in:
 * what the description of all of them would say.
 */
export function describeFurther(
	described: EntriesDescription | null,
	added: readonly SessionEntry[],
): EntriesDescription {
	let compactions = described?.compactions ?? 0;
	for (const e of added) if (e.type === "compaction") compactions++;
	const name = getSessionName(added) ?? described?.name;
	const firstUserText = described?.firstUserText ?? getFirstUserText(added);
	const firstTimestamp = described && described.entries > 0 ? described.firstTimestamp : added[0]?.timestamp;
	const lastTimestamp = added.length > 0 ? added[added.length - 1].timestamp : described?.lastTimestamp;
	const usage = new UsageCollector(described?.usage);
	for (const e of added) usage.add(e);
	return {
		entries: (described?.entries ?? 0) + added.length,
		...(name !== undefined ? { name } : {}),
		...(firstUserText !== undefined ? { firstUserText } : {}),
		compactions,
		...(firstTimestamp !== undefined ? { firstTimestamp } : {}),
		...(lastTimestamp !== undefined ? { lastTimestamp } : {}),
		usage: usage.summary(),
	};
}

export interface SessionStats {
	entries: number;
	messagesByRole: Record<string, number>;
	toolCalls: number;
	/** Sums over assistant `usage`. */
	tokens: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
	cost: number;
	/** `provider/model` of assistant messages and model changes, in first-seen order. */
	models: string[];
	leaves: number;
	branchPoints: number;
	compactions: number;
	branchSummaries: number;
	maxDepth: number;
}

function num(v: unknown): number {
	return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

/** Counts and sums over the whole file (every branch). */
export function getSessionStats(
	entries: readonly SessionEntry[],
	index: TreeIndex = buildTreeIndex(entries),
): SessionStats {
	// No prototype: a role named "constructor" or "__proto__" (untrusted input) is just a key.
	const messagesByRole: Record<string, number> = Object.create(null);
	const tokens = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
	const models = new Set<string>();
	let toolCalls = 0;
	let cost = 0;
	let compactions = 0;
	let branchSummaries = 0;
	for (const e of entries) {
		if (e.type === "compaction") compactions++;
		else if (e.type === "branch_summary") branchSummaries++;
		else if (e.type === "model_change") {
			const { provider, modelId } = e;
			models.add(`${String(provider)}/${String(modelId)}`);
		} else if (isEntry(e, "message")) {
			// Typed as the file should hold it; checked as what it may hold.
			const m = e.message;
			if (!m || typeof m !== "object") continue;
			const role = String(m.role);
			messagesByRole[role] = (messagesByRole[role] ?? 0) + 1;
			if (m.role !== "assistant") continue;
			const a = m;
			if (a.provider || a.model) models.add(`${String(a.provider)}/${String(a.model)}`);
			if (Array.isArray(a.content)) {
				for (const b of a.content) if (b && b.type === "toolCall") toolCalls++;
			}
			const u = a.usage;
			if (u && typeof u === "object") {
				tokens.input += num(u.input);
				tokens.output += num(u.output);
				tokens.cacheRead += num(u.cacheRead);
				tokens.cacheWrite += num(u.cacheWrite);
				tokens.total += num(u.totalTokens) || num(u.input) + num(u.output) + num(u.cacheRead) + num(u.cacheWrite);
				cost += num(u.cost?.total);
			}
		}
	}
	let maxDepth = 0;
	for (const l of index.leaves) if (index.depth[l] > maxDepth) maxDepth = index.depth[l];
	return {
		entries: entries.length,
		messagesByRole,
		toolCalls,
		tokens,
		cost,
		models: [...models],
		leaves: index.leaves.length,
		branchPoints: index.branchPoints.length,
		compactions,
		branchSummaries,
		maxDepth,
	};
}
