import {
	type CompactionInfo,
	type CompactionRule,
	type ContextAnalysis,
	type MessageOrigin,
	type MessageSource,
	type PathEntryFate,
	REGION_CODES,
	type Region,
	summarizedFates,
} from "../../context/analysis";
import { pathIndexOf, resolveLeaf, type TreeIndex } from "../../session/tree";
import type {
	AgentMessage,
	CompactionEntry,
	ContextEditEntry,
	Dialect,
	ModelRef,
	SessionEntry,
} from "../../session/types";
import { entryOfType, isEntry, isKnownEntry, messageOfFields, messageRoleOf } from "../../session/types";
import { derivedKey } from "../../util/derived";
import { fieldOf, isRecord } from "../../util/fields";

/*
 * pi's context rules (SPEC §3): the path to the leaf, the latest compaction and its rule, the
 * entries read, their messages, the settings from the whole path, context edits, and newer pi's
 * tool-result order. Every decision is recorded (`ContextAnalysis`), so the inspector, the
 * explainer and the contract functions read one answer. pi harness v4 uses the same rules.
 */

/**
 * pi's context builder for `leafId` on `path` (its path, worked out by the caller: a 2 GB session's
 * is two million parents long), recording every decision (SPEC §3). `newerRules`: pi's rules after
 * 1.6.0 (see `usesNewerPiRules`), which move each tool result after its call. O(path length).
 */
export function analyzePiContext(
	entries: readonly SessionEntry[],
	leafId: string | null | undefined,
	index: TreeIndex,
	path: number[] | Int32Array,
	rules: { dialect: Dialect; newerRules: boolean },
): ContextAnalysis {
	const leaf = resolveLeaf(index, leafId);
	const n = path.length;
	const picked = pickEntries(entries, index, path);
	const { thinkingLevel, thinkingLevelFrom, modelFrom, activeToolsFrom, k, regions, selectedMask, rule, compaction } =
		picked;
	const { order, selectedPositions } = picked;
	let model: ModelRef | null = null;
	if (modelFrom !== -1) {
		const e = entries[modelFrom];
		if (isEntry(e, "model_change")) {
			model = { provider: e.provider, modelId: e.modelId };
		} else if (isEntry(e, "message") && e.message.role === "assistant") {
			// The entry that set the model is a model change or an assistant reply (its code says so).
			model = { provider: e.message.provider, modelId: e.message.model };
		}
	}
	const selected = selectedPositions.map((p) => entries[p]);

	// Context edits among the selected entries; the last one per target wins (SPEC §3.3).
	const edits = new Map<string, ContextEditEntry>();
	for (const e of selected) {
		if (isEntry(e, "context_edit")) edits.set(e.targetId, e);
	}

	const messages: AgentMessage[] = [];
	const sources: MessageSource[] = [];
	// The summarized entries (`summarizedTo` of them, from the root) all have the same fate but
	// for their position and id: those fates are made when read (see `summarizedFates`), the
	// rest (`after`, from the kept range or the compaction on) now. Nothing selected is summarized.
	const { summarizedTo } = picked;
	const summarized = compaction ? summarizedReason(entries[compaction.position].id, rule) : "";
	const after: PathEntryFate[] = new Array(n - summarizedTo);
	for (let i = summarizedTo; i < n; i++) {
		const position = path[i];
		after[i - summarizedTo] = {
			position,
			id: entries[position].id,
			region: REGION_CODES[regions[i]],
			selected: selectedMask[i] === 1,
			messageStart: 0,
			messageCount: 0,
			reason: "",
		};
	}
	for (let j = 0; j < order.length; j++) {
		const i = order[j];
		const position = path[i];
		const entry = entries[position];
		const fate = after[i - summarizedTo];
		fate.messageStart = messages.length;
		const projected =
			j === 0 && k !== -1 && isEntry(entry, "compaction") ? projectCompaction(entry) : projectEntry(entry);
		if (isEntry(entry, "message") && isDeferredReply(entry.message)) {
			fate.dropReason = 'a deferred reply (stopReason "deferred"): not sent (newer pi drops it)';
		}
		const edit = edits.get(entry.id);
		if (edit) {
			fate.editId = edit.id;
			if (edit.replacement === null || edit.replacement === undefined) {
				fate.omitted = true;
				continue;
			}
		}
		for (const [origin, message] of projected) {
			const out = edit ? applyEdit(message, edit) : message;
			messages.push(out);
			sources.push({
				entryId: entry.id,
				position,
				origin,
				...(edit && out !== message ? { editedBy: edit.id } : {}),
			});
		}
		fate.messageCount = messages.length - fate.messageStart;
	}
	// Newer pi (and the v4 harness) move each tool result right after the call it answers.
	if (rules.newerRules) normalizeToolResults(messages, sources, after, path, summarizedTo);
	for (const fate of after) {
		fate.reason = fate.region === "summarized" ? summarized : explainFate(entries, fate, compaction, rule, edits);
		if (!fate.selected) fate.messageStart = -1;
	}
	const prefix = summarizedTo === 0 ? null : summarizedFates(entries, path, summarizedTo, summarized, after);
	const fates = prefix?.fates ?? after;

	const analysis: ContextAnalysis = {
		dialect: rules.dialect,
		leaf,
		path: [],
		rule,
		compaction,
		fates,
		selected,
		selectedPositions,
		edits,
		messages,
		sources,
		thinkingLevel,
		model,
		thinkingLevelFrom,
		modelFrom,
		activeToolsFrom,
		summarized: prefix?.prefix ?? null,
	};
	if (Array.isArray(path)) analysis.path = path;
	else pathFromColumn(analysis, path);
	return analysis;
}

