import { issueCodeInfo, type SessionIssue, type Severity } from "../../../core";

/** Most severe first: the order of groups, chips and codes. */
export const SEVERITIES: readonly Severity[] = ["error", "warning", "info"];

export const SEVERITY_LABEL: Record<Severity, [one: string, many: string]> = {
	error: ["error", "errors"],
	warning: ["warning", "warnings"],
	info: ["note", "notes"],
};

export interface IssueFilter {
	/** Severities shown; all when empty. */
	severities: ReadonlySet<Severity>;
	/** One code shown, or all. */
	code: string | null;
}

export const NO_FILTER: IssueFilter = { severities: new Set(), code: null };

export function isFiltered(filter: IssueFilter): boolean {
	return filter.severities.size > 0 || filter.code !== null;
}

export function countBySeverity(issues: readonly SessionIssue[]): Record<Severity, number> {
	const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
	for (const issue of issues) if (Object.hasOwn(counts, issue.severity)) counts[issue.severity]++;
	return counts;
}

const NOT_LISTED = /^(\d+) more "([^"]+)" issues? not listed/;

/**
 * How many issues of each code the core counted but did not list (it caps each code at 1000
 * and says so in a `too-many-issues` summary), by code.
 */
export function unlistedCounts(issues: readonly SessionIssue[]): Map<string, number> {
	const out = new Map<string, number>();
	for (const issue of issues) {
		if (issue.code !== "too-many-issues") continue;
		const m = NOT_LISTED.exec(issue.message);
		if (m) out.set(m[2], (out.get(m[2]) ?? 0) + Number(m[1]));
	}
	return out;
}

export interface CodeCount {
	code: string;
	severity: Severity;
	/** Issues of this code in the list. */
	listed: number;
	/** Issues of this code the core counted beyond its cap. */
	unlisted: number;
}

/** Each code in the list with its count, most severe first, then most frequent, then by name. */
export function codeCounts(issues: readonly SessionIssue[]): CodeCount[] {
	const byCode = new Map<string, CodeCount>();
	for (const issue of issues) {
		const entry = byCode.get(issue.code);
		if (entry) entry.listed++;
		else byCode.set(issue.code, { code: issue.code, severity: issue.severity, listed: 1, unlisted: 0 });
	}
	for (const [code, n] of unlistedCounts(issues)) {
		const entry = byCode.get(code);
		if (entry) entry.unlisted += n;
	}
	const rank = (s: Severity) => SEVERITIES.indexOf(s);
	return [...byCode.values()].sort(
		(a, b) => rank(a.severity) - rank(b.severity) || b.listed - a.listed || a.code.localeCompare(b.code),
	);
}

export interface IssueGroup {
	severity: Severity;
	issues: SessionIssue[];
}

/**
 * The issues the filter lets through, one group per severity (most severe first, empty groups
 * left out). Within a group: file-wide issues (no line) first, then by line, stable otherwise.
 */
export function groupIssues(issues: readonly SessionIssue[], filter: IssueFilter = NO_FILTER): IssueGroup[] {
	const groups = new Map<Severity, SessionIssue[]>(SEVERITIES.map((s) => [s, []]));
	for (const issue of issues) {
		if (filter.code !== null && issue.code !== filter.code) continue;
		if (filter.severities.size > 0 && !filter.severities.has(issue.severity)) continue;
		groups.get(issue.severity)?.push(issue);
	}
	const out: IssueGroup[] = [];
	for (const severity of SEVERITIES) {
		const list = groups.get(severity) ?? [];
		if (list.length === 0) continue;
		const keyed = list.map((issue, i) => ({ issue, i }));
		keyed.sort((a, b) => (a.issue.line ?? 0) - (b.issue.line ?? 0) || a.i - b.i);
		out.push({ severity, issues: keyed.map((k) => k.issue) });
	}
	return out;
}

/** What a code means, for a tooltip. */
export function codeSummary(code: string): string {
	return issueCodeInfo(code)?.summary ?? code;
}

export interface FileNotice {
	code: string;
	title: string;
	detail: string;
}

/**
 * Facts about the file as a whole that a reader must not miss (it was migrated, it has no
 * header, no entries, bytes that are not UTF-8, more issues than are listed), in that order.
 */
export function fileNotices(issues: readonly SessionIssue[], declaredVersion: number): FileNotice[] {
	const has = (code: string) => issues.find((i) => i.code === code);
	const out: FileNotice[] = [];
	const migrated = has("migrated");
	if (migrated) {
		out.push({
			code: "migrated",
			title: `Migrated from format v${declaredVersion}`,
			detail: migrated.message,
		});
	}
	const noHeader = has("missing-header");
	if (noHeader) out.push({ code: "missing-header", title: "No session header", detail: noHeader.message });
	const noEntries = has("no-entries");
	if (noEntries) out.push({ code: "no-entries", title: "No entries", detail: noEntries.message });
	const encoding = has("invalid-encoding");
	if (encoding) out.push({ code: "invalid-encoding", title: "Not valid UTF-8", detail: encoding.message });
	const unlisted = unlistedCounts(issues);
	if (unlisted.size > 0) {
		const parts = [...unlisted].map(([code, n]) => `${n.toLocaleString("en-US")} more ${code}`);
		out.push({
			code: "too-many-issues",
			title: "Too many issues to list",
			detail: `The first 1000 of each kind are listed; not listed: ${parts.join(", ")}.`,
		});
	}
	return out;
}

/** Issues counted but not listed, by the severity of their code. */
export function unlistedBySeverity(issues: readonly SessionIssue[]): Record<Severity, number> {
	const out: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
	for (const [code, n] of unlistedCounts(issues)) out[issueCodeInfo(code)?.severity ?? "warning"] += n;
	return out;
}
