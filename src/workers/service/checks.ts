import {
	analyzeLazily,
	buildTreeIndex,
	collectDiagnostics,
	diagnosticSteps,
	type EntriesDescription,
	estimateTotalTokens,
	getFirstUserText,
	getSessionName,
	ISSUE_CODES,
	type LazySession,
	type LeafSummary,
	measuredLazily,
	messageRoleOf,
	type ParsedSession,
	relatedIds,
	type SessionEntry,
	type SessionIssue,
	summarizeLeaves,
} from "../../core";
import { yieldToPage } from "../../core/util/yield";
import { formatBytes, MAX_SESSION_BYTES, readSessionStream } from "../readSession";
import { EntryCache } from "./entryCache";
import type { HeldSession } from "./held";

/*
 * What the worker works out in the background once a session is shown: what the library says of
 * it, its tips' context tokens, and the checks a full parse runs over every entry. Each gives way
 * to the page's questions (`pause`).
 */

/** Whole entries the tip counting keeps from one tip to the next, by their lines' bytes. */
const COUNT_KEPT_BYTES = 8 * 1024 * 1024;
/** Entries `describe` reads at most for the session's name, and for its first user text. */
const DESCRIBE_READS = 1024;
/** Files up to this size have every reply read for the usage they recorded, as soon as they are shown. */
const USAGE_MAX_BYTES = 160 * 1024 * 1024;

/** Whether a file of `size` bytes has its usage counted (its figures worked out once it is shown). */
export function countsUsage(size: number): boolean {
	return size <= USAGE_MAX_BYTES;
}
/** How long a pass runs before the worker serves other messages (the page's questions). */
const YIELD_AFTER_MS = 25;
/** Bytes parsed in one step at most (the file's chunks may be larger). */
const STEP_BYTES = 256 * 1024;
/** Strings longer than this are cut for the checks (see core `ParserOptions.shrinkStringsOver`). */
const SHRINK_OVER = 256;

/** The pass was stopped: the worker no longer holds the session. */
export class ChecksStopped extends Error {}

/** Whether a file is small enough for the checks (they parse every entry at once). */
export function checkable(size: number): boolean {
	return size <= MAX_SESSION_BYTES;
}

/** The notice a session too large for the checks carries instead of their issues. */
export function uncheckedIssue(size: number, why?: string): SessionIssue {
	return {
		severity: ISSUE_CODES["checks-skipped"].severity,
		code: "checks-skipped",
		message: why
			? `The checks that need every entry in full could not run: ${why}`
			: `This file (${formatBytes(size)}) is too large (over ${formatBytes(MAX_SESSION_BYTES)}) for the checks that need every entry in full: they did not run`,
	};
}

/**
 * What the library says of the session's entries (see core `EntriesDescription`): the types
 * counted as held, and the few entries it names read whole (not kept): the last `session_info`
 * entries until one has a name, the first user messages until one has text (at most
 * `DESCRIBE_READS` of each), the first entry and the last.
 */
export async function describeEntries(held: HeldSession): Promise<EntriesDescription> {
	const { entries } = held;
	const n = entries.length;
	let compactions = 0;
	const infos: number[] = [];
	const users: number[] = [];
	for (let i = 0; i < n; i++) {
		const e = entries[i];
		if (e.type === "compaction") compactions++;
		else if (e.type === "session_info") infos.push(i);
		else if (users.length < DESCRIBE_READS && messageRoleOf(e) === "user") users.push(i);
	}
	// A line that cannot be read (changed on disk, broken) describes nothing; the rest still does.
	const read = (positions: readonly number[]) => held.load(positions, false).catch((): SessionEntry[] => []);
	let name: string | undefined;
	const oldest = Math.max(0, infos.length - DESCRIBE_READS);
	const step = 512;
	for (let end = infos.length; end > oldest && name === undefined; end -= step) {
		name = getSessionName(await read(infos.slice(Math.max(oldest, end - step), end)));
	}
	let firstUserText: string | undefined;
	for (let from = 0; from < users.length && firstUserText === undefined; from += step) {
		firstUserText = getFirstUserText(await read(users.slice(from, from + step)));
	}
	const [first] = n > 0 ? await read([0]) : [];
	const [last] = n > 0 ? await read([n - 1]) : [];
	// What every reply recorded (tokens, cost), from the session's figures: the usage the library
	// adds up (not for a file too large to read whole in a few seconds: its usage is not counted).
	const usage = countsUsage(held.blob.size)
		? await held.figures().then(
				(f) => f.usage.summary(),
				() => undefined,
			)
		: undefined;
	return {
		entries: n,
		...(name !== undefined ? { name } : {}),
		...(firstUserText !== undefined ? { firstUserText } : {}),
		compactions,
		...(first?.timestamp !== undefined ? { firstTimestamp: first.timestamp } : {}),
		...(last?.timestamp !== undefined ? { lastTimestamp: last.timestamp } : {}),
		...(usage ? { usage } : {}),
	};
}

