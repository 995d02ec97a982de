import { dialectOf, rulesOf } from "../dialects/index";
import { stringField } from "../util/fields";
import type { TreeIndex } from "./tree";
import type { SessionEntry, SessionIssue, Severity } from "./types";

/**
 * Every issue code the core reports (parse, migrate, tree and the checks below), with its
 * severity and what it means. Codes are stable: the UI and outside checks key on them.
 */
export const ISSUE_CODES: Readonly<Record<string, { severity: Severity; summary: string }>> = {
	// parse.ts: lines and header
	"malformed-json": { severity: "error", summary: "A line is not valid JSON; it is skipped, the rest is kept" },
	"truncated-line": { severity: "error", summary: "The last line is incomplete (a truncated file?); it is skipped" },
	"not-an-object": { severity: "error", summary: "A line is JSON but not an object; it is skipped" },
	"blank-lines": { severity: "info", summary: "Blank lines were skipped" },
	"missing-header": { severity: "warning", summary: "No session header line; loaded anyway" },
	"duplicate-header": { severity: "warning", summary: "A second session header was ignored" },
	"header-not-first": { severity: "warning", summary: "The session header is not on line 1" },
	"header-missing-id": { severity: "warning", summary: "The session header has no id" },
	"unknown-version": { severity: "warning", summary: "The header declares a version this explorer does not know" },
	"too-many-issues": { severity: "warning", summary: "More issues of one code than are listed" },
	// the worker that holds a session
	"checks-skipped": { severity: "info", summary: "The checks that read every entry could not run on this file" },
	// v4.ts: pi's harness v4 lines
	"harness-experimental": { severity: "info", summary: "A pi harness v4 file: experimental, opened read-only" },
	"harness-bad-line": { severity: "error", summary: "A v4 line the harness would reject; skipped" },
	"harness-seq-gap": { severity: "warning", summary: "A v4 line's seq is not the previous one + 1" },
	"harness-lane-mismatch": { severity: "warning", summary: "A v4 entry's parentId is not its lane's leaf" },
	// workers/readSession.ts: the file's bytes
	"invalid-encoding": { severity: "warning", summary: "The file is not valid UTF-8; bad bytes were read as U+FFFD" },
	"no-entries": { severity: "info", summary: "The file has a session header but no entries" },
	// parse.ts: entries
	"missing-type": { severity: "error", summary: "An entry has no string type" },
	"unknown-entry-type": { severity: "warning", summary: "An entry type pi does not define: kept, never sent" },
	"unknown-role": { severity: "warning", summary: "A message role pi does not define" },
	"missing-message": { severity: "warning", summary: "A message entry without a message object" },
	"missing-id": { severity: "error", summary: "An entry without an id; shown under a synthetic line-N id" },
	"missing-parent-id": { severity: "warning", summary: "An entry without parentId; treated as a root" },
	"bad-parent-id": { severity: "error", summary: "parentId is neither a string nor null; treated as a root" },
	// migrate.ts
	migrated: { severity: "info", summary: "An older format was migrated on load, as pi does" },
	"bad-first-kept-index": { severity: "warning", summary: "A v1 compaction's firstKeptEntryIndex names no entry" },
	// tree.ts
	"duplicate-id": { severity: "warning", summary: "An id is used twice; the later entry wins look-ups" },
	orphan: { severity: "warning", summary: "parentId names no entry; the entry starts its own root" },
	cycle: { severity: "error", summary: "parentId links form a cycle; broken at its earliest entry" },
	"several-roots": { severity: "info", summary: "The session is a forest (reset leaf, orphans or broken cycles)" },
	// diagnostics.ts
	"first-kept-missing": {
		severity: "warning",
		summary: "A legacy compaction's firstKeptEntryId is absent or names no entry: pi keeps nothing before it",
	},
	"first-kept-off-path": {
		severity: "warning",
		summary: "A legacy compaction's firstKeptEntryId is not on its own path: pi keeps nothing before it",
	},
	"first-kept-self": {
		severity: "info",
		summary: "A legacy compaction's firstKeptEntryId names itself: it keeps nothing before it",
	},
	"bad-retained-tail": {
		severity: "warning",
		summary: "retainedTail is present but not an array (read as legacy), or holds non-messages (skipped)",
	},
	"label-target-missing": { severity: "warning", summary: "A label's targetId names no entry" },
	"edit-target-missing": { severity: "warning", summary: "A context edit's targetId names no entry" },
	"edit-target-off-path": {
		severity: "warning",
		summary: "A context edit's target is on another branch: the edit never applies",
	},
	"edit-target-later": {
		severity: "info",
		summary: "A context edit's target comes after it: the edit applies only on branches through the target",
	},
	"tool-result-unmatched": { severity: "warning", summary: "A tool result answers no tool call on its path" },
	"tool-result-duplicate": {
		severity: "warning",
		summary: "A tool result answers a call already answered, or closed by a later assistant message",
	},
	"tool-call-unanswered": {
		severity: "warning",
		summary: "A tool call gets no result before the next assistant message or the end of the branch",
	},
	"missing-field": { severity: "warning", summary: "An entry or message lacks a field its type requires" },
	"bad-timestamp": { severity: "warning", summary: "An entry timestamp is not a valid ISO date" },
	"bad-message-timestamp": { severity: "warning", summary: "A message timestamp is not a number (Unix ms)" },
	"branch-from-missing": { severity: "warning", summary: "A branch summary's fromId names no entry" },
};

