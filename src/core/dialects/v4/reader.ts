/**
 * pi's harness v4 lines (unreleased, experimental; `../shared/formats/pi-harness-v4.md`), mapped to
 * the explorer's model: `entry` lines become entries (ISO timestamps, stamped `dialect: "pi-v4"`),
 * `lane` lines move named leaves, `fact` lines give the session name and labels, and `record`
 * lines are kept per entry. Nothing is ever written back: v4 sessions open read-only.
 */
import {
	entryOfObject,
	type SessionEntry,
	type SessionHeader,
	type SessionIssue,
	type V4Record,
} from "../../session/types";
import { fieldOf } from "../../util/fields";
import type { LineReader, ReadSession } from "../rules";

/** The entry types the harness decodes (anything else is a bad line to it; kept and flagged here). */
const V4_ENTRY_TYPES: ReadonlySet<string> = new Set([
	"message",
	"model_change",
	"thinking_level_change",
	"active_tools_change",
	"compaction",
	"branch_summary",
	"custom",
]);

/** Whether `value` is a harness v4 header line. */
export function isV4Header(value: unknown): value is Record<string, unknown> {
	if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
	return Reflect.get(value, "kind") === "header" && Reflect.get(value, "version") === 4;
}

function isoTime(ms: unknown): string {
	return typeof ms === "number" && Number.isFinite(ms) ? new Date(ms).toISOString() : String(ms);
}

/** Reads v4 lines in file order; `finish` gives the session. */
export class V4Reader implements LineReader {
	private readonly header: SessionHeader;
	private readonly entries: SessionEntry[] = [];
	private readonly lines: number[] = [];
	private readonly issues: SessionIssue[] = [];
	private readonly byId = new Map<string, SessionEntry>();
	private readonly lanes = new Map<string, string | null>([["main", null]]);
	private readonly labels = new Map<string, string>();
	private readonly records: V4Record[] = [];
	private name: string | undefined;
	private seq = 0;

	constructor(
		raw: Record<string, unknown>,
		private readonly headerLine: number,
		private readonly report: (issue: SessionIssue) => void,
	) {
		const { kind: _kind, version: _version, createdAt, parentSessionId, legacyParentSessionPath, ...rest } = raw;
		const parent = typeof parentSessionId === "string" ? parentSessionId : legacyParentSessionPath;
		this.header = {
			...rest,
			type: "session",
			version: 4,
			id: typeof raw.id === "string" ? raw.id : "",
			timestamp: isoTime(createdAt),
			cwd: typeof raw.cwd === "string" ? raw.cwd : "",
			...(typeof parent === "string" ? { parentSession: parent } : {}),
		};
		if (typeof raw.id !== "string") {
			this.issue(headerLine, "header-missing-id", "warning", "The v4 header has no id");
		}
	}

	private issue(line: number, code: string, severity: SessionIssue["severity"], message: string, entryId?: string) {
		this.issues.push({ line, severity, code, message, ...(entryId ? { entryId } : {}) });
	}