/**
 * Gives `analysis` the path `positions` stand for, made as an array when first read: a lazy
 * session's path of two million entries is worked on as a typed column (see core
 * `pathColumn`), which a caller that only packs the analysis never makes into an array.
 */
export function pathFromColumn(analysis: ContextAnalysis, positions: Int32Array): void {
	let path: number[] | null = null;
	Object.defineProperty(analysis, "path", {
		enumerable: true,
		configurable: true,
		get: () => {
			if (path === null) {
				// (A loop into an array of its length: `Array.from` of a typed array, or pushing, is slower.)
				const n = positions.length;
				path = new Array(n);
				for (let i = 0; i < n; i++) path[i] = positions[i];
			}
			return path;
		},
	});
}

/** What pi's builder picks on a path (SPEC §3.1, §3.2): by entry types, roles, ids and the compaction. */
interface PickedEntries {
	thinkingLevel: string;
	thinkingLevelFrom: number;
	modelFrom: number;
	activeToolsFrom: number;
	/** Path index of the latest compaction, -1 for none. */
	k: number;
	/** The path's first this many entries are summarized (0 without a compaction). */
	summarizedTo: number;
	/** Each path entry's region as a code (`REGION_CODES`). */
	regions: Uint8Array;
	selectedMask: Uint8Array;
	rule: CompactionRule;
	compaction: CompactionInfo | null;
	/** Path indexes of the selected entries in builder order, and their positions. */
	order: number[];
	selectedPositions: number[];
}

// What the builder tells entries apart by, as one code per entry (see `entryCodes`).
const OTHER = 0;
const MESSAGE = 1;
const ASSISTANT_MESSAGE = 2;
const COMPACTION = 3;
const MODEL_CHANGE = 4;
const THINKING_LEVEL_CHANGE = 5;
const ACTIVE_TOOLS_CHANGE = 6;
const CONTEXT_EDIT = 7;

