import { addUsage, emptyTotals, roundUsd, type UsageRow, type UsageTotals } from "../../../core";
import type { SessionMeta } from "../../../store";
import { displayName } from "../Library/libraryView";

/*
 * The library's usage and cost, added up from the summaries stored with each session (never from
 * the sessions themselves): one pass over every stored row, so 500 sessions cost a few thousand
 * additions. Names from the files (model, provider, working directory) are only ever Map keys.
 */

/** Totals of one group (a day, a model, a project) and how many sessions add to it. */
export interface UsageGroup {
	/** The group's key as shown: a day, `provider\nmodel`, or a working directory. */
	key: string;
	totals: UsageTotals;
	sessions: number;
}

export interface ModelGroup extends UsageGroup {
	provider: string;
	model: string;
}

/** One counted session's totals. */
export interface SessionUsage {
	meta: SessionMeta;
	name: string;
	totals: UsageTotals;
}

export interface UsageView {
	/** Everything recorded by every counted session. */
	totals: UsageTotals;
	/** Sessions with a stored summary. */
	counted: number;
	/** Sessions stored before summaries were kept: their usage is not in the totals. */
	uncounted: SessionMeta[];
	/** By UTC day, oldest first; replies with no time go last under "". */
	byDay: UsageGroup[];
	/** By provider and model, the costliest (then the most tokens) first. */
	byModel: ModelGroup[];
	/** By working directory, the costliest (then the most tokens) first. */
	byProject: UsageGroup[];
	/** Counted sessions, the costliest (then the most tokens) first. */
	bySession: SessionUsage[];
}

/** All four token counts of some totals. */
export function tokensOf(t: UsageTotals): number {
	return t.input + t.output + t.cacheRead + t.cacheWrite;
}

/** Costliest first, then most tokens; ties keep their order. */
const byCost = (a: { totals: UsageTotals }, b: { totals: UsageTotals }) =>
	b.totals.cost - a.totals.cost || tokensOf(b.totals) - tokensOf(a.totals);

/** A group map that also counts each session once per group. */
class Groups<G extends UsageGroup> {
	readonly map = new Map<string, G>();
	private readonly lastSession = new Map<string, string>();

	constructor(private readonly make: (key: string, row: UsageRow) => G) {}

	add(key: string, row: UsageRow, sessionId: string): void {
		let group = this.map.get(key);
		if (!group) {
			group = this.make(key, row);
			this.map.set(key, group);
		}
		addUsage(group.totals, row);
		if (this.lastSession.get(key) !== sessionId) {
			this.lastSession.set(key, sessionId);
			group.sessions++;
		}
	}
}

const plainGroup = (key: string): UsageGroup => ({ key, totals: emptyTotals(), sessions: 0 });

/** The library's usage by day, model, project and session, from the stored summaries only. */
export function usageView(metas: readonly SessionMeta[]): UsageView {
	const totals = emptyTotals();
	const uncounted: SessionMeta[] = [];
	const bySession: SessionUsage[] = [];
	const days = new Groups(plainGroup);
	const models = new Groups<ModelGroup>((key, row) => ({
		...plainGroup(key),
		provider: row.provider,
		model: row.model,
	}));
	const projects = new Groups(plainGroup);
	for (const meta of metas) {
		if (!meta.usage) {
			uncounted.push(meta);
			continue;
		}
		const own = emptyTotals();
		for (const row of meta.usage.rows) {
			addUsage(own, row);
			days.add(row.day, row, meta.id);
			models.add(`${row.provider}\n${row.model}`, row, meta.id);
			projects.add(meta.cwd, row, meta.id);
		}
		addUsage(totals, own);
		bySession.push({ meta, name: displayName(meta), totals: own });
	}
	const byDay = [...days.map.values()].sort((a, b) =>
		a.key === b.key ? 0 : a.key === "" ? 1 : b.key === "" ? -1 : a.key < b.key ? -1 : 1,
	);
	return {
		totals,
		counted: bySession.length,
		uncounted,
		byDay,
		byModel: [...models.map.values()].sort(byCost),
		byProject: [...projects.map.values()].sort(byCost),
		bySession: bySession.sort(byCost),
	};
}

/** The CSV's columns, in order. */
export const CSV_COLUMNS = [
	"session_id",
	"title",
	"project",
	"day",
	"provider",
	"model",
	"replies",
	"input",
	"output",
	"cacheRead",
	"cacheWrite",
	"cost_usd",
	"cost_recorded",
] as const;

/**
 * One CSV cell: text that starts like a formula (`=`, `+`, `-`, `@`, tab or carriage return) gets
 * a leading apostrophe so a spreadsheet shows it instead of running it; a cell with a quote, comma
 * or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number): string {
	if (typeof value === "number") return String(value);
	const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
	return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The library's usage as CSV (RFC 4180, CRLF line ends): a header line, then one line per stored
 * session, day, provider and model, in library order and by day within a session. `cost_usd` is
 * empty where no reply of the line recorded a cost (none is ever estimated); `cost_recorded` is
 * how many did. Sessions without a stored summary have no lines.
 */
export function usageCsv(metas: readonly SessionMeta[]): string {
	const lines: string[] = [CSV_COLUMNS.join(",")];
	for (const meta of metas) {
		if (!meta.usage) continue;
		const rows = [...meta.usage.rows].sort(
			(a, b) => compare(a.day, b.day) || compare(a.provider, b.provider) || compare(a.model, b.model),
		);
		for (const row of rows) {
			const cells: (string | number)[] = [
				meta.id,
				displayName(meta),
				meta.cwd,
				row.day,
				row.provider,
				row.model,
				row.replies,
				row.input,
				row.output,
				row.cacheRead,
				row.cacheWrite,
				row.costed > 0 ? roundUsd(row.cost) : "",
				row.costed,
			];
			lines.push(cells.map(csvCell).join(","));
		}
	}
	return `${lines.join("\r\n")}\r\n`;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What is known of the cost of some totals, in words: "" when every reply recorded one. */
export function costNote(t: UsageTotals): string {
	if (t.replies === 0 || t.costed === t.replies) return "";
	if (t.costed === 0) return "no cost recorded";
	return `cost recorded for ${t.costed} of ${t.replies} replies`;
}