/** The tips of the held session, with the counts worked out so far (others null). */
export function tipsOf(held: HeldSession): LeafSummary[] {
	return summarizeLeaves(held.entries, held.index, { tokens: false }).map((tip) => ({
		...tip,
		...held.tipTokens.get(tip.id),
	}));
}

/** Counts one tip's context tokens and what the provider measured on its path, in `session`. */
async function countTip(session: LazySession, tip: LeafSummary): Promise<LeafSummary> {
	const { analysis } = await analyzeLazily(session, tip.id);
	const measuredTokens = (await measuredLazily(session, tip.position))?.tokens ?? null;
	return { ...tip, contextTokens: estimateTotalTokens(analysis.messages), measuredTokens };
}

/**
 * The tips with their context tokens counted (core `summarizeLeaves` with the builder run per tip
 * on what it reads), `pause` awaited before each tip and around each of its reads; null if
 * `stopped`. The entries read are kept from one tip to the next, up to `keepBytes` of their
 * lines, and let go after: tips share most of their paths. Read afresh for each tip, a bushy
 * 100 MB session's 480 tips read 447 MB in 4,411 slices of the file; kept, 93 MB in 1,023.
 * Only tips not counted yet are counted (`only`: those among them).
 */
export async function countTips(
	held: HeldSession,
	stopped: () => boolean,
	pause: () => Promise<void> = async () => {},
	keepBytes = COUNT_KEPT_BYTES,
): Promise<LeafSummary[] | null> {
	const kept = new EntryCache(keepBytes);
	const { entries, lines } = held;
	// One copy of the entries for every tip, each tip's reads put back after it: a copy per tip
	// (16 MB for two million entries) kept the worker collecting garbage for 80-120 ms at a time.
	const scratch = entries.slice();
	const loaded: number[] = [];
	const session: LazySession = {
		entries,
		index: held.index,
		isFull: (p) => held.full[p] === 1,
		scratch,
		// A tip's reads wait for the page's questions too, not only each tip as a whole.
		load: async (positions) => {
			for (const p of positions) loaded.push(p);
			const got: (SessionEntry | undefined)[] = positions.map((p) => kept.get(p));
			const missing = [...new Set(positions.filter((_, i) => got[i] === undefined))];
			if (missing.length > 0) {
				await pause();
				const read = await held.load(missing, false);
				await pause();
				const fresh = new Map<number, SessionEntry>();
				for (let i = 0; i < missing.length; i++) {
					fresh.set(missing[i], read[i]);
					kept.keep(missing[i], read[i], lines.length[missing[i]]);
				}
				for (let i = 0; i < positions.length; i++) got[i] ??= fresh.get(positions[i]);
			}
			return got.map((e, i) => e ?? entries[positions[i]]);
		},
	};
	const counted: LeafSummary[] = [];
	for (const tip of tipsOf(held)) {
		if (tip.contextTokens !== null && tip.contextTokens !== undefined) {
			counted.push(tip);
			continue;
		}
		await pause();
		if (stopped()) return null;
		const done = await countTip(session, tip);
		for (const p of loaded) scratch[p] = entries[p];
		loaded.length = 0;
		held.tipTokens.set(done.id, { contextTokens: done.contextTokens, measuredTokens: done.measuredTokens });
		counted.push(done);
	}
	held.tipsCounted = true;
	return counted;
}