function codeOf(e: SessionEntry): number {
	switch (e.type) {
		case "active_tools_change":
			return ACTIVE_TOOLS_CHANGE;
		case "thinking_level_change":
			return THINKING_LEVEL_CHANGE;
		case "model_change":
			return MODEL_CHANGE;
		case "message":
			return messageRoleOf(e) === "assistant" ? ASSISTANT_MESSAGE : MESSAGE;
		case "compaction":
			return COMPACTION;
		case "context_edit":
			return CONTEXT_EDIT;
		default:
			return OTHER;
	}
}

const CODES = derivedKey<Uint8Array>("pi: entry codes");

/**
 * Each entry's code (type, and whether a message is the assistant's), made once per tree index
 * from its entries: the builder's passes over a path of a hundred thousand entries then read a
 * byte each, not an object scattered in the heap. A reader's skeletons carry type and role, as do
 * the whole entries read in their place, so the codes hold for its scratch copies too.
 */
function indexCodes(index: TreeIndex): Uint8Array {
	return index.derived.get(CODES, () => Uint8Array.from(index.entries, codeOf));
}

/** The codes of `entries`: the index's when they are its entries (or a copy), else made afresh (not kept). */
function codesFor(entries: readonly SessionEntry[], index: TreeIndex): { codes: Uint8Array; ofIndex: boolean } {
	return index.entries.length === entries.length
		? { codes: indexCodes(index), ofIndex: true }
		: { codes: Uint8Array.from(entries, codeOf), ofIndex: false };
}

/** The path's context edits (positions), found by their codes. */
export function contextEditsOn(entries: readonly SessionEntry[], index: TreeIndex, path: ArrayLike<number>): number[] {
	return pathMarks(path, codesFor(entries, index), index).edits.slice();
}

/**
 * `pathIndexOf` by the id map: on a path longer than its leaf every entry is the one its id
 * resolves to (a parent is found by its id), so the entry `id` names is the only one on the path
 * with it, at the path index its depth gives. Else (an id the map lacks, a path not from a root,
 * a lone entry its id does not resolve to) the path is searched.
 */
function keptIndex(
	entries: readonly SessionEntry[],
	index: TreeIndex,
	path: ArrayLike<number>,
	end: number,
	id: unknown,
): number {
	if (typeof id === "string" && index.entries.length === entries.length && path.length > 1) {
		const q = index.byId.get(id);
		if (q === undefined) return -1;
		const d = index.depth[q];
		if (d >= 0 && path[d] === q) return d < end ? d : -1;
	}
	return pathIndexOf(entries, path, end, id);
}

/**
 * What a path's codes tell (see `pathMarks`): the entries that set the settings last,
 * the latest compaction's path index, and the context edits' positions.
 */
interface PathMarks {
	codes: Uint8Array;
	thinkingLevelFrom: number;
	modelFrom: number;
	activeToolsFrom: number;
	/** Path index of the latest compaction, -1 for none. */
	k: number;
	/** Positions of the path's context edits, root first. */
	edits: number[];
}

/** The marks last worked out for a path of the index's entries (see `pathMarks`). */
const LAST_MARKS = derivedKey<{ path: ArrayLike<number> | null; marks: PathMarks | null }>("pi: last path marks");

/** The codes that are rare in a session: looked for among their entries, not along a path. */
const RARE_CODES = [COMPACTION, MODEL_CHANGE, THINKING_LEVEL_CHANGE, ACTIVE_TOOLS_CHANGE, CONTEXT_EDIT] as const;

const RARES = derivedKey<Int32Array[]>("pi: rare entry positions");

/** The positions of each rare code's entries (by code, in file order), made once per index. */
function rarePositions(index: TreeIndex): Int32Array[] {
	return index.derived.get(RARES, () => {
		const codes = indexCodes(index);
		const counts = new Int32Array(256);
		for (let p = 0; p < codes.length; p++) counts[codes[p]]++;
		const rares: Int32Array[] = [];
		for (const code of RARE_CODES) rares[code] = new Int32Array(counts[code]);
		const filled = new Int32Array(256);
		for (let p = 0; p < codes.length; p++) {
			const list = rares[codes[p]];
			if (list) list[filled[codes[p]]++] = p;
		}
		return rares;
	});
}

