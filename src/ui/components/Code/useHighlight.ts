import type { Root } from "hast";
import { useEffect, useRef, useState } from "react";
import type { CodeLanguage } from "../../../core";
import { yieldToPage } from "../../../core/util/yield";

/**
 * Longer code stays plain: highlight.js took 60–180 ms for 20,000 characters of TypeScript on the
 * (shared, busy) development machine, and the main thread must never block that long.
 */
export const MAX_HIGHLIGHT_CHARS = 5_000;

type Highlight = (language: CodeLanguage, code: string) => Root;
type Prepare = (more: () => boolean) => boolean;
let loading: Promise<Highlight> | null = null;
let loaded: Highlight | null = null;
let prepare: Prepare | null = null;
let isPrepared: ((language: CodeLanguage) => boolean) | null = null;
/** Whether a file is being loaded: the grammars are prepared only once none is. */
let loadingFiles = false;
let preparing = false;

function loadHighlighter(): Promise<Highlight> {
	loading ??= import("./grammars").then((m) => {
		loaded = m.highlight;
		prepare = m.prepareGrammars;
		isPrepared = m.isPrepared;
		prepareWhenIdle();
		return m.highlight;
	});
	return loading;
}

/** How long one idle callback goes on preparing grammars. */
const IDLE_SLICE_MS = 6;

/**
 * Grammars are prepared a few at a time when the page is idle (each takes 1-5 ms), once no file
 * is loading: idle on the page is not idle on a machine whose cores scan a large file then (on two
 * cores, preparing them all took 110 ms of the first half second of a 100 MB file's scan). A
 * grammar code needs before is prepared then (see `highlight`).
 */
function prepareWhenIdle(): void {
	const run = prepare;
	if (!run || preparing || loadingFiles || typeof requestIdleCallback !== "function") return;
	preparing = true;
	const step = (deadline: IdleDeadline) => {
		// A few milliseconds per idle callback, not all the idle time there is: an idle period may
		// be 50 ms long, and one grammar can take 10 ms to compile, so a callback that fills it is
		// a long task in the way of a click.
		const until = performance.now() + IDLE_SLICE_MS;
		if (run(() => deadline.timeRemaining() > 8 && performance.now() < until)) return;
		if (loadingFiles) preparing = false;
		else requestIdleCallback(step);
	};
	requestIdleCallback(step);
}

/**
 * Fetches the highlighter while `busy` (a session loading: the page mostly waits on the worker
 * then), when the page is next idle, so that a session's first code is not kept waiting by it;
 * once nothing is loading, its grammars are set up in idle slices, so that a later click is not
 * kept waiting by that either (see `prepareGrammars`). The first screen still does not load it.
 */
export function usePreloadHighlighter(busy: boolean): void {
	useEffect(() => {
		loadingFiles = busy;
		if (!busy) prepareWhenIdle();
		if (!busy || loading) return;
		const start = () => void loadHighlighter();
		if (typeof requestIdleCallback === "function") {
			const id = requestIdleCallback(start, { timeout: 2000 });
			return () => cancelIdleCallback(id);
		}
		const id = setTimeout(start, 200);
		return () => clearTimeout(id);
	}, [busy]);
}

function run(highlight: Highlight, language: CodeLanguage, code: string): Root | null {
	try {
		return highlight(language, code);
	} catch {
		return null; // a grammar that fails on odd input leaves the code plain
	}
}

/**
 * Highlighting a render may do itself, per task (ms), with grammars compiled already. A panel that
 * shows many code blocks at once (a tip's context) highlights the first few as it renders and the
 * rest in slices after: on a slow machine, all of them in the render (a grammar compiled for the
 * first) took a third of a 100 ms task.
 */
const RENDER_BUDGET_MS = 4;
/** How long one slice of the queued highlighting runs before the page may draw and take input. */
const SLICE_MS = 6;
/** Spent by renders in this task; set back to 0 by the next task. */
let spentInTask = 0;
let resetQueued = false;

function renderBudgetLeft(): boolean {
	if (!resetQueued) {
		resetQueued = true;
		void yieldToPage().then(() => {
			spentInTask = 0;
			resetQueued = false;
		});
	}
	return spentInTask < RENDER_BUDGET_MS;
}

/** Highlighting in a render: counted against the task's budget. */
function runInRender(highlight: Highlight, language: CodeLanguage, code: string): Root | null {
	const start = performance.now();
	const tree = run(highlight, language, code);
	spentInTask += performance.now() - start;
	return tree;
}

/** Highlighting waiting for a slice, oldest first. */
const queue: (() => void)[] = [];
let pumping = false;

function enqueue(job: () => void): void {
	queue.push(job);
	if (pumping) return;
	pumping = true;
	void (async () => {
		while (queue.length > 0) {
			await yieldToPage();
			const until = performance.now() + SLICE_MS;
			while (queue.length > 0 && performance.now() < until) queue.shift()?.();
		}
		pumping = false;
	})();
}

/**
 * The highlighted tree of `code`, or null while the highlighter loads, without a language, or
 * for code over `MAX_HIGHLIGHT_CHARS`. The highlighter is fetched the first time code needs it;
 * code past a render's budget (see `RENDER_BUDGET_MS`) shows plain until its slice comes.
 */
export function useHighlight(code: string, language: CodeLanguage | null): Root | null {
	const wanted = language !== null && code.length > 0 && code.length <= MAX_HIGHLIGHT_CHARS;
	const [result, setResult] = useState<{ code: string; language: CodeLanguage; tree: Root | null } | null>(() =>
		wanted && loaded && isPrepared?.(language) && renderBudgetLeft()
			? { code, language, tree: runInRender(loaded, language, code) }
			: null,
	);
	// The committed result, for the queued job to see whether it is still needed.
	const current = useRef(result);
	useEffect(() => {
		current.current = result;
	}, [result]);
	useEffect(() => {
		if (!wanted || !language) return;
		const done = () => current.current?.code === code && current.current.language === language;
		if (done()) return;
		let live = true;
		void loadHighlighter().then((highlight) => {
			enqueue(() => {
				// Worked out here, not in a state updater: React would run every queued one in one render.
				if (live && !done()) setResult({ code, language, tree: run(highlight, language, code) });
			});
		});
		return () => {
			live = false;
		};
	}, [wanted, language, code]);
	return wanted && result && result.code === code && result.language === language ? result.tree : null;
}
