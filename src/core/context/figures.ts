import { messageOfFields, type SessionEntry } from "../session/types";
import { replyUsage, UsageCollector } from "../session/usage";
import { fieldOf, isRecord, stringField } from "../util/fields";
import { estimateTokens } from "./tokens";

/*
 * A session's figures, entry by entry, as columns: the context tokens each entry adds (pi's
 * estimate), what each reply recorded (tokens and cost), and what each compaction leaves. Worked
 * out in one pass over the whole entries (the worker reads the file once for them), then any
 * tip's path over time and cost is a walk over numbers, nothing read again.
 */

/** What a compaction leaves of the context: its summary and what it keeps. */
export interface CompactionFigure {
	/** Its summary's tokens. */
	summary: number;
	/** The tokens of its retained tail (newer pi), or null when it keeps from `firstKept` on. */
	tail: number | null;
	firstKept: string | undefined;
	/** What the file says the context was when it compacted. */
	tokensBefore: number;
}

const NO_COST = Number.NaN;

/** The tokens an entry adds to the context it is read into (pi's estimate; 0 for entries that add no message). */
export function entryContextTokens(entry: SessionEntry): number {
	switch (entry.type) {
		case "message": {
			const message = fieldOf(entry, "message");
			return isRecord(message) && typeof message.role === "string" ? estimateTokens(messageOfFields(message)) : 0;
		}
		case "custom_message":
			return estimateTokens(messageOfFields({ role: "custom", content: fieldOf(entry, "content") }));
		case "branch_summary":
			return summaryTokens(entry);
		default:
			return 0;
	}
}

function summaryTokens(entry: SessionEntry): number {
	const summary = fieldOf(entry, "summary");
	return typeof summary === "string" ? Math.ceil(summary.length / 4) : 0;
}

function compactionFigure(entry: SessionEntry): CompactionFigure {
	const tail = fieldOf(entry, "retainedTail");
	let kept: number | null = null;
	if (Array.isArray(tail)) {
		kept = 0;
		for (const m of tail) if (isRecord(m) && typeof m.role === "string") kept += estimateTokens(messageOfFields(m));
	}
	const tokensBefore = fieldOf(entry, "tokensBefore");
	return {
		summary: summaryTokens(entry),
		tail: kept,
		firstKept: stringField(entry, "firstKeptEntryId"),
		tokensBefore: typeof tokensBefore === "number" && Number.isFinite(tokensBefore) ? tokensBefore : 0,
	};
}

/** The figures of a session's entries, a column each, filled entry by entry (`take`). */
export class EntryFigures {
	tokens: Float32Array;
	/** A reply's recorded tokens (0 where none). */
	input: Float32Array;
	output: Float32Array;
	cacheRead: Float32Array;
	cacheWrite: Float32Array;
	/** A reply's recorded cost in USD (NaN: none recorded). */
	cost: Float64Array;
	/** 1: an assistant reply that recorded its usage. */
	reply: Uint8Array;
	readonly compactions = new Map<number, CompactionFigure>();
	/** Every reply taken in, by day, provider and model. */
	usage = new UsageCollector();
	/** Entries taken in so far (positions below it all were, in order). */
	taken = 0;

	constructor(private size: number) {
		this.tokens = new Float32Array(size);
		this.input = new Float32Array(size);
		this.output = new Float32Array(size);
		this.cacheRead = new Float32Array(size);
		this.cacheWrite = new Float32Array(size);
		this.cost = new Float64Array(size).fill(NO_COST);
		this.reply = new Uint8Array(size);
	}

	/** The figures of `entries` whole, position by position. */
	static of(entries: readonly SessionEntry[]): EntryFigures {
		const figures = new EntryFigures(entries.length);
		for (const e of entries) figures.take(e);
		return figures;
	}

	/** Takes in the next entry (at position `taken`), whole. */
	take(entry: SessionEntry): void {
		const p = this.taken;
		if (p >= this.size) this.grow(Math.max(this.size * 2, 1024));
		if (entry.type === "compaction") this.compactions.set(p, compactionFigure(entry));
		else this.tokens[p] = entryContextTokens(entry);
		const usage = replyUsage(entry);
		if (usage) {
			this.reply[p] = 1;
			this.input[p] = usage.input;
			this.output[p] = usage.output;
			this.cacheRead[p] = usage.cacheRead;
			this.cacheWrite[p] = usage.cacheWrite;
			this.cost[p] = usage.cost ?? NO_COST;
			this.usage.addReply(usage);
		}
		this.taken = p + 1;
	}

	/** A copy with `more` entries taken in after these (a what-if lab's, or a followed file's new lines). */
	with(more: readonly SessionEntry[]): EntryFigures {
		const copy = new EntryFigures(this.taken + more.length);
		copy.tokens.set(this.tokens.subarray(0, this.taken));
		copy.input.set(this.input.subarray(0, this.taken));
		copy.output.set(this.output.subarray(0, this.taken));
		copy.cacheRead.set(this.cacheRead.subarray(0, this.taken));
		copy.cacheWrite.set(this.cacheWrite.subarray(0, this.taken));
		copy.cost.set(this.cost.subarray(0, this.taken));
		copy.reply.set(this.reply.subarray(0, this.taken));
		for (const [p, c] of this.compactions) copy.compactions.set(p, c);
		copy.usage = new UsageCollector(this.usage.summary());
		copy.taken = this.taken;
		for (const e of more) copy.take(e);
		return copy;
	}

	private grow(size: number): void {
		const grown = <T extends Float32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
			const b = make(size);
			b.set(a);
			return b;
		};
		this.tokens = grown(this.tokens, (n) => new Float32Array(n));
		this.input = grown(this.input, (n) => new Float32Array(n));
		this.output = grown(this.output, (n) => new Float32Array(n));
		this.cacheRead = grown(this.cacheRead, (n) => new Float32Array(n));
		this.cacheWrite = grown(this.cacheWrite, (n) => new Float32Array(n));
		this.cost = grown(this.cost, (n) => new Float64Array(n).fill(NO_COST));
		this.reply = grown(this.reply, (n) => new Uint8Array(n));
		this.size = size;
	}
}