/**
 * The marks of `path` (by the entries' codes). The last path's are kept with the index: a
 * reader's tip asks for its context edits, then what the builder reads, then the analysis, each
 * on the same path. With the codes of `index` and a path whose indexes are its entries' depths,
 * the rare entries (compactions, settings, context edits) are each looked up on the path by their
 * depth and the model's source is found from the leaf up: a 2 GB session's tip is not a pass over
 * two million entries (23 ms in the worker). Otherwise one pass along the path.
 */
function pathMarks(
	path: ArrayLike<number>,
	{ codes, ofIndex }: { codes: Uint8Array; ofIndex: boolean },
	index: TreeIndex,
): PathMarks {
	const last = index.derived.get(LAST_MARKS, () => ({ path: null, marks: null }));
	if (ofIndex && last.path === path && last.marks) return last.marks;
	const n = path.length;
	const { depth } = index;
	const byDepth = n > 0 && ofIndex && depth[path[0]] === 0 && depth[path[n - 1]] === n - 1;
	const marks = byDepth ? marksByDepth(path, codes, index) : marksAlong(path, codes);
	if (ofIndex) {
		last.path = path;
		last.marks = marks;
	}
	return marks;
}

function marksByDepth(path: ArrayLike<number>, codes: Uint8Array, index: TreeIndex): PathMarks {
	const n = path.length;
	const { depth } = index;
	const rares = rarePositions(index);
	/** The path index of the entry at `p`, -1 when it is not on the path. */
	const onPath = (p: number) => {
		const d = depth[p];
		return d >= 0 && d < n && path[d] === p ? d : -1;
	};
	/** The path index of the last entry with `code` on the path, -1 for none. */
	const lastOf = (code: number) => {
		let best = -1;
		for (const p of rares[code]) best = Math.max(best, onPath(p));
		return best;
	};
	const at = (i: number) => (i === -1 ? -1 : path[i]);
	let modelFrom = -1;
	for (let i = n - 1; i >= 0; i--) {
		const code = codes[path[i]];
		if (code === MODEL_CHANGE || code === ASSISTANT_MESSAGE) {
			modelFrom = path[i];
			break;
		}
	}
	const edits = [...rares[CONTEXT_EDIT]].filter((p) => onPath(p) !== -1).sort((a, b) => depth[a] - depth[b]);
	return {
		codes,
		thinkingLevelFrom: at(lastOf(THINKING_LEVEL_CHANGE)),
		modelFrom,
		activeToolsFrom: at(lastOf(ACTIVE_TOOLS_CHANGE)),
		k: lastOf(COMPACTION),
		edits,
	};
}

function marksAlong(path: ArrayLike<number>, codes: Uint8Array): PathMarks {
	let thinkingLevelFrom = -1;
	let modelFrom = -1;
	let activeToolsFrom = -1;
	let k = -1;
	const edits: number[] = [];
	// (Indexed: a path of two million is iterated cold here, once per tip.)
	for (let i = 0; i < path.length; i++) {
		const p = path[i];
		switch (codes[p]) {
			case ACTIVE_TOOLS_CHANGE:
				activeToolsFrom = p;
				break;
			case THINKING_LEVEL_CHANGE:
				thinkingLevelFrom = p;
				break;
			case MODEL_CHANGE:
			case ASSISTANT_MESSAGE:
				modelFrom = p;
				break;
			case COMPACTION:
				k = i;
				break;
			case CONTEXT_EDIT:
				edits.push(p);
				break;
			default:
				break;
		}
	}
	return { codes, thinkingLevelFrom, modelFrom, activeToolsFrom, k, edits };
}

