import { releaseHost } from "../../workers/client";
import { hostedContext } from "../hostedContext";
import type { GetStore, SessionActions, SessionState, SetStore } from "../types";
import { withCountedLeaves } from "../view";

export const initialSessionState: SessionState = {
	session: null,
	shown: null,
	selectedLeafId: null,
	focusedEntryId: null,
	expanded: new Set(),
};

export function createSessionSlice(set: SetStore, get: GetStore): SessionActions {
	return {
		openSession(session, view) {
			// The worker may let go of a file the page no longer shows. Not of another open of the same
			// session: two opens of it may race (a link and a click), and the one shown last may be
			// either; the worker keeps only its latest few sessions anyway.
			const before = get().session;
			if (before?.host && before.host !== session.host && before.key !== session.key) releaseHost(before.host);
			set({ session, shown: view, selectedLeafId: null, focusedEntryId: null, expanded: new Set() });
		},
		takeCountedLeaves(index, leaves) {
			const { shown } = get();
			if (!leaves || shown?.index !== index) return;
			set({ shown: withCountedLeaves(shown, leaves) });
		},
		takeLeanChecks(host, issues) {
			const session = get().session;
			if (!session || session.host !== host || session.leanChecks !== "running") return;
			if (issues) {
				set({ session: { ...session, issues: [...issues, ...(session.grownIssues ?? [])], leanChecks: "done" } });
				return;
			}
			// The notice said the checks were running: now it says they stopped.
			const notices = session.issues.map((i) =>
				i.code === "lean-session"
					? {
							...i,
							message: `${i.message.split(";")[0]}; its checks stopped before they finished (open it again to run them)`,
						}
					: i,
			);
			set({ session: { ...session, issues: notices, leanChecks: "stopped" } });
		},
		closeSession() {
			const before = get().session?.host;
			if (before) releaseHost(before);
			set({ ...initialSessionState, expanded: new Set() });
		},
		selectLeaf(id) {
			// A session the worker holds: the question goes out before the page draws the choice.
			const { session, shown } = get();
			if (session?.partial && session.host && shown) void hostedContext(session.host, shown, id).catch(() => {});
			set({ selectedLeafId: id });
		},
		focusEntry(id) {
			set({ focusedEntryId: id });
		},
		toggleSegment(segmentId) {
			// A lean session's runs open too, their nodes read from the file (see the graph's `useLeanFaces`).
			const expanded = new Set(get().expanded);
			if (expanded.has(segmentId)) expanded.delete(segmentId);
			else expanded.add(segmentId);
			set({ expanded });
		},
	};
}
