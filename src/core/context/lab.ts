import { normalizeMessage } from "../dialects/pi/context";
import { buildTreeIndex, getPath, type TreeIndex } from "../session/tree";
import { type AgentMessage, isEntry, type SessionEntry } from "../session/types";
import type { ContextAnalysis } from "./analysis";
import { analyzeContext } from "./context";
import { newEntryId } from "./export";
import { estimateTotalTokens } from "./tokens";

/** What the what-if lab can append under an entry of a scratch copy. */
export type LabAddition =
	| { kind: "compaction"; format: "legacy" | "retained-tail"; keptEntryId: string | null; summary: string }
	| { kind: "branch-summary"; fromId: string; summary: string }
	| { kind: "context-edit"; targetId: string; replacement: string | null }
	| { kind: "message"; role: "user" | "assistant"; text: string };

export interface LabOptions {
	/** ISO timestamp for the new entry. */
	now: string;
	random?: () => number;
}

/**
 * What building a lab entry reads of the session (see `labEntryFrom`): the ids taken, the context
 * at the parent, and the parent's path from the kept entry on.
 */
export interface LabSource {
	taken: { has(id: string): boolean };
	/** The builder's messages and model at `parentId` (only for a compaction or a message). */
	contextAt(parentId: string): { messages: readonly AgentMessage[]; model: ContextAnalysis["model"] };
	/**
	 * The whole entries of the path to `parentId` from `fromId` on, root first (empty when `fromId`
	 * is not on it); only for a retained-tail compaction with a kept entry.
	 */
	pathFrom(parentId: string, fromId: string): readonly SessionEntry[];
}

/**
 * Builds the entry `addition` describes, as a child of `parentId`, with a fresh id. A compaction
 * records the estimated context size at the parent as `tokensBefore`; the retained-tail format
 * copies the messages from `keptEntryId` to the parent into `retainedTail`.
 */
export function labEntry(
	entries: readonly SessionEntry[],
	parentId: string,
	addition: LabAddition,
	options: LabOptions,
	index: TreeIndex = buildTreeIndex(entries),
): SessionEntry {
	return labEntryFrom(
		{
			taken: index.byId,
			contextAt: (id) => analyzeContext(entries, id, index),
			pathFrom(id, fromId) {
				const path = getPath(entries, id, index);
				const from = path.findIndex((e) => e.id === fromId);
				return from < 0 ? [] : path.slice(from);
			},
		},
		parentId,
		addition,
		options,
	);
}

/** `labEntry` reading the session through `source` (a session held elsewhere, read on demand). */
export function labEntryFrom(
	source: LabSource,
	parentId: string,
	addition: LabAddition,
	options: LabOptions,
): SessionEntry {
	const id = newEntryId(source.taken, options.random);
	const base = { id, parentId, timestamp: options.now };
	const time = Date.parse(options.now);
	switch (addition.kind) {
		case "compaction": {
			const tokensBefore = estimateTotalTokens(source.contextAt(parentId).messages);
			if (addition.format === "legacy") {
				return {
					type: "compaction",
					...base,
					summary: addition.summary,
					tokensBefore,
					...(addition.keptEntryId ? { firstKeptEntryId: addition.keptEntryId } : {}),
				};
			}
			const retainedTail: AgentMessage[] = [];
			for (const e of addition.keptEntryId ? source.pathFrom(parentId, addition.keptEntryId) : []) {
				if (isEntry(e, "message") && e.message && typeof e.message === "object") {
					retainedTail.push(normalizeMessage(e.message));
				}
			}
			return { type: "compaction", ...base, summary: addition.summary, tokensBefore, retainedTail };
		}
		case "branch-summary":
			return { type: "branch_summary", ...base, fromId: addition.fromId, summary: addition.summary };
		case "context-edit":
			return {
				type: "context_edit",
				...base,
				targetId: addition.targetId,
				replacement: addition.replacement === null ? null : { content: addition.replacement },
			};
		case "message": {
			const model = source.contextAt(parentId).model;
			return addition.role === "user"
				? { type: "message", ...base, message: { role: "user", content: addition.text, timestamp: time } }
				: {
						type: "message",
						...base,
						message: {
							role: "assistant",
							content: [{ type: "text", text: addition.text }],
							provider: model?.provider ?? "what-if",
							model: model?.modelId ?? "what-if",
							stopReason: "stop",
							timestamp: time,
						},
					};
		}
		default: {
			const never: never = addition;
			return never;
		}
	}
}

/** A new entries array with `entry` appended (the input array is never changed). */
export function appendEntry(entries: readonly SessionEntry[], entry: SessionEntry): SessionEntry[] {
	return [...entries, entry];
}