// Region codes (`REGION_CODES`) the builder writes; 0 is "summarized".
const KEPT = 1;
const CHECKPOINT = 2;
const AFTER = 3;
const WHOLE = 4;

function pickEntries(entries: readonly SessionEntry[], index: TreeIndex, path: ArrayLike<number>): PickedEntries {
	const codesOf = codesFor(entries, index);
	const { codes } = codesOf;
	const n = path.length;

	// Settings come from the whole path (SPEC §3.2). The model object is built once at the end
	// from the entry that set it last, the thinking level read from the one that set it last.
	const { thinkingLevelFrom, modelFrom, activeToolsFrom, k } = pathMarks(path, codesOf, index);
	const thinkingLevel =
		thinkingLevelFrom === -1 ? "off" : entryOfType(entries, thinkingLevelFrom, "thinking_level_change").thinkingLevel;
	// Which entries are active (SPEC §3.1).
	const regions = new Uint8Array(n);
	const selectedMask = new Uint8Array(n);
	let rule: CompactionRule = "none";
	let compaction: CompactionInfo | null = null;
	let summarizedTo = 0;
	if (k === -1) {
		regions.fill(WHOLE);
		selectedMask.fill(1);
	} else {
		const c = entryOfType(entries, path[k], "compaction");
		let keptFrom = -1;
		if (Array.isArray(c.retainedTail)) {
			rule = "retained-tail";
		} else {
			keptFrom = keptIndex(entries, index, path, k, c.firstKeptEntryId);
			rule = keptFrom === -1 ? "legacy-kept-missing" : "legacy";
		}
		compaction = {
			position: path[k],
			pathIndex: k,
			firstKeptPathIndex: keptFrom,
			tokensBefore: c.tokensBefore,
		};
		// Before the kept range (or the compaction): summarized (0, as made); the kept range; the
		// compaction; after.
		summarizedTo = keptFrom === -1 ? k : keptFrom;
		for (let i = summarizedTo; i < k; i++) {
			regions[i] = KEPT;
			selectedMask[i] = codes[path[i]] === MESSAGE && isSystemMessage(entries[path[i]]) ? 0 : 1;
		}
		regions[k] = CHECKPOINT;
		regions.fill(AFTER, k + 1);
		selectedMask.fill(1, k);
	}

	// Selected entries in builder order: the compaction first, then the kept range, then the rest
	// (nothing summarized is selected).
	const order: number[] = [];
	if (k !== -1) order.push(k);
	for (let i = summarizedTo; i < n; i++) if (i !== k && selectedMask[i]) order.push(i);
	const selectedPositions = order.map((i) => path[i]);
	return {
		thinkingLevel,
		thinkingLevelFrom,
		modelFrom,
		activeToolsFrom,
		k,
		summarizedTo,
		regions,
		selectedMask,
		rule,
		compaction,
		order,
		selectedPositions,
	};
}

/**
 * The positions pi's builder reads content from for `leafId` on `path` (the selected entries, the
 * settings' sources, the leaf and the compaction): what `analyzePiContext` would read, found
 * without building messages or fates. O(path length).
 */
export function piContextReads(
	entries: readonly SessionEntry[],
	leafId: string | null | undefined,
	index: TreeIndex,
	path: ArrayLike<number>,
): number[] {
	const leaf = resolveLeaf(index, leafId);
	const picked = pickEntries(entries, index, path);
	return [...picked.selectedPositions, ...alsoReadAt(leaf, picked)];
}

/**
 * Besides the entries it selects, the builder reads these: the leaf, the compaction in force,
 * and the entries that set the model, the thinking level and the active tools (those present).
 */
export function alsoReadAt(
	leaf: number,
	picked: Pick<ContextAnalysis, "compaction" | "modelFrom" | "thinkingLevelFrom" | "activeToolsFrom">,
): number[] {
	const { compaction, modelFrom, thinkingLevelFrom, activeToolsFrom } = picked;
	return [leaf, compaction?.position ?? -1, modelFrom, thinkingLevelFrom, activeToolsFrom].filter((p) => p >= 0);
}

