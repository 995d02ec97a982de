import { appendEntry, labCopyText, labEntry, type SessionEntry } from "../../core";
import { askExport, askLabEntry, labOverlay } from "../../workers/client";
import type { LabActions, LabState } from "../teachTypes";
import type { GetStore, OpenSession, SetStore } from "../types";
import { copiedView, grownView } from "../view";

export const initialLabState: LabState = { lab: null, labError: null };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The download name of a lab copy: the original's name with `.what-if` before `.jsonl`. */
export function labFileName(fileName: string): string {
	const base = fileName.replace(/\.(jsonl|json|txt)$/i, "");
	return `${base}.what-if.jsonl`;
}

/** Hands `parts` to the browser as a file download (no network: a local object URL). */
function download(parts: BlobPart[], fileName: string): void {
	const url = URL.createObjectURL(new Blob(parts, { type: "application/jsonl" }));
	const a = document.createElement("a");
	a.href = url;
	a.download = fileName;
	a.style.display = "none";
	document.body.append(a);
	a.click();
	a.remove();
	setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function createLabSlice(set: SetStore, get: GetStore): LabActions {
	/** The lab session, when the open session is its scratch copy. */
	const active = () => {
		const { lab, session, shown } = get();
		return lab && session && shown && session.key === lab.key ? { lab, session, shown } : null;
	};

	/** Puts `entry` at the end of the lab copy and selects it. */
	const append = (current: NonNullable<ReturnType<typeof active>>, entry: SessionEntry) => {
		const { lab, session, shown } = current;
		const entries = appendEntry(session.entries, entry);
		const lastLine = session.lines.length > 0 ? session.lines[session.lines.length - 1] : 1;
		set({
			session: { ...session, entries, leafId: entry.id, lines: [...session.lines, lastLine + 1] },
			shown: grownView(shown, entries),
			selectedLeafId: entry.id,
			focusedEntryId: null,
			lab: {
				...lab,
				history: [...lab.history, { entries: session.entries, shown, selectedLeafId: get().selectedLeafId }],
				added: [...lab.added, entry.id],
			},
			labError: null,
		});
		if (get().findQuery) get().runFind();
	};

	return {
		enterLab() {
			const { session, shown, selectedLeafId } = get();
			// (A lean session's lab adds its entries as an overlay the worker reads beside the file.)
			if (!session || !shown || active()) return;
			const key = `lab:${session.key}`;
			const scratch: OpenSession = { ...session, key, stored: false, entries: [...session.entries] };
			set({
				lab: { original: session, originalShown: shown, originalLeafId: selectedLeafId, key, history: [], added: [] },
				labError: null,
				session: scratch,
				shown: copiedView(shown, scratch.entries),
			});
		},

		labAppend(parentId, addition) {
			const current = active();
			if (!current) return;
			const { session } = current;
			const now = new Date().toISOString();
			const host = session.lean ? session.host : undefined;
			if (host) {
				// A lean session's entry is built in the worker that holds the file (it reads what it needs).
				askLabEntry(host, parentId, addition, now, labOverlay(host, session.entries)).then(
					(entry) => {
						const still = active();
						if (still && still.session.entries === session.entries) append(still, entry);
					},
					(err: unknown) => set({ labError: `The entry could not be added: ${errorText(err)}` }),
				);
				return;
			}
			try {
				append(current, labEntry(session.entries, parentId, addition, { now }));
			} catch (err) {
				set({ labError: `The entry could not be added: ${errorText(err)}` });
			}
		},

		labUndo() {
			const current = active();
			if (!current || current.lab.history.length === 0) return;
			const { lab, session } = current;
			const last = lab.history[lab.history.length - 1];
			const leafId = last.entries.length > 0 ? last.entries[last.entries.length - 1].id : null;
			set({
				session: { ...session, entries: last.entries, leafId, lines: session.lines.slice(0, last.entries.length) },
				shown: last.shown,
				selectedLeafId: last.selectedLeafId,
				focusedEntryId: null,
				lab: { ...lab, history: lab.history.slice(0, -1), added: lab.added.slice(0, -1) },
				labError: null,
			});
			if (get().findQuery) get().runFind();
		},

		exportLab() {
			const current = active();
			if (!current) return;
			const { session, lab } = current;
			const host = session.lean ? session.host : undefined;
			if (host) {
				// A lean session's file, as the worker exports it (migrated to version 3), then the lab's lines.
				const added = labOverlay(host, session.entries);
				askExport(host, { kind: "session", leafId: null })
					.then(async (file) => {
						const last = file.size > 0 ? await file.slice(file.size - 1).text() : "\n";
						const tail = added.map((e) => `${JSON.stringify(e)}\n`).join("");
						download([file, last === "\n" ? "" : "\n", tail], labFileName(lab.original.fileName));
					})
					.catch((err: unknown) => set({ labError: `The copy could not be exported: ${errorText(err)}` }));
				return;
			}
			try {
				download([labCopyText(session.header, session.entries)], labFileName(lab.original.fileName));
			} catch (err) {
				set({ labError: `The copy could not be exported: ${errorText(err)}` });
			}
		},

		leaveLab() {
			const current = active();
			const lab = get().lab;
			set({ lab: null, labError: null });
			if (!current || !lab) return;
			set({
				session: lab.original,
				shown: lab.originalShown,
				selectedLeafId: lab.originalLeafId,
				focusedEntryId: null,
			});
			if (get().findQuery) get().runFind();
		},
	};
}
