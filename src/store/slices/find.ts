import { type FindFilter, isFindActive } from "../../core";
import { getFindSplitFromBytes } from "../../storage/prefs";
import { isCancelled, type SessionReader } from "../../workers/reader";
import type { FindActions, FindState, FoundShown, GetStore, SetStore } from "../types";

const NO_HITS: readonly string[] = [];
const NO_POSITIONS: readonly number[] = [];

export const initialFindState: FindState = {
	findQuery: "",
	findFilter: "default",
	findHits: NO_HITS,
	findHitAt: NO_POSITIONS,
	findHidden: 0,
	findActive: -1,
	findRunning: false,
	findShown: null,
};

/** How often hits found by the worker are shown while it searches on. */
const SHOW_EVERY_MS = 100;
const MAX_SHOW_EVERY_MS = 2000;

export function createFindSlice(set: SetStore, get: GetStore): FindActions {
	/** Each search gets a generation; a newer one makes older ones stop. */
	let generation = 0;
	/**
	 * What the rows of the current search show, by hit id: filled as its batches come (in
	 * place) and as `showHits` is answered (copied, so that the rows see a new map).
	 */
	let shown = new Map<string, FoundShown>();
	/** Hits of the current search whose rows were asked for (each is asked once). */
	let asked = new Set<string>();

	/** The running search, stopped when a newer one starts. */
	let running: AbortController | null = null;

	/** Searches the open session in the worker that holds it; hits are shown as they come. */
	async function search(reader: SessionReader, query: string, filter: FindFilter, mine: number) {
		running?.abort();
		const stop = new AbortController();
		running = stop;
		const hits: string[] = [];
		const hitAt: number[] = [];
		// One map, filled as hits come (the hits array is new each time it is shown).
		shown = new Map();
		asked = new Set();
		let hidden = 0;
		let lastShown = 0;
		// The first hits show at once; later ones less and less often (a million hits stay cheap).
		let every = SHOW_EVERY_MS;
		const show = (stillRunning: boolean) =>
			set({
				findHits: hits.slice(),
				findHitAt: hitAt.slice(),
				findShown: shown,
				findHidden: hidden,
				findActive: -1,
				findRunning: stillRunning,
			});
		try {
			await reader.find(
				query,
				filter,
				(batch) => {
					if (mine !== generation) return;
					const first = hits.length === 0;
					for (let i = 0; i < batch.hits.length; i++) {
						const id = batch.ids[i];
						hits.push(id);
						hitAt.push(batch.hits[i]);
						// Only the search's first hits come with their excerpts (see `showHits`).
						if (i < batch.snippets.length)
							shown.set(id, { kind: batch.kinds[i], parts: batch.snippets[i], label: batch.labels[i] });
					}
					hidden += batch.hidden;
					const now = Date.now();
					if (batch.hits.length > 0 && (first || now - lastShown > every)) {
						if (!first) every = Math.min(every * 2, MAX_SHOW_EVERY_MS);
						lastShown = now;
						show(true);
					}
				},
				stop.signal,
				getFindSplitFromBytes(),
			);
			if (mine === generation) show(false);
		} catch (err) {
			if (mine === generation && !isCancelled(err)) show(false);
		} finally {
			if (running === stop) running = null;
		}
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
				set({ ...initialFindState, findQuery, findFilter });
				return;
			}
			set({ findRunning: true });
			void search(session.reader, findQuery, findFilter, mine);
		},

		goToHit(index) {
			const id = get().findHits[index];
			if (id === undefined) return;
			set({ findActive: index });
			get().selectLeaf(id);
			get().focusEntry(id, get().findHitAt[index]);
		},

		showHits(ids, at) {
			const { session, findQuery } = get();
			if (!session) return;
			const mine = generation;
			const wanted: string[] = [];
			const positions: number[] = [];
			for (let i = 0; i < ids.length; i++) {
				const id = ids[i];
				const p = at[i];
				if (p === undefined || shown.has(id) || asked.has(id)) continue;
				asked.add(id);
				wanted.push(id);
				positions.push(p);
			}
			if (positions.length === 0) return;
			const forSearch = asked;
			session.reader.snippets(positions, findQuery).then(
				({ kinds, snippets, labels }) => {
					if (mine !== generation) return;
					shown = new Map(shown);
					for (let i = 0; i < wanted.length; i++)
						shown.set(wanted[i], { kind: kinds[i], parts: snippets[i], label: labels[i] });
					set({ findShown: shown });
				},
				() => {
					// Asked again when shown again.
					for (const id of wanted) forSearch.delete(id);
				},
			);
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
