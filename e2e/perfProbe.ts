import type { BrowserContext, CDPSession, Page } from "@playwright/test";

/**
 * In-page instruments for the browser benchmark (e2e/perf.perf.spec.ts). Installed before any of
 * the app's scripts run (`page.addInitScript`), they record, on the page's own clock:
 * - every long task (> 50 ms) of the main thread, buffered from the start, and every long
 *   animation frame with blocking time, with the scripts that ran in it (for `BENCH_FRAMES`);
 * - when a load starts: the file input's `change`, or a click on a library item;
 * - when the view is interactive after it: the first frame with graph nodes and leaf rows (for a
 *   large file that is its preview);
 * - when every entry is in: the first frame with the inspector (the context of the current leaf).
 */
export interface PerfWindow {
	__perf: {
		longTasks: { start: number; duration: number }[];
		/** Long animation frames with the scripts that ran in them (see `frameScripts`). */
		frames: LongFrame[];
		/** performance.now() of the last load start, and of the first interactive frame after it. */
		start: number | null;
		interactive: number | null;
		full: number | null;
	};
}

/** A long animation frame (> 50 ms) and the scripts that ran in it, for `BENCH_FRAMES`. */
export interface LongFrame {
	start: number;
	duration: number;
	/** Forced style and layout in its scripts. */
	layoutMs: number;
	/** The frame's rendering after its scripts (style, layout, paint). */
	renderMs: number;
	scripts: { ms: number; invoker: string; source: string; layoutMs: number }[];
}

function install(): void {
	const perf: PerfWindow["__perf"] = { longTasks: [], frames: [], start: null, interactive: null, full: null };
	(window as unknown as PerfWindow).__perf = perf;
	new PerformanceObserver((list) => {
		for (const e of list.getEntries()) perf.longTasks.push({ start: e.startTime, duration: e.duration });
	}).observe({ type: "longtask", buffered: true });
	interface LoafScript {
		duration: number;
		invoker: string;
		sourceURL: string;
		sourceFunctionName: string;
		sourceCharPosition: number;
		forcedStyleAndLayoutDuration: number;
	}
	interface Loaf {
		startTime: number;
		duration: number;
		renderStart: number;
		blockingDuration: number;
		scripts: LoafScript[];
	}
	try {
		new PerformanceObserver((list) => {
			for (const e of list.getEntries() as unknown as Loaf[]) {
				if (e.blockingDuration <= 0) continue;
				perf.frames.push({
					start: e.startTime,
					duration: e.duration,
					layoutMs: e.scripts.reduce((s, x) => s + x.forcedStyleAndLayoutDuration, 0),
					renderMs: e.renderStart > 0 ? e.startTime + e.duration - e.renderStart : 0,
					scripts: e.scripts.map((x) => ({
						ms: Math.round(x.duration),
						invoker: x.invoker,
						source: `${x.sourceURL.replace(/^.*\//, "")}:${x.sourceCharPosition} ${x.sourceFunctionName}`,
						layoutMs: Math.round(x.forcedStyleAndLayoutDuration),
					})),
				});
			}
		}).observe({ type: "long-animation-frame", buffered: true });
	} catch {
		// A browser without long-animation-frame entries: only the long tasks are known.
	}
	/** The load being watched: a newer one ends an older one's frames. */
	let watching = 0;
	const watch = (at: number) => {
		perf.start = at;
		perf.interactive = null;
		perf.full = null;
		const mine = ++watching;
		// Each is stamped at the start of the first frame that shows it: the frame after the DOM change
		// that put it in. Looked for when the DOM changes, not in every frame: a callback in every
		// frame would make the page draw ~60 frames a second while it loads, which costs the cores
		// the app works on (the compositor's and the GPU process's threads, in software rendering)
		// and no user's page does.
		let interactiveDue = false;
		let fullDue = false;
		const look = () => {
			if (mine !== watching) {
				observer.disconnect();
				return;
			}
			// Until both are seen: the inspector may show before the graph's first nodes (a reopen from a stored index).
			if (perf.interactive === null && !interactiveDue && document.querySelector(".react-flow__node")) {
				if (document.querySelector("[data-testid=leaf-item]")) {
					interactiveDue = true;
					requestAnimationFrame(() => {
						if (mine === watching) perf.interactive = performance.now();
					});
				}
			}
			if (perf.full === null && !fullDue && document.querySelector("[data-testid=context-panel]")) {
				fullDue = true;
				requestAnimationFrame(() => {
					if (mine === watching) perf.full = performance.now();
				});
			}
			if (interactiveDue && fullDue) observer.disconnect();
		};
		const observer = new MutationObserver(look);
		observer.observe(document.documentElement, { childList: true, subtree: true });
		look();
	};
	document.addEventListener(
		"change",
		(e) => {
			if ((e.target as HTMLElement | null)?.dataset?.testid === "file-input") watch(performance.now());
		},
		true,
	);
	document.addEventListener(
		"click",
		(e) => {
			if ((e.target as HTMLElement | null)?.closest?.("[data-testid=library-item]")) watch(e.timeStamp);
		},
		true,
	);
}