/**
 * Runs the checks a full parse runs, in the background: every line parsed (as the full parse
 * reads the file: the same streaming parser, then core `collectDiagnostics`), the entries dropped
 * after, the issues kept. Resolves to what a full parse would have in `session.issues`; its
 * entries are the held ones, line for line, so the issues' ids and lines name them. The pass
 * breaks every ~25 ms so the page's questions get answered in between; it stops
 * (`ChecksStopped`) once `stillHeld` says the worker let the session go.
 */
export async function checkSession(
	held: HeldSession,
	stillHeld: () => boolean = () => true,
	pause: () => Promise<void> = yieldToPage,
): Promise<SessionIssue[]> {
	const reader = held.blob.stream().getReader();
	let rest: Uint8Array | null = null;
	let ran = Date.now();
	const stream = new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (Date.now() - ran > YIELD_AFTER_MS) {
				await pause();
				ran = Date.now();
			}
			if (!stillHeld()) {
				await reader.cancel().catch(() => undefined);
				controller.error(new ChecksStopped("the session was let go"));
				return;
			}
			if (rest === null || rest.length === 0) {
				const { done, value } = await reader.read();
				if (done) {
					controller.close();
					return;
				}
				rest = value;
			}
			// A large chunk in pieces: each is parsed in a few milliseconds.
			controller.enqueue(rest.subarray(0, STEP_BYTES));
			rest = rest.subarray(STEP_BYTES);
		},
		cancel: () => reader.cancel(),
	});
	// Only the issues outlive this call: the parsed entries go with it. The checks read the entries'
	// shapes, not their text: long strings are cut as each line is taken in (a 100 MB session's
	// entries whole held 1.3 times the file in this worker while the checks ran).
	const { parsed } = await readSessionStream(stream, held.blob.size, undefined, {
		hash: false,
		diagnostics: false,
		shrinkStringsOver: SHRINK_OVER,
	});
	return runChecks(parsed, stillHeld, pause);
}

/** `collectDiagnostics` of a parsed session a step at a time (see `checkSession`). */
export async function runChecks(
	parsed: ParsedSession,
	stillHeld: () => boolean = () => true,
	pause: () => Promise<void> = yieldToPage,
): Promise<SessionIssue[]> {
	await pause();
	if (!stillHeld()) throw new ChecksStopped("the session was let go");
	const steps = diagnosticSteps(parsed.entries, buildTreeIndex(parsed.entries), parsed.lines, parsed.issues.slice());
	let ran = Date.now();
	for (;;) {
		const step = steps.next();
		if (step.done) return step.value;
		if (Date.now() - ran > YIELD_AFTER_MS) {
			await pause();
			if (!stillHeld()) throw new ChecksStopped("the session was let go");
			ran = Date.now();
		}
	}
}

/** `collectDiagnostics` of a session parsed in full, at once (a small file, or one the scan cannot read). */
export function checksOfParsed(parsed: ParsedSession, index = buildTreeIndex(parsed.entries)): SessionIssue[] {
	return collectDiagnostics(parsed.entries, index, parsed.lines, parsed.issues.slice());
}

/** `issues` with the positions of the entries they name (for the graph's marks). */
export function placeIssues(held: HeldSession, issues: readonly SessionIssue[]): SessionIssue[] {
	const { byId } = held.index;
	const isEntry = (id: string) => byId.has(id);
	return issues.map((issue) => {
		const position = issue.entryId === undefined ? undefined : byId.get(issue.entryId);
		// A notice about the whole file (no entry, no line) names no entries.
		const aboutFile = issue.entryId === undefined && issue.line === undefined;
		const related = aboutFile ? [] : relatedIds(issue.message, isEntry, issue.entryId);
		if (position === undefined && related.length === 0) return issue;
		return { ...issue, ...(position !== undefined ? { position } : {}), ...(related.length > 0 ? { related } : {}) };
	});
}
