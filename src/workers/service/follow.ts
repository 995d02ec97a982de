import {
	analyzeLazily,
	CURRENT_VERSION,
	currentLeafId,
	dialectOf,
	estimateTotalTokens,
	graphAndShown,
	type LeafSummary,
	lineSkeleton,
	measuredLazily,
	parseAppended,
	rulesOf,
	type SessionEntry,
	summarizeLeaves,
	withWholeNodes,
} from "../../core";
import type { Growth } from "../readerApi";
import { describeEntries, placeIssues } from "./checks";
import type { HeldSession } from "./held";

/** Appended lines longer than this are held as skeletons (read from the file when shown). */
export const WHOLE_APPENDED_BYTES = 64 * 1024;
const NEWLINE = 10;
const CR = 13;

/** Where each line of `bytes` starts and ends (its newline, or a CR before it, left out). */
function lineSpans(bytes: Uint8Array): { starts: number[]; ends: number[] } {
	const starts: number[] = [];
	const ends: number[] = [];
	for (let at = 0; at < bytes.length; ) {
		const nl = bytes.indexOf(NEWLINE, at);
		let end = nl === -1 ? bytes.length : nl;
		if (end > at && bytes[end - 1] === CR) end--;
		starts.push(at);
		ends.push(end);
		at = nl === -1 ? bytes.length : nl + 1;
	}
	return { starts, ends };
}

/** Whether the held session's file can grow by appended lines (pi's current format, its own dialect). */
export function canGrow(held: HeldSession): boolean {
	const { header } = held;
	return header !== null && held.version >= CURRENT_VERSION && rulesOf(dialectOf(held.entries, held.index)).appends;
}

/**
 * Takes the complete lines `bytes` appended to a followed file, the first of them line
 * `firstLine`: they are parsed as the full parse reads them (core `parseAppended`), their entries
 * put after the others (whole, or skeletons of lines over `WHOLE_APPENDED_BYTES`), the tree index
 * extended, and the outline worked out again with what it shows read whole. Tips not counted
 * before are counted now (all but the file's first ones while their counting still runs). Null
 * when the file cannot grow this way (see `canGrow`): the page reads it again.
 */
export async function append(
	held: HeldSession,
	bytes: Uint8Array<ArrayBuffer>,
	firstLine: number,
): Promise<Growth | null> {
	const { header } = held;
	if (header === null || !canGrow(held)) return null;
	const piece = parseAppended(header, new TextDecoder().decode(bytes), firstLine);
	const old = held.entries.length;
	const n = old + piece.entries.length;
	const base = held.blob.size;
	const { starts, ends } = lineSpans(bytes);
	const offset = new Float64Array(n);
	const length = new Float64Array(n);
	offset.set(held.lines.offset);
	length.set(held.lines.length);
	const full = new Uint8Array(n);
	full.set(held.full);
	const entries: SessionEntry[] = held.entries.slice();
	for (let i = 0; i < piece.entries.length; i++) {
		const k = piece.lines[i] - firstLine;
		const from = starts[k];
		const to = ends[k];
		offset[old + i] = base + from;
		length[old + i] = to - from;
		const entry = piece.entries[i];
		// A long line is read again when shown, as the scan's skeletons are: if its scan says what
		// the parse made of it (no id repaired).
		const skeleton = to - from > WHOLE_APPENDED_BYTES ? lineSkeleton(bytes, from, to, true) : null;
		const same = skeleton !== null && skeleton.id === entry.id && skeleton.parentId === entry.parentId;
		entries.push(same ? skeleton : entry);
		full[old + i] = same ? 0 : 1;
	}
	held.grow(new Blob([held.blob, bytes]), entries, { offset, length }, full, piece.entries);
	const { index } = held;
	// What the view shows the content of, read whole where it is a skeleton (kept so).
	const { graph, needed } = graphAndShown(index);
	const wanted = [...needed].filter((p) => full[p] === 0).sort((a, b) => a - b);
	const read = await held.load(wanted, false);
	for (let k = 0; k < wanted.length; k++) {
		entries[wanted[k]] = read[k];
		full[wanted[k]] = 1;
	}
	withWholeNodes(graph, entries);
	const tips: LeafSummary[] = [];
	for (const tip of summarizeLeaves(entries, index, { tokens: false })) {
		let counts = held.tipTokens.get(tip.id);
		if (counts === undefined && (held.tipsCounted || tip.position >= old)) {
			const session = held.session();
			const { analysis } = await analyzeLazily(session, tip.id);
			counts = {
				contextTokens: estimateTotalTokens(analysis.messages),
				measuredTokens: (await measuredLazily(session, tip.position))?.tokens ?? null,
			};
			held.tipTokens.set(tip.id, counts);
		}
		tips.push({ ...tip, ...counts });
	}
	const issues = [...piece.issues];
	for (const { position, issue } of index.issues) {
		if (position !== undefined && position >= old) issues.push({ ...issue, line: piece.lines[position - old] });
	}
	held.facts = { ...held.facts, leafId: currentLeafId(entries), entryCount: entries.length };
	return {
		outline: { facts: held.facts, graph, tips },
		issues: placeIssues(held, issues),
		description: await describeEntries(held),
	};
}
