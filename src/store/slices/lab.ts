import { graphFromParts, type SessionEntry } from "../../core";
import { downloadBlob } from "../browser";
import type { OpenSession } from "../sessionTypes";
import type { LabActions, LabSession, LabState } from "../teachTypes";
import type { GetStore, SetStore } from "../types";

export const initialLabState: LabState = { lab: null, labError: null };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The download name of a lab copy: the original's name with `.what-if` before `.jsonl`. */
export function labFileName(fileName: string): string {
	const base = fileName.replace(/\.(jsonl|json|txt)$/i, "");
	return `${base}.what-if.jsonl`;
}

export function createLabSlice(set: SetStore, get: GetStore): LabActions {
	/** The lab, when the open session is its scratch copy. */
	const active = () => {
		const { lab, session } = get();
		return lab && session && session.key === lab.key ? lab : null;
	};

	/**
	 * Shows the lab's copy with `added` after the original's entries (the worker reads it as the
	 * original with those appended), selecting `leaf`.
	 */
	const showCopy = async (
		lab: LabSession,
		added: SessionEntry[],
		leaf: string | null,
		selectedBefore: (string | null)[],
	) => {
		const reader = lab.original.reader.withOverlay(added);
		const outline = await reader.outline();
		// Another lab step, or the lab left, meanwhile: this one is not shown.
		if (get().lab !== lab && get().lab?.original !== lab.original) return;
		const copy: OpenSession = {
			...lab.original,
			...outline.facts,
			reader,
			key: lab.key,
			stored: false,
			graph: graphFromParts(outline.graph),
			tips: outline.tips,
		};
		const next: LabSession = { ...lab, added, selectedBefore };
		set({ lab: next, labError: null });
		get().showSession(copy);
		if (leaf !== null) get().selectLeaf(leaf);
		if (get().findQuery) get().runFind();
	};

	return {
		enterLab() {
			const { session, selectedLeafId } = get();
			if (!session || active()) return;
			const lab: LabSession = {
				original: session,
				originalLeafId: selectedLeafId,
				key: `lab:${session.key}`,
				added: [],
				selectedBefore: [],
			};
			set({ lab, labError: null });
			get().showSession({ ...session, key: lab.key, stored: false });
			if (selectedLeafId !== null) get().selectLeaf(selectedLeafId);
		},

		labAppend(parentId, addition) {
			const lab = active();
			const session = get().session;
			if (!lab || !session) return;
			const now = new Date().toISOString();
			// The entry is built in the worker that holds the file (it reads what it needs).
			session.reader.labEntry(parentId, addition, now).then(
				(entry) => {
					if (get().lab !== lab) return;
					void showCopy(lab, [...lab.added, entry], entry.id, [...lab.selectedBefore, get().selectedLeafId]).catch(
						(err: unknown) => set({ labError: `The entry could not be added: ${errorText(err)}` }),
					);
				},
				(err: unknown) => set({ labError: `The entry could not be added: ${errorText(err)}` }),
			);
		},

		labUndo() {
			const lab = active();
			if (!lab || lab.added.length === 0) return;
			const before = lab.selectedBefore[lab.selectedBefore.length - 1] ?? null;
			void showCopy(lab, lab.added.slice(0, -1), before, lab.selectedBefore.slice(0, -1)).catch((err: unknown) =>
				set({ labError: `The entry could not be taken back: ${errorText(err)}` }),
			);
		},

		exportLab() {
			const lab = active();
			if (!lab) return;
			// The file as the worker exports it (migrated to version 3), then the lab's lines.
			lab.original.reader
				.export({ kind: "session", leafId: null })
				.then(async (file) => {
					const last = file.size > 0 ? await file.slice(file.size - 1).text() : "\n";
					const tail = lab.added.map((e) => `${JSON.stringify(e)}\n`).join("");
					downloadBlob(
						new Blob([file, last === "\n" ? "" : "\n", tail], { type: "application/jsonl" }),
						labFileName(lab.original.fileName),
					);
				})
				.catch((err: unknown) => set({ labError: `The copy could not be exported: ${errorText(err)}` }));
		},

		leaveLab() {
			const lab = get().lab;
			set({ lab: null, labError: null });
			if (!lab || get().session?.key !== lab.key) return;
			get().showSession(lab.original);
			if (lab.originalLeafId !== null) get().selectLeaf(lab.originalLeafId);
			if (get().findQuery) get().runFind();
		},
	};
}