/** A deferred assistant reply (newer pi, v4): kept in the file, never sent. */
export function isDeferredReply(m: unknown): boolean {
	return isRecord(m) && m.role === "assistant" && m.stopReason === "deferred";
}

const NEWER_PI_TYPES: ReadonlySet<string> = new Set(["leaf", "active_tools_change"]);
const NEWER_PI = derivedKey<boolean>("pi: newer rules");

/**
 * Whether a pi file shows it was written after pi 1.6.0 (a `leaf` or `active_tools_change`
 * entry, a deferred reply): then pi's later tool-result rule applies (v4 always has it). pi 1.6.0
 * files keep 1.6.0's output exactly (the golden fixtures). Found once per index, from its entries:
 * a scratch copy with entries read whole in place of skeletons gives the same answer, since a
 * deferred reply is never a skeleton.
 */
export function usesNewerPiRules(index: TreeIndex): boolean {
	return index.derived.get(NEWER_PI, () => index.entries.some(showsNewerPi));
}

/** Whether `e` shows a pi newer than 1.6.0 (see `usesNewerPiRules`). */
const showsNewerPi = (e: SessionEntry | undefined): boolean =>
	!!e && (NEWER_PI_TYPES.has(e.type) || (e.type === "message" && isDeferredReply(e.message)));

/**
 * What `usesNewerPiRules` finds for an index whose entries are skeletons (see core `preview`: a
 * type and a role) but for those in `whole`, from the skeletons' types rather than entry by entry.
 */
export function noteNewerPiRules(
	index: TreeIndex,
	types: readonly { type: string }[],
	whole: readonly SessionEntry[],
): void {
	index.derived.set(NEWER_PI, types.some(({ type }) => NEWER_PI_TYPES.has(type)) || whole.some(showsNewerPi));
}

/**
 * Moves every tool result right after the assistant message holding its call (results in their
 * order), and drops results whose call is not in the context; fates and sources follow.
 */
function normalizeToolResults(
	messages: AgentMessage[],
	sources: MessageSource[],
	/** The fates of the path from `from` on (those before are summarized: no messages). */
	fates: PathEntryFate[],
	path: ArrayLike<number>,
	from: number,
): void {
	const callAt = new Map<string, number>();
	messages.forEach((m, i) => {
		if (m.role !== "assistant" || !Array.isArray(m.content)) return;
		for (const b of m.content) if (b && b.type === "toolCall" && typeof b.id === "string") callAt.set(b.id, i);
	});
	const resultsAfter = new Map<number, number[]>();
	const dropped = new Set<number>();
	let moved = false;
	messages.forEach((m, i) => {
		if (m.role !== "toolResult") return;
		const at = callAt.get(m.toolCallId);
		if (at === undefined || at > i) {
			dropped.add(i);
			return;
		}
		const list = resultsAfter.get(at);
		if (list) list.push(i);
		else resultsAfter.set(at, [i]);
	});
	const order: number[] = [];
	for (let i = 0; i < messages.length; i++) {
		if (messages[i].role === "toolResult") continue;
		order.push(i);
		for (const r of resultsAfter.get(i) ?? []) order.push(r);
	}
	for (let j = 0; j < order.length; j++) if (order[j] !== j) moved = true;
	if (!moved && dropped.size === 0) return;
	const m2 = order.map((i) => messages[i]);
	const s2 = order.map((i) => sources[i]);
	const droppedPositions = new Set([...dropped].map((i) => sources[i].position));
	messages.length = 0;
	sources.length = 0;
	messages.push(...m2);
	sources.push(...s2);
	// Fates: where each entry's messages now start, and how many remain.
	const pathIndex = new Map<number, number>();
	for (let i = from; i < path.length; i++) pathIndex.set(path[i], i - from);
	for (const f of fates) {
		if (f.selected) f.messageCount = 0;
	}
	sources.forEach((src, i) => {
		const fate = fates[pathIndex.get(src.position) ?? -1];
		if (!fate) return;
		if (fate.messageCount === 0) fate.messageStart = i;
		fate.messageCount++;
	});
	for (const p of droppedPositions) {
		const fate = fates[pathIndex.get(p) ?? -1];
		if (fate && fate.messageCount === 0)
			fate.dropReason = "a tool result whose call is not in the context: dropped (newer pi)";
	}
}