/** Per-code cap, as in parse.ts, so a broken 100k-entry file cannot flood memory. */
const MAX_ISSUES_PER_CODE = 1000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

type Fields = Record<string, unknown>;

/** 2-digit field at `at` of an ASCII date string, -1 when not digits. */
function two(s: string, at: number): number {
	const a = s.charCodeAt(at) - 48;
	const b = s.charCodeAt(at + 1) - 48;
	return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * Whether `value` is an ISO date string that parses. The common `toISOString()` shape is checked
 * by hand (this runs once per entry on 100k-entry files); anything else goes through the regex
 * and `Date.parse`.
 */
function isIsoDate(value: unknown): boolean {
	if (typeof value !== "string") return false;
	if (value.length === 24 && value.charCodeAt(23) === 90 /* Z */) {
		const month = two(value, 5);
		const day = two(value, 8);
		if (
			two(value, 0) >= 0 &&
			two(value, 2) >= 0 &&
			value[4] === "-" &&
			value[7] === "-" &&
			value[10] === "T" &&
			value[13] === ":" &&
			value[16] === ":" &&
			value[19] === "." &&
			month >= 1 &&
			month <= 12 &&
			day >= 1 &&
			day <= 28 &&
			two(value, 11) >= 0 &&
			two(value, 11) < 24 &&
			two(value, 14) >= 0 &&
			two(value, 14) < 60 &&
			two(value, 17) >= 0 &&
			two(value, 17) < 60 &&
			two(value, 20) >= 0 &&
			value.charCodeAt(22) >= 48 &&
			value.charCodeAt(22) <= 57
		) {
			return true;
		}
	}
	return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

/** Which fields each known entry type requires, and of which JSON type. */
const ENTRY_FIELDS = new Map<string, [string, "string" | "number" | "object"][]>(
	Object.entries({
		compaction: [
			["summary", "string"],
			["tokensBefore", "number"],
		],
		branch_summary: [
			["fromId", "string"],
			["summary", "string"],
		],
		custom_message: [["customType", "string"]],
		custom: [["customType", "string"]],
		context_edit: [["targetId", "string"]],
		model_change: [
			["provider", "string"],
			["modelId", "string"],
		],
		thinking_level_change: [["thinkingLevel", "string"]],
		label: [["targetId", "string"]],
		usage: [
			["kind", "string"],
			["provider", "string"],
			["model", "string"],
			["usage", "object"],
		],
	} satisfies Record<string, [string, "string" | "number" | "object"][]>),
);

const MESSAGE_FIELDS = new Map<string, [string, "string" | "number"][]>(
	Object.entries({
		assistant: [
			["provider", "string"],
			["model", "string"],
		],
		toolResult: [
			["toolCallId", "string"],
			["toolName", "string"],
		],
		bashExecution: [
			["command", "string"],
			["output", "string"],
		],
		custom: [["customType", "string"]],
		branchSummary: [["summary", "string"]],
		compactionSummary: [
			["summary", "string"],
			["tokensBefore", "number"],
		],
	} satisfies Record<string, [string, "string" | "number"][]>),
);

/** What `content` may hold per role (null/undefined are normalised by the builder). */
const CONTENT_SHAPES = new Map<string, "string-or-array" | "array">([
	["user", "string-or-array"],
	["assistant", "array"],
	["toolResult", "string-or-array"],
	["custom", "string-or-array"],
	["system", "string-or-array"],
]);

function describeJson(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function isObject(value: unknown): value is Fields {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function withProblem(problems: string[] | null, problem: string): string[] {
	const list = problems ?? [];
	list.push(problem);
	return list;
}

/** The required fields `obj` lacks or has with the wrong type; null when none (the common case, no allocation). */
function fieldProblems(obj: Fields, fields: readonly [string, string][]): string[] | null {
	let problems: string[] | null = null;
	for (let k = 0; k < fields.length; k++) {
		const name = fields[k][0];
		const type = fields[k][1];
		const value = obj[name];
		const ok =
			type === "object" ? isObject(value) : typeof value === type && (type !== "number" || !Number.isNaN(value));
		if (ok) continue;
		problems = withProblem(
			problems,
			value === undefined ? `\`${name}\`` : `\`${name}\` (${describeJson(value)}, not a ${type})`,
		);
	}
	return problems;
}

/**
 * What an issue code means, or undefined for a code the core does not report. Codes read back
 * from storage or a file are untrusted: `constructor` must not find `Object.prototype`'s.
 */
export function issueCodeInfo(code: string): { severity: Severity; summary: string } | undefined {
	return Object.hasOwn(ISSUE_CODES, code) ? ISSUE_CODES[code] : undefined;
}

/**
 * Checks a parsed, migrated session for problems pi would not report: broken links (compaction
 * kept ranges, labels, context edits, branch summaries), tool calls and results that do not pair
 * up along a path, missing required fields and unparseable timestamps. Pure and O(n): one pass
 * over the entries and one iterative depth-first walk of the tree that keeps the open tool calls
 * of the current path in a map, undone on backtrack. Appends to `out` (and returns it); issues
 * already in `out` are consulted so the same problem is not reported twice.
 */
export function collectDiagnostics(
	entries: readonly SessionEntry[],
	index: TreeIndex,
	lines: readonly number[],
	out: SessionIssue[] = [],
): SessionIssue[] {
	const steps = diagnosticSteps(entries, index, lines, out);
	for (;;) {
		const step = steps.next();
		if (step.done) return step.value;
	}
}

/** Entries (or tree nodes walked) between two pauses of `diagnosticSteps`: a millisecond or so. */
const STEP_MASK = 4095;

/**
 * `collectDiagnostics` in steps: the generator pauses (yields) every few thousand entries, so a
 * caller can let other work run in between; it returns what `collectDiagnostics` returns.
 */
export function* diagnosticSteps(
	entries: readonly SessionEntry[],
	index: TreeIndex,
	lines: readonly number[],
	out: SessionIssue[] = [],
): Generator<void, SessionIssue[], void> {
	const dialect = dialectOf(entries, index);
	// Another agent's lines mapped to entries are checked as that agent's reader reads them.
	if (rulesOf(dialect).agentLines) return out;
	const n = entries.length;
	const found: SessionIssue[] = [];
	const counts = new Map<string, number>();
	const report: Report = (code, position, message) => {
		const count = (counts.get(code) ?? 0) + 1;
		counts.set(code, count);
		if (count > MAX_ISSUES_PER_CODE) return;
		const entryId = stringField(entries[position], "id");
		const issue: SessionIssue = { severity: ISSUE_CODES[code].severity, code, message };
		if (lines[position] !== undefined) issue.line = lines[position];
		if (entryId !== undefined) issue.entryId = entryId;
		found.push(issue);
	};

	const badIndex = new Set<string>();
	for (const issue of out) if (issue.code === "bad-first-kept-index" && issue.entryId) badIndex.add(issue.entryId);

	const fieldsOf = dialect === "oh-my-pi" ? ompFields : piFields;
	for (let i = 0; i < n; i++) {
		checkEntry(entries[i], i, index, report, fieldsOf);
		if ((i & STEP_MASK) === STEP_MASK) yield;
	}
	yield* walkPaths(entries, index, badIndex, report);

	found.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
	for (const issue of found) out.push(issue);
	for (const [code, count] of counts) {
		if (count > MAX_ISSUES_PER_CODE) {
			out.push({
				severity: "warning",
				code: "too-many-issues",
				message: `${count - MAX_ISSUES_PER_CODE} more "${code}" issues not listed`,
			});
		}
	}
	return out;
}

type Report = (code: string, position: number, message: string) => void;

type FieldsOf = (type: string) => readonly [string, "string" | "number" | "object"][] | undefined;

const piFields: FieldsOf = (type) => ENTRY_FIELDS.get(type);

/** oh-my-pi's own shapes: `model_change {model, role?}`, a thinking level that may be null. */
const OMP_FIELDS = new Map<string, [string, "string" | "number" | "object"][]>([
	["model_change", [["model", "string"]]],
	["thinking_level_change", []],
]);
const ompFields: FieldsOf = (type) => OMP_FIELDS.get(type) ?? ENTRY_FIELDS.get(type);

/** Checks that need only the entry itself and id look-ups. */
function checkEntry(entry: SessionEntry, i: number, index: TreeIndex, report: Report, fieldsOf: FieldsOf): void {
	const e: unknown = entry;
	if (!isObject(e)) return;
	const ts = e.timestamp;
	// oh-my-pi may stamp a custom_message with its caller's message time (Unix ms).
	const ompMessageTime = fieldsOf === ompFields && e.type === "custom_message" && Number.isFinite(ts);
	if (!isIsoDate(ts) && !ompMessageTime) {
		report("bad-timestamp", i, `Entry timestamp ${clip(ts)} is not an ISO date`);
	}
	const type = e.type;
	if (typeof type !== "string") return;
	const fields = fieldsOf(type);
	if (fields) {
		let problems = fieldProblems(e, fields);
		if (type === "context_edit") {
			const r = e.replacement;
			if (r === undefined) problems = withProblem(problems, "`replacement` (null to omit, or {content})");
			else if (r !== null && !(isObject(r) && r.content !== undefined))
				problems = withProblem(problems, "`replacement.content`");
		}
		if (problems) report("missing-field", i, `${type} entry without ${problems.join(", ")}`);
	}
	switch (type) {
		case "message":
			if (isObject(e.message)) checkMessage(e.message, i, "", report);
			break;
		case "compaction": {
			const tail = e.retainedTail;
			if (tail !== undefined && !Array.isArray(tail)) {
				report(
					"bad-retained-tail",
					i,
					`retainedTail is ${describeJson(tail)}, not an array: read as a legacy compaction`,
				);
			} else if (Array.isArray(tail)) {
				let bad = 0;
				for (let k = 0; k < tail.length; k++) {
					const m = tail[k];
					if (isObject(m)) checkMessage(m, i, ` in retainedTail[${k}]`, report);
					else bad++;
				}
				if (bad > 0) report("bad-retained-tail", i, `${bad} retainedTail item(s) are not message objects: skipped`);
			}
			break;
		}
		case "label":
			if (typeof e.targetId === "string" && !index.byId.has(e.targetId)) {
				report("label-target-missing", i, `Label targets ${clip(e.targetId)}, which is not in the file`);
			}
			break;
		case "context_edit":
			if (typeof e.targetId === "string" && !index.byId.has(e.targetId)) {
				report("edit-target-missing", i, `Context edit targets ${clip(e.targetId)}, which is not in the file`);
			}
			break;
		case "branch_summary":
			// pi writes fromId "root" for a summary appended before the first entry.
			if (typeof e.fromId === "string" && e.fromId !== "root" && !index.byId.has(e.fromId)) {
				report("branch-from-missing", i, `Branch summary fromId ${clip(e.fromId)} is not in the file`);
			}
			break;
		default:
			break;
	}
}

function checkMessage(m: Fields, i: number, where: string, report: Report): void {
	const role = m.role;
	if (typeof role !== "string") return;
	const fields = MESSAGE_FIELDS.get(role);
	let problems = fields ? fieldProblems(m, fields) : null;
	const shape = CONTENT_SHAPES.get(role);
	const content = m.content;
	if (shape && content !== null && content !== undefined) {
		const ok = Array.isArray(content) || (shape === "string-or-array" && typeof content === "string");
		if (!ok)
			problems = withProblem(
				problems,
				`\`content\` (${describeJson(content)}, not ${shape === "array" ? "an array" : "text or blocks"})`,
			);
	}
	if (problems) report("missing-field", i, `${role} message${where} without ${problems.join(", ")}`);
	if (!CONTENT_SHAPES.has(role) && !MESSAGE_FIELDS.has(role)) return; // unknown role: parse reports it
	const ts = m.timestamp;
	if (role === "system" && ts === undefined) return;
	if (typeof ts !== "number" || !Number.isFinite(ts)) {
		report("bad-message-timestamp", i, `${role} message${where} timestamp ${clip(ts)} is not a number (Unix ms)`);
	}
}

function clip(value: unknown): string {
	const text =
		typeof value === "string"
			? JSON.stringify(value)
			: value === undefined
				? "(missing)"
				: String(JSON.stringify(value));
	return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** Records the tool calls `m` makes (when it is an assistant message) as made at `pos`. */
function addCallSites(sites: Map<string, number[]>, m: unknown, pos: number): void {
	if (!isObject(m) || m.role !== "assistant" || !Array.isArray(m.content)) return;
	for (const block of m.content) {
		if (!isObject(block) || block.type !== "toolCall" || typeof block.id !== "string") continue;
		const list = sites.get(block.id);
		if (!list) sites.set(block.id, [pos]);
		else if (list[list.length - 1] !== pos) list.push(pos);
	}
}

/**
 * The path checks: one iterative DFS over the live tree. `onPath` marks the ancestors of the
 * entry being entered; `open` maps tool call ids to the assistant entry that made them. A change
 * to the maps is logged so leaving an entry restores its parent's state, but only while some
 * entry on the path still has children to visit: below the last child of every branch point
 * nothing is walked again after it, so the long main path of a session costs no undo log.
 */
/** A tool call (`id`, made by `opener`) that goes unanswered below entry `at`. */
interface Miss {
	opener: number;
	id: string;
	at: number;
	why: string;
}

/** Tips listed per branch in a message before "and N more". */
const TIPS_LISTED = 2;

/**
 * One issue per assistant message whose calls go unanswered, naming each branch (by its tips) on
 * which they do: a call answered on one branch and not on a sibling says which one.
 */
function reportMisses(
	entries: readonly SessionEntry[],
	index: TreeIndex,
	pre: Int32Array,
	misses: readonly Miss[],
	report: Report,
): void {
	// Tips below every entry (the first few, and how many), children before parents.
	const n = entries.length;
	const byPre: number[] = [];
	for (let i = 0; i < n; i++) if (pre[i] >= 0) byPre.push(i);
	byPre.sort((a, b) => pre[a] - pre[b]);
	const tipCount = new Int32Array(n);
	const tips: number[][] = new Array(n);
	for (let k = byPre.length - 1; k >= 0; k--) {
		const node = byPre[k];
		const kids = index.children.count(node);
		if (kids === 0) {
			tipCount[node] = 1;
			tips[node] = [node];
			continue;
		}
		let count = 0;
		const list: number[] = [];
		for (let k = 0; k < kids; k++) {
			const kid = index.children.at(node, k);
			count += tipCount[kid];
			for (const t of tips[kid] ?? []) if (list.length < TIPS_LISTED) list.push(t);
		}
		tipCount[node] = count;
		tips[node] = list;
	}
	const branchText = (at: number, why: string) => {
		if (index.children.count(at) === 0) return why;
		const names = (tips[at] ?? []).map((t) => entries[t].id);
		const more = tipCount[at] - names.length;
		const list = `${names.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
		return `${why}, on the ${tipCount[at] === 1 ? "branch to tip" : "branches to tips"} ${list}`;
	};
	const byOpener = new Map<number, Map<number, { why: string; ids: string[] }>>();
	for (const m of misses) {
		let ats = byOpener.get(m.opener);
		if (!ats) {
			ats = new Map();
			byOpener.set(m.opener, ats);
		}
		const at = ats.get(m.at);
		if (at) at.ids.push(m.id);
		else ats.set(m.at, { why: m.why, ids: [m.id] });
	}
	const openers = [...byOpener].sort((a, b) => a[0] - b[0]);
	for (const [opener, atsOf] of openers) {
		const ats = [...atsOf];
		const allIds = [...new Set(ats.flatMap(([, a]) => a.ids))].sort();
		const list = allIds.map(clip).join(", ");
		const head = allIds.length === 1 ? `Tool call ${list} gets no result` : `Tool calls ${list} get no result`;
		if (ats.length === 1) {
			const [at, a] = ats[0];
			report("tool-call-unanswered", opener, `${head} ${branchText(at, a.why)}`);
			continue;
		}
		const same = ats.every(([, a]) => a.ids.length === allIds.length);
		const parts = ats.map(
			([at, a]) => `${same ? "" : `${a.ids.sort().map(clip).join(", ")}: `}${branchText(at, a.why)}`,
		);
		report("tool-call-unanswered", opener, `${head} on ${ats.length} branches: ${parts.join("; ")}`);
	}
}

function* walkPaths(
	entries: readonly SessionEntry[],
	index: TreeIndex,
	badIndex: Set<string>,
	report: Report,
): Generator<void, void, void> {
	let walked = 0;
	const omp = dialectOf(entries) === "oh-my-pi";
	const n = entries.length;
	const onPath = new Uint8Array(n);
	const depth = index.depth;
	const pre = new Int32Array(n).fill(-1);
	const post = new Int32Array(n).fill(-1);
	let clock = 0;
	const open = new Map<string, number>();
	/** The retained-tail compactions on the current path, root first (checkpoints: what came before is unseen). */
	const cuts: number[] = [];
	/**
	 * Every entry that makes each tool call id (an assistant message, or a compaction whose retained
	 * tail holds it): built the first time a result answers no open call, so a clean session never
	 * pays for it. Tells a duplicate result from one whose call is off the path or before a checkpoint.
	 */
	let callSites: Map<string, number[]> | null = null;
	/** The retained tail being read, and the index of the message in it. */
	let tail: unknown[] | null = null;
	let tailAt = 0;
	const madeEarlierInTail = (id: string): boolean => {
		if (!tail) return false;
		const sites = new Map<string, number[]>();
		for (let k = 0; k < tailAt; k++) addCallSites(sites, tail[k], 0);
		return sites.has(id);
	};
	const callSitesOf = (id: string): readonly number[] => {
		if (!callSites) {
			callSites = new Map();
			for (let pos = 0; pos < n; pos++) {
				const e: unknown = entries[pos];
				if (!isObject(e)) continue;
				if (e.type === "message") addCallSites(callSites, e.message, pos);
				else if (e.type === "compaction" && Array.isArray(e.retainedTail)) {
					for (const m of e.retainedTail) addCallSites(callSites, m, pos);
				}
			}
		}
		return callSites.get(id) ?? [];
	};
	// Undo log: which map, key, previous value (undefined = absent).
	const logMap: Map<string, number>[] = [];
	const logKey: string[] = [];
	const logPrev: (number | undefined)[] = [];
	/** Frames on the DFS stack with children still to visit; nothing to log while there are none. */
	let pending = 0;
	const set = (map: Map<string, number>, key: string, value: number | undefined) => {
		if (pending > 0) {
			logMap.push(map);
			logKey.push(key);
			logPrev.push(map.get(key));
		}
		if (value === undefined) map.delete(key);
		else map.set(key, value);
	};
	/** Every (call, branch) where a call goes unanswered: reported per call after the walk, naming the tips. */
	const misses: Miss[] = [];
	const seenMiss = new Set<string>();
	/** Assistant entries that ended in error or were aborted: pi does not expect results for their calls. */
	const optional = new Set<number>();
	/** Records the open calls as unanswered below `at` (the next assistant message, or a tip). */
	const flagUnanswered = (why: string, at: number) => {
		for (const [id, opener] of open) {
			if (optional.has(opener)) continue;
			const key = `${opener}\u0000${id}\u0000${at}`;
			if (seenMiss.has(key)) continue;
			seenMiss.add(key);
			misses.push({ opener, id, at, why });
		}
	};
	const deferredEdits: number[] = [];

	const onMessage = (m: unknown, position: number, where: string) => {
		if (!isObject(m)) return;
		// A deferred reply (newer pi) is never sent: the calls before it stay open.
		if (m.role === "assistant" && m.stopReason === "deferred") return;
		if (m.role === "assistant") {
			if (open.size > 0) {
				const next = entries[position].id;
				flagUnanswered(`before the next assistant message (${next}${where})`, position);
				for (const id of [...open.keys()]) set(open, id, undefined);
			}
			if (m.stopReason === "error" || m.stopReason === "aborted") optional.add(position);
			if (!Array.isArray(m.content)) return;
			for (const block of m.content) {
				if (!isObject(block) || block.type !== "toolCall" || typeof block.id !== "string") continue;
				set(open, block.id, position);
			}
		} else if (m.role === "toolResult") {
			const id = m.toolCallId;
			if (typeof id !== "string") return; // missing-field covers it
			if (open.has(id)) {
				set(open, id, undefined);
				return;
			}
			// The latest entry on this path (this one included, for a retained tail) that made the call.
			let maker = -1;
			for (const site of callSitesOf(id)) {
				const made = site === position ? madeEarlierInTail(id) : onPath[site] === 1;
				if (made && (maker === -1 || depth[site] > depth[maker])) maker = site;
			}
			// The first checkpoint after it on the path, if any (a tail's own calls come after its compaction).
			let checkpointAt = -1;
			if (maker !== -1) {
				for (let k = cuts.length - 1; k >= 0 && depth[cuts[k]] > depth[maker]; k--) checkpointAt = cuts[k];
			}
			if (maker !== -1 && checkpointAt === -1) {
				report(
					"tool-result-duplicate",
					position,
					`Tool result${where} for ${clip(id)}, which was already answered or closed`,
				);
			} else if (maker !== -1) {
				const checkpoint = entries[checkpointAt].id;
				report(
					"tool-result-unmatched",
					position,
					`Tool result${where} for ${clip(id)}, whose call is before checkpoint ${checkpoint}: the model never sees the call`,
				);
			} else {
				report("tool-result-unmatched", position, `Tool result${where} for ${clip(id)}: no such tool call on its path`);
			}
		}
	};

	const enter = (node: number) => {
		pre[node] = clock++;
		const e = entries[node];
		switch (e.type) {
			case "message":
				onMessage(e.message, node, "");
				break;
			case "compaction":
				if (Array.isArray(e.retainedTail)) {
					// A self-contained checkpoint: the model reads its tail, not what came before.
					for (const id of [...open.keys()]) set(open, id, undefined);
					cuts.push(node);
					tail = e.retainedTail;
					for (tailAt = 0; tailAt < tail.length; tailAt++) onMessage(tail[tailAt], node, " in retainedTail");
					tail = null;
				} else {
					checkFirstKept(e.firstKeptEntryId, node);
				}
				break;
			case "context_edit": {
				const target = typeof e.targetId === "string" ? index.byId.get(e.targetId) : undefined;
				if (target !== undefined && !onPath[target]) deferredEdits.push(node, target);
				break;
			}
			default:
				break;
		}
		onPath[node] = 1;
		// oh-my-pi hangs model_usage records under the entry that caused them: not a branch of the talk.
		if (index.children.count(node) === 0 && open.size > 0 && !(omp && e.type === "model_usage")) {
			flagUnanswered(`by the end of the branch (${entries[node].id})`, node);
		}
	};

	const checkFirstKept = (fk: unknown, node: number) => {
		if (typeof fk !== "string") {
			if (!badIndex.has(entries[node].id)) {
				report(
					"first-kept-missing",
					node,
					"Compaction has neither firstKeptEntryId nor retainedTail: pi keeps nothing before it",
				);
			}
			return;
		}
		const target = index.byId.get(fk);
		if (target === node) {
			report("first-kept-self", node, "firstKeptEntryId names the compaction itself: it keeps nothing before it");
		} else if (target === undefined) {
			report(
				"first-kept-missing",
				node,
				`firstKeptEntryId ${clip(fk)} is not in the file: pi keeps nothing before this compaction`,
			);
		} else if (!onPath[target]) {
			report(
				"first-kept-off-path",
				node,
				`firstKeptEntryId ${clip(fk)} is not before this compaction on its path: pi keeps nothing before it`,
			);
		}
	};

	const stackNode: number[] = [];
	const stackChild: number[] = [];
	const stackLog: number[] = [];
	for (const root of index.roots) {
		// Each tree starts with nothing open (what an earlier tree left unlogged is dropped here).
		open.clear();
		cuts.length = 0;
		pending = 0;
		stackLog.push(logMap.length);
		enter(root);
		stackNode.push(root);
		stackChild.push(0);
		if (index.children.count(root) > 1) pending++;
		while (stackNode.length > 0) {
			if ((++walked & STEP_MASK) === 0) yield;
			const top = stackNode.length - 1;
			const node = stackNode[top];
			const kids = index.children.count(node);
			if (stackChild[top] < kids) {
				const child = index.children.at(node, stackChild[top]++);
				// This frame stops counting once its last child is entered.
				if (kids > 1 && stackChild[top] === kids) pending--;
				stackLog.push(logMap.length);
				enter(child);
				stackNode.push(child);
				stackChild.push(0);
				if (index.children.count(child) > 1) pending++;
				continue;
			}
			post[node] = clock++;
			onPath[node] = 0;
			if (cuts.length > 0 && cuts[cuts.length - 1] === node) cuts.pop();
			const mark = stackLog.pop() ?? logMap.length;
			while (logMap.length > mark) {
				const map = logMap.pop();
				const key = logKey.pop();
				const prev = logPrev.pop();
				// (The logs grow and shrink together: neither is empty here.)
				if (map === undefined || key === undefined) break;
				if (prev === undefined) map.delete(key);
				else map.set(key, prev);
			}
			stackNode.pop();
			stackChild.pop();
		}
	}

	if (misses.length > 0) reportMisses(entries, index, pre, misses, report);

	for (let k = 0; k < deferredEdits.length; k += 2) {
		const edit = deferredEdits[k];
		const target = deferredEdits[k + 1];
		const targetId = clip(entries[target].id);
		if (target !== edit && pre[edit] < pre[target] && post[target] < post[edit]) {
			report(
				"edit-target-later",
				edit,
				`Context edit targets ${targetId}, which comes after it: it applies only below ${targetId}`,
			);
		} else {
			report(
				"edit-target-off-path",
				edit,
				`Context edit targets ${targetId}, which is not on its path: it never applies`,
			);
		}
	}
}
