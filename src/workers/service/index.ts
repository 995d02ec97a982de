import { yieldToPage } from "../../core/util/yield";
import type { FindHelper } from "../findPart";
import type { ArgsOf, EventOf, Method, OpenEvent, ResultOf } from "../readerApi";
import { type CallContext, CodedError, type Handler, Transfer } from "../rpc";
import type { ParseHelper } from "../splitScan";
import {
	ChecksStopped,
	checkable,
	checkSession,
	checksOfParsed,
	countsUsage,
	countTips,
	describeEntries,
	placeIssues,
	tipsOf,
	uncheckedIssue,
} from "./checks";
import { compare, compareRows } from "./compare";
import { contextAnswer, contextRows, explain, pathChart, prepare, textSlice, wholeEntry } from "./context";
import { exportFromHost } from "./export";
import { find, snippets } from "./find";
import { append } from "./follow";
import { faces, graphFor, locate, outlineWith, tipThrough } from "./graph";
import type { HeldSession } from "./held";
import { labChoices, labEntry } from "./lab";
import { NotASessionError, openFile, prefetchIndex } from "./open";

/** Sessions a service holds at once; the oldest is let go first. */
const MAX_HELD = 2;
/**
 * Background work (a session's tip counts and checks) waits up to this long after the page's last
 * question: the full wait from `GIVE_WAY_FULL_BYTES` on, less for a smaller file (whose
 * background work is short: its diagnostics need not wait a second after each click).
 */
const GIVE_WAY_MS = 1000;
const GIVE_WAY_FULL_BYTES = 16 * 1024 * 1024;
/** Graph nodes (and edges) a message carries of the outline: a few milliseconds for the page to take in. */
const NODES_PER_PART = 2048;

/** The methods of `ReaderCalls` as the service answers them. */
type Handlers = {
	[M in Method]: (
		args: ArgsOf<M>,
		context: CallContext & { emit(event: EventOf<M>): void },
	) => Promise<ResultOf<M> | Transfer<ResultOf<M>>>;
};

/** What a service may hand to other threads (see `parse.worker.ts`). */
export interface Helpers {
	parse?: ParseHelper;
	find?: FindHelper;
}

/**
 * The worker's side of the reader: the sessions it holds, by the id the page gave each, and the
 * answers to the page's questions about them (`ReaderCalls`). Runs in the parse worker, or in the
 * page itself where no worker can start.
 */
