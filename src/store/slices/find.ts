import {
	entryIdAt,
	type FindFilter,
	type FindRun,
	isFindActive,
	type SessionEntry,
	type SnippetPart,
	startFind,
} from "../../core";
import { yieldToPage } from "../../core/util/yield";
import { getFindSplitFromBytes } from "../../storage/prefs";
import { askFind, askSnippets, type HostHandle } from "../../workers/client";
import type { FindActions, FindState, GetStore, SetStore } from "../types";

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

/** Milliseconds of searching between yields to the page. */
const SLICE_MS = 12;

export function createFindSlice(set: SetStore, get: GetStore): FindActions {
	/** Each search gets a generation; a newer one makes older ones stop. */
	let generation = 0;
	/**
	 * What the rows of the current lean search show, by hit id: filled as its batches come (in
	 * place) and as `showHits` is answered (copied, so that the rows see a new map).
	 */
	let shown = new Map<string, { kind: string; parts: SnippetPart[] }>();
	/** Hits of the current search whose rows were asked for (each is asked once). */
	let asked = new Set<string>();

	async function search(run: FindRun, mine: number) {
		const { session, shown: view } = get();
		if (!session || view?.entries !== session.entries) return;
		const { entries } = session;
		const { index } = view;
		// Entries hidden by a later line with the same id are not in the tree: leave them out.
		const hits: string[] = [];
		const hitAt: number[] = [];
		let taken = 0;
		const take = () => {
			for (; taken < run.hits.length; taken++) {
				const p = run.hits[taken];
				if (index.live[p] === 1) {
					hits.push(entryIdAt(entries, p) as string);
					hitAt.push(p);
				}
			}
		};
		let lastShown = performance.now();
		for (;;) {
			const t0 = performance.now();
			while (!run.done && performance.now() - t0 < SLICE_MS) run.next(256);
			if (run.done) break;
			// The hits so far show while the search goes on.
			if (t0 - lastShown > SHOW_EVERY_MS && run.hits.length > taken) {
				take();
				lastShown = t0;
				set({
					findHits: hits.slice(),
					findHitAt: hitAt.slice(),
					findHidden: run.hidden,
					findActive: -1,
					findShown: null,
				});
			}
			await yieldToPage();
			if (mine !== generation) return;
		}
		take();
		set({
			findHits: hits,
			findHitAt: hitAt,
			findHidden: run.hidden,
			findActive: -1,
			findRunning: false,
			findShown: null,
		});
	}

	/** A lean session is searched by the worker that holds its file; hits are shown as they come. */
	async function searchInWorker(
		host: HostHandle,
		entries: readonly SessionEntry[],
		query: string,
		filter: FindFilter,
		mine: number,
	) {
		const hits: string[] = [];
		const hitAt: number[] = [];
		// One map, filled as hits come (the hits array is new each time it is shown).
		shown = new Map();
		asked = new Set();
		let hidden = 0;
		let lastShown = 0;
		// The first hits show at once; later ones less and less often (a million hits stay cheap).
		let every = SHOW_EVERY_MS;
		const show = (running: boolean) =>
			set({
				findHits: hits.slice(),
				findHitAt: hitAt.slice(),
				findShown: shown,
				findHidden: hidden,
				findActive: -1,
				findRunning: running,
			});
		try {
			await askFind(
				host,
				query,
				filter,
				(batch, done) => {
					if (mine !== generation) return;
					const first = hits.length === 0;
					for (let i = 0; i < batch.hits.length; i++) {
						const id = entryIdAt(entries, batch.hits[i]) as string;
						hits.push(id);
						hitAt.push(batch.hits[i]);
						// Only the search's first hits come with their excerpts (see `showHits`).
						if (i < batch.snippets.length) shown.set(id, { kind: batch.kinds[i], parts: batch.snippets[i] });
					}
					hidden += batch.hidden;
					const now = Date.now();
					if (done || (batch.hits.length > 0 && (first || now - lastShown > every))) {
						if (!first) every = Math.min(every * 2, MAX_SHOW_EVERY_MS);
						lastShown = now;
						show(!done);
					}
				},
				getFindSplitFromBytes(),
			);
		} catch {
			if (mine === generation) show(false);
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
			if (session.lean && session.host) void searchInWorker(session.host, session.entries, findQuery, findFilter, mine);
			else void search(startFind(session.entries, findQuery, findFilter), mine);
		},

		goToHit(index) {
			const id = get().findHits[index];
			if (id === undefined) return;
			set({ findActive: index });
			get().selectLeaf(id);
			get().focusEntry(id);
		},

		showHits(ids, at) {
			const { session, shown: view, findQuery } = get();
			if (!session?.lean || !session.host || !view) return;
			const mine = generation;
			const { index } = view;
			const wanted: string[] = [];
			const positions: number[] = [];
			for (let i = 0; i < ids.length; i++) {
				const id = ids[i];
				// Where the rows say (see `findHitAt`); else looked up.
				const p = at?.[i] ?? index.byId.get(id);
				if (p === undefined || shown.has(id) || asked.has(id)) continue;
				asked.add(id);
				wanted.push(id);
				positions.push(p);
			}
			if (positions.length === 0) return;
			const forSearch = asked;
			askSnippets(session.host, positions, findQuery).then(
				({ kinds, snippets }) => {
					if (mine !== generation) return;
					shown = new Map(shown);
					for (let i = 0; i < wanted.length; i++) shown.set(wanted[i], { kind: kinds[i], parts: snippets[i] });
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