function isSystemMessage(entry: SessionEntry): boolean {
	return messageRoleOf(entry) === "system";
}

/** `new Date(iso).getTime()`, as pi stamps synthesized messages. */
function entryTime(entry: SessionEntry): number {
	return new Date(entry.timestamp).getTime();
}

/** A stored message as pi reads it: null/missing content becomes `[]` (or `""` for system). */
export function normalizeMessage(message: AgentMessage): AgentMessage {
	const content = fieldOf(message, "content");
	if (content !== null && content !== undefined) return message;
	switch (message.role) {
		case "user":
		case "assistant":
		case "toolResult":
			return { ...message, content: [] };
		case "system":
			return { ...message, content: "" };
		default:
			return message;
	}
}

type Projected = [MessageOrigin, AgentMessage][];

function projectCompaction(c: CompactionEntry): Projected {
	const out: Projected = [];
	const sys = c.systemMessage;
	if (typeof sys === "string") {
		out.push(["compaction-system", { role: "system", content: sys, timestamp: entryTime(c) }]);
	} else if (sys && typeof sys === "object") {
		out.push(["compaction-system", normalizeMessage(sys)]);
	}
	out.push([
		"compaction-summary",
		{ role: "compactionSummary", summary: c.summary, tokensBefore: c.tokensBefore, timestamp: entryTime(c) },
	]);
	if (Array.isArray(c.retainedTail)) {
		for (const m of c.retainedTail) {
			if (m && typeof m === "object") out.push(["retained-tail", normalizeMessage(m)]);
		}
	}
	return out;
}

function projectEntry(entry: SessionEntry): Projected {
	if (!isKnownEntry(entry)) return [];
	switch (entry.type) {
		case "message":
			if (!entry.message || typeof entry.message !== "object" || isDeferredReply(entry.message)) return [];
			return [["message", normalizeMessage(entry.message)]];
		case "custom_message":
			return [
				[
					"custom-message",
					{
						role: "custom",
						customType: entry.customType,
						content: entry.content ?? [],
						display: entry.display,
						details: entry.details,
						timestamp: entryTime(entry),
					},
				],
			];
		case "branch_summary":
			return entry.summary
				? [
						[
							"branch-summary",
							{ role: "branchSummary", summary: entry.summary, fromId: entry.fromId, timestamp: entryTime(entry) },
						],
					]
				: [];
		case "compaction":
		case "custom":
		case "context_edit":
		case "model_change":
		case "thinking_level_change":
		case "label":
		case "session_info":
		case "usage":
		case "leaf":
		case "active_tools_change":
		case "reset_boundary":
		case "mode_change":
		case "title_change":
		case "model_usage":
		case "service_tier_change":
		case "ttsr_injection":
		case "credential_pin":
		case "session_init":
			return [];
		default: {
			const never: never = entry;
			return never;
		}
	}
}

function applyEdit(message: AgentMessage, edit: ContextEditEntry): AgentMessage {
	// Called once `edit` is known to replace (its replacement is not null). Its content is any
	// content, put where the message's own was: the message types cannot say so.
	const content = edit.replacement?.content;
	switch (message.role) {
		case "user":
		case "custom":
			return messageOfFields({ ...message, content });
		case "assistant":
		case "toolResult": {
			const blocks = typeof content === "string" ? [{ type: "text" as const, text: content }] : content;
			return messageOfFields({ ...message, content: blocks });
		}
		default:
			return message;
	}
}