export async function installProbe(page: Page): Promise<void> {
	await page.addInitScript(install);
}

export interface LoadFigures {
	/** ms from the load start to the first interactive frame. */
	loadMs: number;
	/** ms from the load start to the first frame with the inspector (every entry parsed). */
	fullMs: number;
	/** The longest main-thread task from the load start until `settleMs` after the inspector showed. */
	longestTaskMs: number;
	/** Long tasks in that window, and their summed time. */
	longTasks: number;
	longTaskTotalMs: number;
}

/** Waits for the inspector after the last load start, then for `settleMs` more. */
export async function loadFigures(page: Page, settleMs: number, timeout: number): Promise<LoadFigures> {
	await page.waitForFunction(() => (window as unknown as PerfWindow).__perf.full !== null, null, {
		timeout,
		polling: 100,
	});
	await page.waitForTimeout(settleMs);
	return page.evaluate((settle) => {
		const p = (window as unknown as PerfWindow).__perf;
		const start = p.start as number;
		const end = (p.full as number) + settle;
		const tasks = p.longTasks.filter((t) => t.start + t.duration >= start && t.start <= end);
		return {
			loadMs: (p.interactive as number) - start,
			fullMs: (p.full as number) - start,
			longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
			longTasks: tasks.length,
			longTaskTotalMs: tasks.reduce((s, t) => s + t.duration, 0),
		};
	}, settleMs);
}

/** JS heap used by the page's main isolate after a full GC (CDP), in bytes. */
export async function heapUsed(cdp: CDPSession): Promise<number> {
	await cdp.send("HeapProfiler.enable");
	for (let i = 0; i < 2; i++) await cdp.send("HeapProfiler.collectGarbage");
	await cdp.send("Performance.enable");
	const { metrics } = await cdp.send("Performance.getMetrics");
	return metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? Number.NaN;
}

/**
 * Clicks the leaf row `id` (scrolled into view first) and measures, on the page's clock, from the
 * click event to the context panel's `data-count` changing, and to the frame after that.
 */
export async function timeLeafSelection(page: Page, id: string): Promise<{ updateMs: number; frameMs: number }> {
	const row = page.locator(`[data-testid=leaf-item][data-entry-id="${id}"]`);
	await row.scrollIntoViewIfNeeded();
	await page.evaluate((leafId) => {
		const w = window as unknown as { __selection?: Promise<{ updateMs: number; frameMs: number }> };
		w.__selection = new Promise((resolve) => {
			let clickAt: number | null = null;
			const panel = () => document.querySelector<HTMLElement>("[data-testid=context-panel]");
			const before = panel()?.dataset.count;
			const onClick = (e: Event) => {
				if ((e.target as HTMLElement).closest(`[data-entry-id="${CSS.escape(leafId)}"]`)) clickAt = e.timeStamp;
			};
			document.addEventListener("click", onClick, true);
			const observer = new MutationObserver(() => {
				const now = panel()?.dataset.count;
				if (clickAt === null || now === undefined || now === before) return;
				const updated = performance.now();
				const start = clickAt;
				observer.disconnect();
				document.removeEventListener("click", onClick, true);
				requestAnimationFrame(() =>
					requestAnimationFrame(() => resolve({ updateMs: updated - start, frameMs: performance.now() - start })),
				);
			});
			observer.observe(document.body, {
				subtree: true,
				childList: true,
				attributes: true,
				attributeFilter: ["data-count"],
			});
		});
	}, id);
	await row.click();
	return page.evaluate(
		() => (window as unknown as { __selection: Promise<{ updateMs: number; frameMs: number }> }).__selection,
	);
}

