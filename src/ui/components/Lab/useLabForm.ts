import { useEffect, useState } from "react";
import type { LabAddition, LabChoice, LabChoices } from "../../../core";
import type { SessionReader } from "../../../store";
import { useOpenSession } from "../../hooks/useSession";

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
 * The lab's choices under `parentId`, as the worker holding the session reads them (none while it
 * is asked, or when it could not answer: the pickers stay empty, adding says what went wrong).
 */
function useChoices(reader: SessionReader | undefined, parentId: string | null): LabChoices {
	const [said, setSaid] = useState<{ reader: SessionReader; parentId: string; choices: LabChoices } | null>(null);
	useEffect(() => {
		if (!reader || !parentId) return;
		let live = true;
		reader.labChoices(parentId).then(
			(choices) => live && setSaid({ reader, parentId, choices }),
			() => live && setSaid({ reader, parentId, choices: NO_CHOICES }),
		);
		return () => {
			live = false;
		};
	}, [reader, parentId]);
	return said && said.reader === reader && said.parentId === parentId ? said.choices : NO_CHOICES;
}

/**
 * The lab form's fields, the pickers' choices under `parentId` and the addition they describe.
 * The choices (O(path)) are only worked out while the lab is `active`; the fields keep their
 * values while it is not.
 */
export function useLabForm(parentId: string | null, active: boolean) {
	const session = useOpenSession();
	// The worker that holds the session reads the choices from the file (only while the lab is open).
	const choices = useChoices(active ? session?.reader : undefined, parentId);
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