function summarizedReason(cid: string, rule: CompactionRule): string {
	return rule === "legacy-kept-missing"
		? `Before compaction ${cid}, whose firstKeptEntryId is not on this path: dropped (pi keeps nothing before it)`
		: rule === "retained-tail"
			? `Before compaction ${cid}, a self-contained checkpoint: replaced by its summary and retained tail`
			: `Before the kept range of compaction ${cid}: replaced by its summary`;
}

/** The reason of most entries that send a message, by region (one shared string each). */
const SENT_AS_MESSAGE: { readonly [R in Region]?: string } = {
	whole: "On the path; sent as a message",
	kept: "In the kept range; sent as a message",
	after: "After the compaction; sent as a message",
};

function explainFate(
	entries: readonly SessionEntry[],
	fate: PathEntryFate,
	compaction: CompactionInfo | null,
	rule: CompactionRule,
	edits: Map<string, ContextEditEntry>,
): string {
	const entry = entries[fate.position];
	switch (fate.region) {
		case "summarized":
			return summarizedReason(compaction ? entries[compaction.position].id : "", rule);
		case "checkpoint": {
			const tail =
				isEntry(entry, "compaction") && Array.isArray(entry.retainedTail)
					? ` and ${entry.retainedTail.length} retained-tail message(s)`
					: "";
			return `Latest compaction on the path: contributes its summary${tail}${fate.omitted ? ", but a context edit omits it" : ""}`;
		}
		default:
			break;
	}
	const where =
		fate.region === "kept" ? "In the kept range" : fate.region === "after" ? "After the compaction" : "On the path";
	if (!fate.selected) return `${where}, but a system message in a legacy kept range is skipped`;
	if (fate.dropReason) return `${where}; ${fate.dropReason}`;
	if (fate.omitted) return `${where}; omitted by context edit ${fate.editId}`;
	if (fate.messageCount > 0) {
		return fate.editId
			? `${where}; content replaced by context edit ${fate.editId}`
			: (SENT_AS_MESSAGE[fate.region] ?? `${where}; sent as a message`);
	}
	if (!isKnownEntry(entry)) return `${where}; unknown entry type "${String(entry.type)}": no message`;
	switch (entry.type) {
		case "compaction":
			return `${where}; an older compaction: contributes nothing (only the latest counts)`;
		case "model_change":
		case "thinking_level_change":
			return `${where}; a setting: no message (settings are read from the whole path)`;
		case "context_edit": {
			const applies = edits.get(entry.targetId) === entry;
			return applies
				? `${where}; a context edit ${entry.replacement === null ? "omitting" : "replacing"} ${entry.targetId}`
				: `${where}; a context edit of ${entry.targetId}, overridden by a later edit`;
		}
		case "branch_summary":
			return `${where}; an empty branch summary: no message`;
		case "label":
			return `${where}; a label: no message`;
		case "session_info":
			return `${where}; session name: no message`;
		case "custom":
			return `${where}; extension state (custom): no message`;
		case "usage":
			return `${where}; usage record: no message`;
		case "message":
			return isDeferredReply(entry.message)
				? `${where}; a deferred reply (stopReason "deferred"): not sent (newer pi drops it)`
				: `${where}; no message`;
		case "custom_message":
			return `${where}; no message`;
		case "leaf":
			return `${where}; moves the current leaf to ${String(entry.targetId)}: no message`;
		case "active_tools_change":
			return `${where}; a setting (active tools): no message (settings are read from the whole path)`;
		case "reset_boundary":
		case "mode_change":
		case "title_change":
		case "model_usage":
		case "service_tier_change":
		case "ttsr_injection":
		case "credential_pin":
		case "session_init":
			return `${where}; an oh-my-pi ${entry.type} entry: no message`;
		default: {
			const never: never = entry;
			return never;
		}
	}
}