	accept(obj: Record<string, unknown>, line: number): void {
		const seq = obj.seq;
		if (typeof seq === "number") {
			if (seq !== this.seq + 1) {
				this.issue(
					line,
					"harness-seq-gap",
					"warning",
					`seq ${seq} after ${this.seq}: the harness requires each line's seq to be the previous + 1`,
				);
			}
			this.seq = seq;
		}
		switch (obj.kind) {
			case "entry":
				this.acceptEntry(obj, line);
				return;
			case "record": {
				const lane = typeof obj.lane === "string" ? obj.lane : "main";
				this.records.push({ line, entryId: this.lanes.get(lane) ?? null, record: obj });
				return;
			}
			case "lane": {
				const lane = obj.lane;
				const leaf = obj.leafId;
				if (typeof lane !== "string" || (leaf !== null && typeof leaf !== "string")) {
					this.issue(
						line,
						"harness-bad-line",
						"error",
						"A lane line without a string lane and a leafId (string or null)",
					);
					return;
				}
				if (typeof leaf === "string" && !this.byId.has(leaf)) {
					this.issue(
						line,
						"harness-bad-line",
						"warning",
						`Lane ${JSON.stringify(lane)} moves to ${JSON.stringify(leaf)}, which is not in the file`,
					);
				}
				this.lanes.set(lane, leaf);
				return;
			}
			case "fact":
				if (obj.fact === "name") {
					this.name = typeof obj.name === "string" ? obj.name : undefined;
				} else if (obj.fact === "label" && typeof obj.targetId === "string") {
					if (typeof obj.label === "string") this.labels.set(obj.targetId, obj.label);
					else this.labels.delete(obj.targetId);
				} else {
					this.issue(line, "harness-bad-line", "warning", `Unknown fact ${JSON.stringify(obj.fact)}: skipped`);
				}
				return;
			default:
				this.report({
					line,
					severity: "error",
					code: "harness-bad-line",
					message: `A v4 line of kind ${JSON.stringify(obj.kind)}: the harness knows entry, record, lane and fact; skipped`,
				});
		}
	}

	private acceptEntry(obj: Record<string, unknown>, line: number): void {
		const { kind: _kind, timestamp, ...fields } = obj;
		const entry = entryOfObject({ ...fields, timestamp: isoTime(timestamp), dialect: "pi-v4" });
		if (typeof entry.id !== "string" || entry.id === "") {
			this.issue(line, "harness-bad-line", "error", "A v4 entry without a string id: skipped");
			return;
		}
		if (entry.parentId === undefined) entry.parentId = null;
		if (typeof entry.type !== "string" || !V4_ENTRY_TYPES.has(entry.type)) {
			this.issue(
				line,
				"unknown-entry-type",
				"warning",
				`Entry type ${JSON.stringify(entry.type)} is not one the v4 harness defines: kept and shown`,
				entry.id,
			);
		}
		const lane = fieldOf(entry, "lane");
		if (typeof lane === "string") {
			const leaf = this.lanes.get(lane);
			if (leaf === undefined) {
				this.issue(
					line,
					"harness-lane-mismatch",
					"warning",
					`Entry on lane ${JSON.stringify(lane)}, which no lane line created`,
					entry.id,
				);
			} else if (leaf !== entry.parentId) {
				this.issue(
					line,
					"harness-lane-mismatch",
					"warning",
					`Entry's parentId is not lane ${JSON.stringify(lane)}'s leaf (${String(leaf)}), as the harness requires`,
					entry.id,
				);
			}
			this.lanes.set(lane, entry.id);
		}
		this.entries.push(entry);
		this.lines.push(line);
		this.byId.set(entry.id, entry);
	}

	finish(): ReadSession {
		for (const [id, label] of this.labels) {
			const e = this.byId.get(id);
			if (e) e.v4Label = label;
		}
		for (const r of this.records) {
			const e = r.entryId === null ? undefined : this.byId.get(r.entryId);
			if (e) e.v4Records = [...(e.v4Records ?? []), r.record];
		}
		for (const [lane, leaf] of this.lanes) {
			const e = leaf === null ? undefined : this.byId.get(leaf);
			if (e) e.v4Lanes = [...(e.v4Lanes ?? []), lane];
		}
		this.issues.push({
			line: this.headerLine,
			severity: "info",
			code: "harness-experimental",
			message: "Experimental: pi's v4 format is not released yet; this session opens read-only",
		});
		const name = this.name?.trim();
		return {
			header: this.header,
			entries: this.entries,
			lines: this.lines,
			issues: this.issues,
			leafId: this.lanes.get("main") ?? null,
			version: 4,
			...(name ? { title: name } : {}),
			v4: { lanes: [...this.lanes], records: this.records },
		};
	}
}
