import { useMemo, useState } from "react";
import { type LabAddition, type LabChoice, type LabChoices, labChoices, type SessionEntry } from "../../../core";
import { askLabChoices, type HostHandle, labOverlay } from "../../../workers/client";
import { useSessionIndex } from "../../hooks/useSession";
import { useWorkerAnswer } from "../../hooks/useWorkerAnswer";

export type LabKind = "legacy" | "tail" | "branch-summary" | "context-edit" | "user" | "assistant";

export const LAB_KINDS: readonly { kind: LabKind; label: string; hint: string }[] = [
	{
		kind: "legacy",
		label: "Compaction (legacy: firstKeptEntryId)",
		hint: "The model then gets the summary, the entries from the kept entry up to the compaction, and what follows.",
	},
	{
		kind: "tail",
		label: "Compaction (retainedTail)",
		hint: "A checkpoint: the summary plus copies of the messages from the chosen entry on. Nothing before it is read.",
	},
	{
		kind: "branch-summary",
		label: "Branch summary",
		hint: "Tells the model what another branch found: sent as a user message wrapped in the branch-summary text.",
	},
	{
		kind: "context-edit",
		label: "Context edit",
		hint: "Replaces an earlier entry's content in the context, or omits it. The entry itself stays in the file.",
	},
	{ kind: "user", label: "User message", hint: "A new user turn: sent to the provider as it is." },
	{ kind: "assistant", label: "Assistant message", hint: "A reply, recorded with the model the path uses." },
];

/** The default entry a compaction keeps from: the last user message on the path. */
function lastUser(path: readonly LabChoice[]): string {
	for (let i = path.length - 1; i >= 0; i--) if (path[i].kind === "user") return path[i].id;
	return path[0]?.id ?? "";
}

/** A choice that is still on offer, else `fallback` (choices change with the parent). */
const valid = (id: string, list: readonly LabChoice[], fallback: string) =>
	list.some((c) => c.id === id) ? id : fallback;

const NO_CHOICES: LabChoices = { path: [], targets: [], others: [] };

/**
 * The lab's choices under `parentId` as the worker holding a lean session's file reads them (none
 * while it is asked, or when it could not answer: the pickers stay empty, adding says what went
 * wrong).
 */
function useHostedChoices(
	host: HostHandle | undefined,
	entries: readonly SessionEntry[] | undefined,
	parentId: string | null,
): LabChoices {
	const said = useWorkerAnswer(
		host && entries && parentId ? () => askLabChoices(host, parentId, labOverlay(host, entries)) : null,
		[entries, parentId],
		[host],
	);
	return said && "answer" in said ? said.answer : NO_CHOICES;
}

/**
 * The lab form's fields, the pickers' choices under `parentId` and the addition they describe.
 * The choices (O(path)) are only worked out while the lab is `active`; the fields keep their
 * values while it is not.
 */
export function useLabForm(parentId: string | null, active: boolean) {
	const { session } = useSessionIndex();
	const entries = session?.entries;
	// A lean session's entries are skeletons: its worker reads the choices from the file.
	const host = session?.lean ? session.host : undefined;
	const here = useMemo(
		() => (!host && active && entries && parentId ? labChoices(entries, parentId) : NO_CHOICES),
		[host, active, entries, parentId],
	);
	const hosted = useHostedChoices(host, active ? entries : undefined, parentId);
	const choices = host ? hosted : here;
	const [kind, setKind] = useState<LabKind>("legacy");
	const [kept, setKept] = useState("");
	const [from, setFrom] = useState("");
	const [target, setTarget] = useState("");
	const [omit, setOmit] = useState(false);
	const [summary, setSummary] = useState("What-if summary: the goal, what was done so far and what is left.");
	const [text, setText] = useState("What if I asked this instead?");
	const [replacement, setReplacement] = useState("(shortened by a what-if context edit)");
	const fromChoices = choices.others.length > 0 ? choices.others : choices.path;
	const values = {
		kind,
		kept: valid(kept, choices.path, lastUser(choices.path)),
		from: valid(from, fromChoices, fromChoices[0]?.id ?? ""),
		target: valid(target, choices.targets, choices.targets[choices.targets.length - 1]?.id ?? ""),
		omit,
		summary,
		text,
		replacement,
	};

	const addition = (): LabAddition | null => {
		switch (kind) {
			case "legacy":
			case "tail":
				return {
					kind: "compaction",
					format: kind === "legacy" ? "legacy" : "retained-tail",
					keptEntryId: values.kept || null,
					summary,
				};
			case "branch-summary":
				return values.from ? { kind: "branch-summary", fromId: values.from, summary } : null;
			case "context-edit":
				return values.target
					? { kind: "context-edit", targetId: values.target, replacement: omit ? null : replacement }
					: null;
			case "user":
			case "assistant":
				return { kind: "message", role: kind, text };
		}
	};

	return {
		values,
		choices: { ...choices, from: fromChoices },
		set: {
			kind: setKind,
			kept: setKept,
			from: setFrom,
			target: setTarget,
			omit: setOmit,
			summary: setSummary,
			text: setText,
			replacement: setReplacement,
		},
		addition,
	};
}

export type LabForm = ReturnType<typeof useLabForm>;