export function createService(helpers: Helpers = {}): Readonly<Record<string, Handler>> {
	const held = new Map<number, HeldSession>();
	/** When the page last asked about a session, or last had an answer; how many questions run now. */
	let lastAsked = 0;
	let asking = 0;

	const sessionOf = (context: CallContext): HeldSession => {
		const session = held.get(context.session);
		if (!session) throw new Error("the worker no longer holds this session; open it again");
		return session;
	};
	const keep = (id: number, session: HeldSession) => {
		held.set(id, session);
		for (const old of held.keys()) {
			if (held.size <= MAX_HELD) break;
			held.delete(old);
		}
	};

	/**
	 * A break in background work: the page's questions are answered first, and for `wait` ms after
	 * the last answer. A question answered in steps (a find reads the whole file) keeps the worker
	 * until it ends.
	 */
	const giveWay = async (wait: number) => {
		await yieldToPage();
		for (;;) {
			const left = asking > 0 ? 100 : lastAsked + wait - Date.now();
			if (left <= 0) return;
			await new Promise((resolve) => setTimeout(resolve, Math.min(left, 100)));
		}
	};

	/** Sends an open's event, the outline's graph nodes and edges ahead of it in parts, issues placed. */
	const emitOpen = (context: CallContext, event: OpenEvent) => {
		const session = held.get(context.session);
		if (session && (event.type === "ready" || event.type === "checked")) {
			event = { ...event, issues: placeIssues(session, event.issues) };
		}
		if (event.type === "ready") {
			const { graph } = event.outline;
			context.parts("outline.graph.nodes", graph.nodes, NODES_PER_PART);
			context.parts("outline.graph.edges", graph.edges, NODES_PER_PART);
			context.emit({ ...event, outline: { ...event.outline, graph: { ...graph, nodes: [], edges: [] } } });
		} else context.emit(event);
	};

	/**
	 * After `ready`, in the background: what the library says of the session, its tips counted, then
	 * the checks a full parse runs (on the file, or on the entries of a file parsed in full).
	 */
	const background = async (
		id: number,
		session: HeldSession,
		context: CallContext,
		contentHash: () => Promise<string>,
		parsed: Parameters<typeof checksOfParsed>[0] | undefined,
	) => {
		const stopped = () => held.get(id) !== session;
		const size = session.blob.size;
		const pause = () => giveWay(Math.round(GIVE_WAY_MS * Math.min(1, size / GIVE_WAY_FULL_BYTES)));
		emitOpen(context, {
			type: "described",
			contentHash: await contentHash(),
			size,
			description: await describeEntries(session),
		});
		// The page's first looks at the file come first.
		lastAsked = Date.now();
		const counted = (await countTips(session, stopped, pause).catch(() => null)) ?? tipsOf(session);
		if (stopped()) return;
		emitOpen(context, { type: "counted", tips: counted });
		if (parsed) {
			await pause();
			if (!stopped())
				emitOpen(context, { type: "checked", issues: checksOfParsed(parsed, session.index), complete: true });
			return;
		}
		if (!checkable(size)) {
			emitOpen(context, { type: "checked", issues: [uncheckedIssue(size)], complete: false });
			return;
		}
		try {
			emitOpen(context, {
				type: "checked",
				issues: await checkSession(session, () => !stopped(), pause),
				complete: true,
			});
		} catch (err) {
			if (err instanceof ChecksStopped) return;
			const reason = err instanceof Error ? err.message : String(err);
			emitOpen(context, { type: "checked", issues: [uncheckedIssue(size, reason)], complete: false });
		}
	};

	const handlers: Handlers = {
		async open(args, context) {
			let opened: Awaited<ReturnType<typeof openFile>>;
			try {
				opened = await openFile(
					args,
					(event) => emitOpen(context, event),
					(session) => keep(context.session, session),
					helpers.parse,
				);
			} catch (err) {
				if (err instanceof NotASessionError) throw new CodedError(err.message, "not-a-session");
				throw err;
			}
			// The current leaf's context is worked out now, ahead of the page's first question for it.
			const ahead = prepare(opened.held, undefined).catch(() => undefined);
			// Then the session's figures (its usage, any tip's path over time), unless the file is too large.
			if (countsUsage(opened.held.blob.size)) void ahead.then(() => opened.held.figures()).catch(() => undefined);
			await background(context.session, opened.held, context, opened.contentHash, opened.parsed);
			return null;
		},
		outline: async ({ overlay = [] }, context) => outlineWith(sessionOf(context), overlay),
		context: async ({ leafId, overlay }, context) => {
			// The page's null is the file's current leaf.
			const answer = await contextAnswer(sessionOf(context), leafId ?? undefined, overlay);
			// The columns go as copies made here and handed over (the page takes them in at no cost;
			// the worker keeps its own for the rows asked later).
			const moved: ArrayBuffer[] = [];
			const move = <T extends Int32Array | Uint8Array>(a: T): T => {
				const copy = a.slice() as T;
				moved.push(copy.buffer as ArrayBuffer);
				return copy;
			};
			const { fates, selectedAt } = answer.summary;
			const summary = {
				...answer.summary,
				selectedAt: move(selectedAt),
				fates: {
					...fates,
					position: move(fates.position),
					region: move(fates.region),
					flags: move(fates.flags),
					messageStart: move(fates.messageStart),
					messageCount: move(fates.messageCount),
					reasonAt: move(fates.reasonAt),
					indexOf: move(fates.indexOf),
					regionCounts: move(fates.regionCounts),
				},
			};
			return new Transfer({ ...answer, summary }, moved);
		},
		rows: async ({ leafId, stage, from, count, overlay }, context) =>
			contextRows(sessionOf(context), leafId ?? undefined, stage, from, count, overlay),
		entry: async ({ position, overlay }, context) => wholeEntry(sessionOf(context), position, overlay),
		text: async ({ source, path, from, to, overlay }, context) =>
			textSlice(sessionOf(context), source, path, from, to, overlay),
		explain: async ({ leafId, overlay }, context) => explain(sessionOf(context), leafId ?? undefined, overlay),
		pathSeries: async ({ leafId, overlay }, context) => pathChart(sessionOf(context), leafId ?? undefined, overlay),
		graph: async ({ expanded, pins, overlay }, context) => graphFor(sessionOf(context), expanded, pins, overlay),
		faces: async ({ positions, lasts, overlay }, context) => faces(sessionOf(context), positions, lasts, overlay),
		locate: async ({ ids, overlay }, context) => locate(sessionOf(context), ids, overlay),
		tipThrough: async ({ id, overlay }, context) => tipThrough(sessionOf(context), id, overlay),
		compare: async ({ a, b, overlay }, context) => compare(sessionOf(context), a, b, overlay),
		compareRows: async ({ a, b, side, from, count, overlay }, context) =>
			compareRows(sessionOf(context), a, b, side, from, count, overlay),
		find: async ({ query, filter, splitFrom }, context) => {
			await find(
				sessionOf(context),
				query,
				filter,
				(batch) => context.emit(batch),
				() => context.cancelled,
				helpers.find,
				splitFrom,
			);
			return null;
		},
		snippets: async ({ positions, query }, context) => snippets(sessionOf(context), positions, query),
		labEntry: async ({ parentId, addition, now, overlay = [] }, context) =>
			labEntry(sessionOf(context), parentId, addition, now, overlay),
		labChoices: async ({ parentId, overlay = [] }, context) => labChoices(sessionOf(context), parentId, overlay),
		export: async (question, context) => exportFromHost(sessionOf(context), question),
		append: async ({ bytes, firstLine }, context) => append(sessionOf(context), new Uint8Array(bytes), firstLine),
		prefetch: async ({ contentHash, size }) => {
			prefetchIndex(contentHash, size);
			return null;
		},
		release: async (_args, context) => {
			held.delete(context.session);
			return null;
		},
	};

	// Every question but an open counts as the page's: background work gives way to it.
	const table: Record<string, Handler> = {};
	for (const [method, handler] of Object.entries(handlers) as [
		string,
		(a: unknown, c: CallContext) => Promise<unknown>,
	][]) {
		table[method] =
			method === "open"
				? (handler as Handler)
				: ((async (args: unknown, context: CallContext) => {
						lastAsked = Date.now();
						asking++;
						try {
							return await handler(args, context);
						} finally {
							asking--;
							lastAsked = Date.now();
						}
					}) as Handler);
	}
	return table;
}
