import { type FindRun, getTreeIndex, isFindActive, startFind } from "../../core";
import type { FindActions, FindState, GetStore, SetStore } from "../types";
import { yieldToPage } from "../yieldToPage";

const NO_HITS: readonly string[] = [];

export const initialFindState: FindState = {
	findQuery: "",
	findFilter: "default",
	findHits: NO_HITS,
	findHidden: 0,
	findActive: -1,
	findRunning: false,
};

/** Milliseconds of searching between yields to the page. */
const SLICE_MS = 12;

export function createFindSlice(set: SetStore, get: GetStore): FindActions {
	/** Each search gets a generation; a newer one makes older ones stop. */
	let generation = 0;

	async function search(run: FindRun, mine: number) {
		const session = get().session;
		if (!session) return;
		for (;;) {
			const t0 = performance.now();
			while (!run.done && performance.now() - t0 < SLICE_MS) run.next(256);
			if (run.done) break;
			await yieldToPage();
			if (mine !== generation) return;
		}
		const { entries } = session;
		const index = getTreeIndex(entries);
		// Entries hidden by a later line with the same id are not in the tree: leave them out.
		const hits = run.hits.filter((p) => index.live[p] === 1).map((p) => entries[p].id);
		set({ findHits: hits, findHidden: run.hidden, findActive: -1, findRunning: false });
	}

	return {
		setFindQuery(findQuery) {
			if (findQuery === get().findQuery) return;
			set({ findQuery });
			get().runFind();
		},

		setFindFilter(findFilter) {
			if (findFilter === get().findFilter) return;
			set({ findFilter });
			get().runFind();
		},

		runFind() {
			const mine = ++generation;
			const { session, findQuery, findFilter } = get();
			if (!session || !isFindActive(findQuery, findFilter)) {
				set({ findHits: NO_HITS, findHidden: 0, findActive: -1, findRunning: false });
				return;
			}
			set({ findRunning: true });
			void search(startFind(session.entries, findQuery, findFilter), mine);
		},

		goToHit(index) {
			const id = get().findHits[index];
			if (id === undefined) return;
			set({ findActive: index });
			get().selectLeaf(id);
			get().focusEntry(id);
		},

		stepHit(delta) {
			const { findHits, findActive } = get();
			const n = findHits.length;
			if (n === 0) return;
			const next = findActive === -1 ? (delta > 0 ? 0 : n - 1) : (findActive + delta + n) % n;
			get().goToHit(next);
		},
	};
}
