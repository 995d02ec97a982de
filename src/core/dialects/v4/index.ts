import type { SessionEntry } from "../../session/types";
import { analyzePiContext, piContextReads } from "../pi/context";
import { convertMessage } from "../pi/convert";
import type { DialectRules } from "../rules";
import { isV4Header, V4Reader } from "./reader";

/**
 * pi's harness v4 files (unreleased, `formats/pi-harness-v4.md`): a header line of their own, then
 * entry, lane, fact and record lines that `V4Reader` maps to entries. pi's rules with newer pi's
 * tool-result order; pi's conversion; labels from facts and lanes. Read-only.
 */
export const v4Rules: DialectRules = {
	name: "pi-v4",
	label: "pi harness",
	note: "experimental: pi's v4 format is not released yet; read-only",
	entryTypes: new Set(),
	roles: new Set(),
	claim(first, line, report) {
		return isV4Header(first) ? { dialect: "pi-v4", reader: new V4Reader(first, line, report) } : null;
	},
	analyze: (entries, leafId, index, path) =>
		analyzePiContext(entries, leafId, index, path, { dialect: "pi-v4", newerRules: true }),
	reads: piContextReads,
	convert: convertMessage,
	sumsAlongTree: () => false,
	agentLines: false,
	appends: false,
	readOnly: "pi's v4 format is experimental: its sessions open read-only",
	labels: v4Labels,
};

/** A v4 session's labels: its label facts, and "lane NAME" on each lane's leaf (a named leaf). */
function v4Labels(entries: readonly SessionEntry[]): Map<string, string> {
	const labels = new Map<string, string>();
	for (const e of entries) {
		const { v4Label, v4Lanes } = e;
		const lanes = Array.isArray(v4Lanes) && v4Lanes.length > 0 ? `lane ${v4Lanes.join(", ")}` : "";
		const label = typeof v4Label === "string" && v4Label !== "" ? v4Label : "";
		if (label || lanes) labels.set(e.id, label && lanes ? `${label} · ${lanes}` : label || lanes);
	}
	return labels;
}