/** Puts the file at `path` in a hidden file input with `id` of its own in the page (read from there). */
async function fileInPage(page: Page, id: string, path: string): Promise<void> {
	await page.evaluate((inputId) => {
		const input = document.createElement("input");
		input.type = "file";
		input.id = inputId;
		input.hidden = true;
		document.body.append(input);
	}, id);
	await page.setInputFiles(`#${id}`, path);
}

/**
 * Split + JSON.parse of every line of the file at `path`, timed in the page (the floor for any
 * JSONL loader in this browser): the median of `runs`, after the text has been read once.
 */
export async function inPageJsonParse(page: Page, path: string, runs = 3): Promise<number> {
	await fileInPage(page, "perf-json-input", path);
	return page.evaluate(async (n) => {
		const input = document.getElementById("perf-json-input") as HTMLInputElement;
		const text = await (input.files as FileList)[0].text();
		const times: number[] = [];
		for (let r = 0; r < n; r++) {
			const t0 = performance.now();
			const out: unknown[] = [];
			for (const line of text.split("\n")) if (line.length > 0) out.push(JSON.parse(line));
			times.push(performance.now() - t0);
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
		input.remove();
		times.sort((a, b) => a - b);
		return times[times.length >> 1];
	}, runs);
}

/**
 * Opens the export dialog of the open session and waits until it is ready to download (the whole
 * file read and scanned for secrets): ms from the click, and the longest main-thread task meanwhile.
 */
export async function timeExportDialog(page: Page): Promise<{ readyMs: number; longestTaskMs: number }> {
	const start = await page.evaluate(() => performance.now());
	await page.getByTestId("export-button").click();
	await page.getByTestId("export-download").waitFor({ timeout: 120_000 });
	const figures = await page.evaluate((t0) => {
		const tasks = (window as unknown as PerfWindow).__perf.longTasks.filter((t) => t.start + t.duration >= t0);
		return { readyMs: performance.now() - t0, longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)) };
	}, start);
	await page.keyboard.press("Escape");
	return figures;
}

/**
 * A worker that does nothing but what any worker-side JSONL loader must: read the file as a
 * stream, decode it, split it into lines and `JSON.parse` each (no app code). Its time is the floor
 * under the app's load time, measured in the same browser.
 */
const BARE_WORKER = `onmessage = async (event) => {
	const t0 = performance.now();
	const reader = event.data.stream().getReader();
	const decoder = new TextDecoder();
	const out = [];
	let rest = "";
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		const lines = (rest + decoder.decode(value, { stream: true })).split("\\n");
		rest = lines.pop();
		for (const line of lines) if (line.length > 0) out.push(JSON.parse(line));
	}
	rest += decoder.decode();
	if (rest.length > 0) out.push(JSON.parse(rest));
	postMessage({ ms: performance.now() - t0, count: out.length });
};`;
const BARE_WORKER_PATH = "__bare-parse-worker.js";

/**
 * The bare worker's time for the file at `path` (from its first message to its answer, so worker
 * start-up is not counted: the app starts its parser with the page): the median of `runs`, each
 * in a fresh worker. Served from the page's own origin (the app's CSP allows only those workers).
 */
export async function bareWorkerParse(page: Page, path: string, runs = 3): Promise<{ ms: number; count: number }> {
	await page.route(`**/${BARE_WORKER_PATH}`, (route) =>
		route.fulfill({ contentType: "text/javascript", body: BARE_WORKER }),
	);
	await fileInPage(page, "perf-worker-input", path);
	return page.evaluate(
		async ({ n, script }) => {
			const input = document.getElementById("perf-worker-input") as HTMLInputElement;
			const file = (input.files as FileList)[0];
			const results: { ms: number; count: number }[] = [];
			for (let r = 0; r < n; r++) {
				const worker = new Worker(script);
				const result = await new Promise<{ ms: number; count: number }>((resolve, reject) => {
					worker.onmessage = (e) => resolve(e.data);
					worker.onerror = (e) => reject(new Error(e.message || "the bare worker failed"));
					worker.postMessage(file);
				});
				worker.terminate();
				results.push(result);
				await new Promise((resolve) => setTimeout(resolve, 300));
			}
			input.remove();
			results.sort((a, b) => a.ms - b.ms);
			return results[results.length >> 1];
		},
		{ n: runs, script: BARE_WORKER_PATH },
	);
}

