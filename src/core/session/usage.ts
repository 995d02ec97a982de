import { fieldOf, stringField } from "../util/fields";
import { messageRoleOf, type SessionEntry } from "./types";

/*
 * What the provider recorded of its replies: the tokens of each assistant reply's `usage` and,
 * where the file records one, its cost. Only what the file says: a reply without `usage.cost`
 * adds no cost (and is counted as such), no price is ever looked up.
 */

/** The recorded usage of one assistant reply. */
export interface ReplyUsage {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	/** `usage.cost.total` in USD, or null when the reply records none. */
	cost: number | null;
	provider: string;
	model: string;
	/** The reply's day (UTC, `YYYY-MM-DD`), or "" when neither entry nor message has a time. */
	day: string;
}

/** Sums over replies. */
export interface UsageTotals {
	/** Assistant replies with a `usage`. */
	replies: number;
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	/** Sum of the recorded costs (USD). */
	cost: number;
	/** Replies that recorded a cost: `costed < replies` means part of the cost is not in the file. */
	costed: number;
}

/** The totals of one day, provider and model. */
export interface UsageRow extends UsageTotals {
	day: string;
	provider: string;
	model: string;
}

/** What a session's replies recorded, by day, provider and model (small: kept beside each stored session). */
export interface UsageSummary {
	rows: UsageRow[];
}

const amount = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);

/** The UTC day of a time given as an ISO string or epoch milliseconds, or "". */
export function dayOf(time: unknown): string {
	if (typeof time !== "string" && typeof time !== "number") return "";
	const ms = typeof time === "number" ? time : Date.parse(time);
	if (!Number.isFinite(ms)) return "";
	const d = new Date(ms);
	return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 10);
}

/** The usage an assistant reply recorded, or null for any other entry (or a reply without `usage`). */
export function replyUsage(entry: SessionEntry): ReplyUsage | null {
	if (messageRoleOf(entry) !== "assistant") return null;
	const message = fieldOf(entry, "message");
	const usage = fieldOf(message, "usage");
	if (typeof usage !== "object" || usage === null) return null;
	const total = fieldOf(fieldOf(usage, "cost"), "total");
	return {
		input: amount(fieldOf(usage, "input")),
		output: amount(fieldOf(usage, "output")),
		cacheRead: amount(fieldOf(usage, "cacheRead")),
		cacheWrite: amount(fieldOf(usage, "cacheWrite")),
		cost: typeof total === "number" && Number.isFinite(total) && total >= 0 ? total : null,
		provider: stringField(message, "provider") ?? "",
		model: stringField(message, "model") ?? "",
		day: dayOf(entry.timestamp) || dayOf(fieldOf(message, "timestamp")),
	};
}

export function emptyTotals(): UsageTotals {
	return { replies: 0, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, costed: 0 };
}

/** Adds `more` (a reply's usage or other totals) into `into`. */
export function addUsage(into: UsageTotals, more: ReplyUsage | UsageTotals): UsageTotals {
	into.input += more.input;
	into.output += more.output;
	into.cacheRead += more.cacheRead;
	into.cacheWrite += more.cacheWrite;
	if ("replies" in more) {
		into.replies += more.replies;
		into.cost += more.cost;
		into.costed += more.costed;
	} else {
		into.replies++;
		if (more.cost !== null) {
			into.cost += more.cost;
			into.costed++;
		}
	}
	return into;
}

/** Collects replies' usage into a summary by day, provider and model (rows in order of first reply). */
export class UsageCollector {
	private readonly rows = new Map<string, UsageRow>();

	constructor(from?: UsageSummary) {
		for (const row of from?.rows ?? []) this.rows.set(rowKey(row), { ...row });
	}

	/** Takes in an entry (nothing unless it is a reply with usage). */
	add(entry: SessionEntry): void {
		const usage = replyUsage(entry);
		if (usage) this.addReply(usage);
	}

	addReply(usage: ReplyUsage): void {
		const key = rowKey(usage);
		let row = this.rows.get(key);
		if (!row) {
			row = { day: usage.day, provider: usage.provider, model: usage.model, ...emptyTotals() };
			this.rows.set(key, row);
		}
		addUsage(row, usage);
	}

	summary(): UsageSummary {
		return { rows: [...this.rows.values()].map((row) => ({ ...row })) };
	}
}

function rowKey(r: { day: string; provider: string; model: string }): string {
	return `${r.day}\n${r.provider}\n${r.model}`;
}

/** The summary of `entries`' replies. */
export function summarizeUsage(entries: Iterable<SessionEntry>): UsageSummary {
	const collector = new UsageCollector();
	for (const e of entries) collector.add(e);
	return collector.summary();
}

/** All of a summary's rows added up. */
export function usageTotals(summary: UsageSummary | undefined): UsageTotals {
	const totals = emptyTotals();
	for (const row of summary?.rows ?? []) addUsage(totals, row);
	return totals;
}

/** Rounds a sum of costs to a plain number (sums of floats carry noise past a millionth of a cent). */
export function roundUsd(usd: number): number {
	return Math.round(usd * 1e8) / 1e8;
}

const TOTAL_FIELDS = ["replies", "input", "output", "cacheRead", "cacheWrite", "cost", "costed"] as const;

/** A stored summary read back (anything not shaped as one: undefined; malformed rows left out). */
export function readUsageSummary(value: unknown): UsageSummary | undefined {
	const rows = fieldOf(value, "rows");
	if (!Array.isArray(rows)) return undefined;
	const read: UsageRow[] = [];
	for (const row of rows) {
		const day = stringField(row, "day");
		const provider = stringField(row, "provider");
		const model = stringField(row, "model");
		if (day === undefined || provider === undefined || model === undefined) continue;
		const totals = emptyTotals();
		let whole = true;
		for (const field of TOTAL_FIELDS) {
			const v = fieldOf(row, field);
			if (typeof v === "number" && Number.isFinite(v) && v >= 0) totals[field] = v;
			else whole = false;
		}
		if (whole) read.push({ day, provider, model, ...totals });
	}
	return { rows: read };
}
