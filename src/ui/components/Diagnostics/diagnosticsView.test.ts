import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES_DIR } from "../../../../test/fixtures";
import { parseSession, relatedIds, type SessionIssue } from "../../../core";
import {
	codeCounts,
	countBySeverity,
	fileNotices,
	groupIssues,
	isFiltered,
	NO_FILTER,
	unlistedCounts,
} from "./diagnosticsView";

const issue = (code: string, severity: SessionIssue["severity"], line?: number, entryId?: string): SessionIssue => ({
	code,
	severity,
	message: `${code} message`,
	...(line !== undefined ? { line } : {}),
	...(entryId !== undefined ? { entryId } : {}),
});

const sample: SessionIssue[] = [
	issue("orphan", "warning", 9, "e9"),
	issue("several-roots", "info"),
	issue("malformed-json", "error", 5),
	issue("orphan", "warning", 3, "e3"),
	issue("malformed-json", "error", 2),
	issue("migrated", "info"),
	issue("bad-timestamp", "warning", 3, "e3"),
];

describe("groupIssues", () => {
	it("groups by severity, most severe first, file-wide issues then by line, stable", () => {
		const groups = groupIssues(sample);
		expect(groups.map((g) => g.severity)).toEqual(["error", "warning", "info"]);
		expect(groups[0].issues.map((i) => i.line)).toEqual([2, 5]);
		expect(groups[1].issues.map((i) => `${i.code}@${i.line}`)).toEqual(["orphan@3", "bad-timestamp@3", "orphan@9"]);
		expect(groups[2].issues.map((i) => i.code)).toEqual(["several-roots", "migrated"]);
	});

	it("filters by severity and by code, leaving out empty groups", () => {
		const warnings = groupIssues(sample, { severities: new Set(["warning"]), code: null });
		expect(warnings.map((g) => g.severity)).toEqual(["warning"]);
		expect(warnings[0].issues).toHaveLength(3);
		const orphans = groupIssues(sample, { severities: new Set(), code: "orphan" });
		expect(orphans).toHaveLength(1);
		expect(orphans[0].issues.map((i) => i.entryId)).toEqual(["e3", "e9"]);
		expect(groupIssues(sample, { severities: new Set(["error"]), code: "orphan" })).toEqual([]);
		expect(isFiltered(NO_FILTER)).toBe(false);
	});

	it("keeps every issue of a real file exactly once", () => {
		const text = readFileSync(join(FIXTURES_DIR, "golden/compaction-heavy.jsonl"), "utf8");
		const { issues } = parseSession(text);
		const grouped = groupIssues(issues).flatMap((g) => g.issues);
		expect(grouped).toHaveLength(issues.length);
		expect(new Set(grouped)).toEqual(new Set(issues));
	});
});

describe("counts", () => {
	it("counts by severity", () => {
		expect(countBySeverity(sample)).toEqual({ error: 2, warning: 3, info: 2 });
	});

	it("counts codes with what the core left unlisted", () => {
		const flood: SessionIssue[] = [
			...Array.from({ length: 3 }, (_, i) => issue("malformed-json", "error", i + 2)),
			issue("orphan", "warning", 1),
			{ code: "too-many-issues", severity: "warning", message: '99000 more "malformed-json" issues not listed' },
		];
		expect(unlistedCounts(flood)).toEqual(new Map([["malformed-json", 99000]]));
		expect(codeCounts(flood)).toEqual([
			{ code: "malformed-json", severity: "error", listed: 3, unlisted: 99000 },
			{ code: "orphan", severity: "warning", listed: 1, unlisted: 0 },
			{ code: "too-many-issues", severity: "warning", listed: 1, unlisted: 0 },
		]);
	});
});

describe("relatedIds", () => {
	const ids = new Set(["6cf4fd67", "1e1171ec", "call_1"]);
	const has = (id: string) => ids.has(id);
	it("finds the entry ids a message mentions, not its own, each once", () => {
		expect(
			relatedIds('Tool call "call_23" gets no result before the next assistant message (6cf4fd67)', has, "1e1171ec"),
		).toEqual(["6cf4fd67"]);
		expect(relatedIds("1e1171ec then 6cf4fd67 and 6cf4fd67.", has)).toEqual(["1e1171ec", "6cf4fd67"]);
		expect(relatedIds("nothing here", has)).toEqual([]);
	});
});

describe("fileNotices", () => {
	it("says when a file was migrated, with the version it declared", () => {
		const text = readFileSync(join(FIXTURES_DIR, "pi-mono/before-compaction.jsonl"), "utf8");
		const parsed = parseSession(text);
		const notices = fileNotices(parsed.issues, parsed.version);
		expect(notices.map((n) => n.code)).toEqual(["migrated"]);
		expect(notices[0].title).toBe("Migrated from format v1");
	});

	it("says when a file has no header", () => {
		const text = readFileSync(join(FIXTURES_DIR, "bad/no-header.jsonl"), "utf8");
		const parsed = parseSession(text);
		expect(fileNotices(parsed.issues, parsed.version).map((n) => n.code)).toContain("missing-header");
	});

	it("says nothing for a clean file", () => {
		const text = readFileSync(join(FIXTURES_DIR, "golden/small-legacy.jsonl"), "utf8");
		expect(fileNotices(parseSession(text).issues, 3)).toEqual([]);
	});
});