/** The quiet page of the floors: the app's origin, none of its scripts, one file input. */
const QUIET_PATH = "__quiet-floor.html";
const QUIET_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>quiet floor</title></head><body><input type="file" id="quiet-floor-input"></body></html>`;

/**
 * One quiet floor: in a new page of `context` that runs nothing (a blank page served on the app's
 * origin by `page.route`, no script of the app), the file at `path` is given to a file input and
 * read in the page as a loader must: its bytes streamed (`file.stream()`), decoded as UTF-8
 * (streaming `TextDecoder`), split into lines and every non-empty line `JSON.parse`d. `keep`: the
 * parsed objects are kept in an array (floor A); else each is dropped at once (floor B, the bare
 * cost of reading every byte). Timed in the page from the first read to the last parse; `lines`:
 * the lines parsed. A line cut by a chunk is joined from its pieces once (no string grown chunk
 * by chunk: a 50 MB line stays linear).
 */
export async function quietFloor(
	context: BrowserContext,
	path: string,
	keep: boolean,
): Promise<{ ms: number; lines: number }> {
	const page = await context.newPage();
	try {
		await page.route(`**/${QUIET_PATH}`, (route) => route.fulfill({ contentType: "text/html", body: QUIET_PAGE }));
		await page.goto(`./${QUIET_PATH}`);
		await page.setInputFiles("#quiet-floor-input", path);
		await page.waitForTimeout(300);
		return await page.evaluate(async (keepObjects) => {
			const file = ((document.getElementById("quiet-floor-input") as HTMLInputElement).files as FileList)[0];
			const t0 = performance.now();
			const reader = file.stream().getReader();
			const decoder = new TextDecoder();
			const kept: unknown[] = [];
			let lines = 0;
			/** Pieces of the line cut by the chunk ends so far. */
			const pieces: string[] = [];
			const take = (line: string) => {
				if (line.length === 0) return;
				const value = JSON.parse(line);
				if (keepObjects) kept.push(value);
				lines++;
			};
			for (;;) {
				const { done, value } = await reader.read();
				const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
				let at = 0;
				for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", at)) {
					if (pieces.length > 0) {
						pieces.push(text.slice(at, nl));
						take(pieces.join(""));
						pieces.length = 0;
					} else take(text.slice(at, nl));
					at = nl + 1;
				}
				if (at < text.length) pieces.push(text.slice(at));
				if (done) break;
			}
			take(pieces.join(""));
			const ms = performance.now() - t0;
			return { ms, lines: keepObjects ? kept.length : lines };
		}, keep);
	} finally {
		await page.close().catch(() => {});
	}
}

export interface FrameFigures {
	frames: number;
	medianMs: number;
	p95Ms: number;
	maxMs: number;
	/** Most `.react-flow__node` elements seen in any frame. */
	maxNodes: number;
	longestTaskMs: number;
}

/** Starts recording frame intervals and rendered node counts (until `stopFrames`). */
export async function startFrames(page: Page): Promise<void> {
	await page.evaluate(() => {
		const w = window as unknown as { __frames: { times: number[]; maxNodes: number; on: boolean; t0: number } };
		const nodes = document.getElementsByClassName("react-flow__node");
		w.__frames = { times: [], maxNodes: nodes.length, on: true, t0: performance.now() };
		const tick = (t: number) => {
			const f = w.__frames;
			if (!f.on) return;
			f.times.push(t);
			f.maxNodes = Math.max(f.maxNodes, nodes.length);
			requestAnimationFrame(tick);
		};
		requestAnimationFrame(tick);
	});
}

export async function stopFrames(page: Page): Promise<FrameFigures> {
	return page.evaluate(() => {
		const w = window as unknown as { __frames: { times: number[]; maxNodes: number; on: boolean; t0: number } };
		const f = w.__frames;
		f.on = false;
		const gaps: number[] = [];
		for (let i = 1; i < f.times.length; i++) gaps.push(f.times[i] - f.times[i - 1]);
		gaps.sort((a, b) => a - b);
		const at = (q: number) => gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))] ?? 0;
		const tasks = (window as unknown as PerfWindow).__perf.longTasks.filter((t) => t.start >= f.t0);
		return {
			frames: gaps.length,
			medianMs: at(0.5),
			p95Ms: at(0.95),
			maxMs: gaps[gaps.length - 1] ?? 0,
			maxNodes: f.maxNodes,
			longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
		};
	});
}

// ---------------------------------------------------------------------------------------------
// Measurements for the shapes benchmark, from the outside: the page's test ids only.

/** Resolves when the load started last is interactive (the probe's frame) or the app refused it. */
export async function waitInteractive(
	page: Page,
	timeout: number,
): Promise<{ interactiveMs: number; at: number } | { refused: string }> {
	const handle = await page.waitForFunction(
		() => {
			const p = (window as unknown as PerfWindow).__perf;
			if (p.start !== null && p.interactive !== null) return { ms: p.interactive - p.start, at: p.interactive };
			const error = document.querySelector("[data-testid=load-error]");
			if (error) return { refused: (error.textContent ?? "").replace(/\s*Dismiss\s*$/, "").trim() };
			return null;
		},
		null,
		// A timer, not "raf": polling in every frame would make the page draw all the time (see `install`).
		{ timeout, polling: 16 },
	);
	const v = (await handle.jsonValue()) as { ms: number; at: number } | { refused: string };
	return "refused" in v ? v : { interactiveMs: v.ms, at: v.at };
}

/** The longest main-thread task overlapping [from, to] (page clock), and their count. */
export async function longestTask(page: Page, from: number, to: number): Promise<{ ms: number; count: number }> {
	return page.evaluate(
		([a, b]) => {
			const tasks = (window as unknown as PerfWindow).__perf.longTasks.filter(
				(t) => t.start + t.duration >= a && t.start <= b,
			);
			return { ms: Math.max(0, ...tasks.map((t) => t.duration)), count: tasks.length };
		},
		[from, to],
	);
}

/**
 * The long animation frames with blocking time overlapping [from, to] (page clock), longest first,
 * one line each with the scripts that took longest in it (for `BENCH_FRAMES`).
 */
export async function frameScripts(page: Page, from: number, to: number, most = 6): Promise<string[]> {
	const frames = await page.evaluate(
		([a, b]) =>
			(window as unknown as PerfWindow).__perf.frames.filter((f) => f.start + f.duration >= a && f.start <= b),
		[from, to],
	);
	return frames
		.sort((x, y) => y.duration - x.duration)
		.slice(0, most)
		.map((f) => {
			const scripts = [...f.scripts]
				.sort((x, y) => y.ms - x.ms)
				.slice(0, 4)
				.map((x) => `${x.ms} ms ${x.invoker} @ ${x.source}${x.layoutMs ? ` (layout ${x.layoutMs})` : ""}`);
			return `frame at +${Math.round(f.start - from)} ms: ${Math.round(f.duration)} ms (render ${Math.round(f.renderMs)}) | ${scripts.join(" | ")}`;
		});
}

/** Waits until the page clock passes `at`. */
export async function waitUntilPageTime(page: Page, at: number): Promise<void> {
	const now = await page.evaluate(() => performance.now());
	if (at > now) await page.waitForTimeout(at - now);
}

/**
 * Clicks the tip `id` in the leaf list as soon as its row exists (a virtualised list is scrolled
 * until it does) and measures, from the click, until the inspector shows that tip's context: the
 * row pressed, `[data-testid=context-panel]` with `data-count` set (changed, if another tip's
 * context was shown), and `context-entry` and `llm-message` rows rendered. The click is the row's
 * own `click()` in the page (what React handles for a real click), not Playwright's, whose
 * actionability checks wait for a quiet main thread and would click seconds late while loading.
 * `clickedAt` is the click's time on the page's clock.
 */
export async function timeTipClick(
	page: Page,
	id: string,
	timeout: number,
): Promise<{ ms: number; clickedAt: number; glanceMs: number | string }> {
	const result = await page.evaluate(
		async ({ leafId, ms }) => {
			const sel = `[data-testid=leaf-item][data-entry-id="${CSS.escape(leafId)}"]`;
			const frame = () => new Promise((r) => requestAnimationFrame(r));
			const started = performance.now();
			let row = document.querySelector<HTMLElement>(sel);
			const firstRow = () => document.querySelector("[data-testid=leaf-item]")?.getAttribute("data-entry-id");
			while (!row) {
				if (performance.now() - started > ms) return "timeout: no row for the tip";
				const list = document.querySelector<HTMLElement>("[data-testid=leaf-list]");
				const was = firstRow();
				if (list && list.scrollHeight > list.clientHeight) {
					// A screen less one row at a time; past the bottom (where the browser would clamp
					// and stay), start again at the top.
					const atEnd = list.scrollTop >= list.scrollHeight - list.clientHeight - 1;
					list.scrollTop = atEnd ? 0 : list.scrollTop + Math.max(50, list.clientHeight - 60);
				}
				// The virtual window follows the scroll a frame or two later.
				for (let f = 0; f < 4 && !row; f++) {
					await frame();
					row = document.querySelector<HTMLElement>(sel);
					if (firstRow() !== was) break;
				}
				row = document.querySelector<HTMLElement>(sel);
			}
			row.scrollIntoView({ block: "nearest" });
			const panel = () => document.querySelector<HTMLElement>("[data-testid=context-panel]");
			const pressed = row.getAttribute("aria-pressed") === "true";
			const before = panel()?.dataset.count;
			const mustChange = !pressed && before !== undefined;
			const shown = (el: Element | null | undefined) => !!el && el.getClientRects().length > 0;
			const clickAt = performance.now();
			row.click();
			let wasPressed = false;
			for (;;) {
				if (document.querySelector(sel)?.getAttribute("aria-pressed") === "true") wasPressed = true;
				const p = panel();
				const count = p?.dataset.count;
				if (
					wasPressed &&
					p &&
					count &&
					!(mustChange && count === before) &&
					shown(p.querySelector("[data-testid=context-entry]")) &&
					shown(p.querySelector("[data-testid=llm-message]"))
				) {
					const ms = performance.now() - clickAt;
					// Then the tip at a glance: its composition, its path chart drawn, its cost and the session's.
					const contextAt = performance.now();
					for (;;) {
						const q = panel();
						if (
							q?.querySelector("[data-testid=context-composition] [data-testid=composition-part]") &&
							q.querySelector("[data-testid=path-chart] .u-over") &&
							q.querySelector("[data-testid=tip-cost][data-usd]") &&
							q.querySelector("[data-testid=session-cost][data-usd]")
						) {
							return { ms, clickedAt: clickAt, glanceMs: performance.now() - contextAt };
						}
						if (performance.now() - contextAt > ms + 60_000)
							return { ms, clickedAt: clickAt, glanceMs: "timeout: the glance did not show" };
						await frame();
					}
				}
				if (performance.now() - clickAt > ms) return "timeout: the context did not show";
				await frame();
			}
		},
		{ leafId: id, ms: timeout },
	);
	if (typeof result === "string") throw new Error(result);
	return result;
}

/**
 * Types `word` into the find box (`[data-testid=find-input]`, one input event) and measures from
 * that event to the first `[data-testid=find-hit]` and to the final count: `find-count` shown and
 * no longer "Searching…" (its text while the search runs). Includes the box's debounce.
 */
export async function timeFind(
	page: Page,
	word: string,
	timeout: number,
): Promise<{ firstMs: number; allMs: number; hits: number }> {
	await page.evaluate((ms) => {
		const w = window as unknown as { __find?: Promise<{ firstMs: number; allMs: number; hits: number } | string> };
		w.__find = new Promise((resolve) => {
			let t0: number | null = null;
			let first: number | null = null;
			const onInput = (e: Event) => {
				if ((e.target as HTMLElement).dataset?.testid === "find-input" && t0 === null) t0 = e.timeStamp;
			};
			document.addEventListener("input", onInput, true);
			const started = performance.now();
			const check = () => {
				if (t0 !== null) {
					const now = performance.now();
					if (first === null && document.querySelector("[data-testid=find-hit]")) first = now;
					const count = document.querySelector<HTMLElement>("[data-testid=find-count]");
					if (count && !/searching/i.test(count.textContent ?? "")) {
						document.removeEventListener("input", onInput, true);
						const hits = Number(count.dataset.count);
						resolve({ firstMs: (first ?? now) - t0, allMs: now - t0, hits });
						return;
					}
				}
				if (performance.now() - started > ms) {
					document.removeEventListener("input", onInput, true);
					resolve("timeout");
					return;
				}
				requestAnimationFrame(check);
			};
			requestAnimationFrame(check);
		});
	}, timeout);
	await page.getByTestId("find-input").fill(word, { timeout });
	const result = await page.evaluate(
		() => (window as unknown as { __find: Promise<{ firstMs: number; allMs: number; hits: number } | string> }).__find,
	);
	if (typeof result === "string") throw new Error(result);
	return result;
}

/**
 * The page's dedicated workers over CDP. Playwright's CDP sessions cannot address a child session
 * (`flatten: true` needs a `sessionId` on each command), so this uses the non-flattened protocol:
 * `Target.setAutoAttach({ flatten: false })` on the page's session attaches every worker (those
 * already running too) and reports `Target.attachedToTarget`; commands go to a worker wrapped in
 * `Target.sendMessageToTarget`, answers come back as `Target.receivedMessageFromTarget`.
 */
export class WorkerProbe {
	private sessions = new Map<string, { url: string }>();
	private nextId = 1;
	private waiting = new Map<number, (v: unknown) => void>();

	constructor(private cdp: CDPSession) {
		cdp.on("Target.attachedToTarget", (e) => {
			if (e.targetInfo.type === "worker") this.sessions.set(e.sessionId, { url: e.targetInfo.url });
		});
		cdp.on("Target.detachedFromTarget", (e) => {
			if (e.sessionId) this.sessions.delete(e.sessionId);
		});
		cdp.on("Target.receivedMessageFromTarget", (e) => {
			const msg = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
			if (msg.id === undefined) return;
			const done = this.waiting.get(msg.id);
			if (!done) return;
			this.waiting.delete(msg.id);
			done(msg.error ? new Error(msg.error.message) : msg.result);
		});
	}

	async start(): Promise<void> {
		await this.cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
	}

	private async send(sessionId: string, method: string, timeout = 20_000): Promise<unknown> {
		const id = this.nextId++;
		const answer = new Promise((resolve, reject) => {
			const timer = setTimeout(() => {
				this.waiting.delete(id);
				reject(new Error(`${method}: no answer from the worker`));
			}, timeout);
			this.waiting.set(id, (v) => {
				clearTimeout(timer);
				if (v instanceof Error) reject(v);
				else resolve(v);
			});
		});
		await this.cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method }) });
		return answer;
	}

	private sampling: { on: boolean; peaks: Map<string, number>; done: Promise<void> } | null = null;

	/**
	 * Samples every worker's used JS heap (no GC forced) every `intervalMs` until `stopSampling`:
	 * the peak while loading.
	 */
	startSampling(intervalMs = 250): void {
		const peaks = new Map<string, number>();
		const state = { on: true, peaks, done: Promise.resolve() };
		state.done = (async () => {
			while (state.on) {
				for (const [sessionId, { url }] of [...this.sessions]) {
					try {
						const usage = (await this.send(sessionId, "Runtime.getHeapUsage", 5000)) as { usedSize: number };
						peaks.set(url, Math.max(peaks.get(url) ?? 0, usage.usedSize));
					} catch {
						// a busy or finished worker: the next sample
					}
				}
				await new Promise((r) => setTimeout(r, intervalMs));
			}
		})();
		this.sampling = state;
	}

	async stopSampling(): Promise<{ url: string; peakBytes: number }[]> {
		const s = this.sampling;
		if (!s) return [];
		s.on = false;
		await s.done;
		this.sampling = null;
		return [...s.peaks].map(([url, peakBytes]) => ({ url, peakBytes }));
	}

	/** JS heap used by each live worker after two full GCs in it, in bytes, with its script URL. */
	async heaps(): Promise<{ url: string; usedBytes: number }[]> {
		const out: { url: string; usedBytes: number }[] = [];
		for (const [sessionId, { url }] of this.sessions) {
			await this.send(sessionId, "HeapProfiler.enable");
			await this.send(sessionId, "HeapProfiler.collectGarbage");
			await this.send(sessionId, "HeapProfiler.collectGarbage");
			const usage = (await this.send(sessionId, "Runtime.getHeapUsage")) as { usedSize: number };
			out.push({ url, usedBytes: usage.usedSize });
		}
		return out;
	}
}
