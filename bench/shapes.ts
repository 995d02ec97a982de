/**
 * Workload shapes for the browser benchmark (e2e/perf.perf.spec.ts): sessions the app was not
 * tuned for, all derived deterministically from the generator (bench/generate.ts) and written to
 * the ignored bench/out/, cached like the workloads (regenerated when this file, the generator or
 * the source file changes).
 *
 *   npx tsx bench/write.ts large-keys tool50   # or: BENCH_2GB=1 npx tsx bench/write.ts huge2g
 *
 * - `large`: the 100 MB workload, pi's key order (`type`, `id`, `parentId`, `timestamp`, …).
 * - `large-keys`: `large`, every object's keys in another order: entries `id`, `parentId`,
 *   `timestamp`, `type`, then the rest; messages `content` first, `role` later; content blocks
 *   their `type` last. Same content, same entries, same tree.
 * - `large-noid`: `large` with a header line without `id`.
 * - `large-headerless`: `large` without its header line (a file that lost it).
 * - `large-omp`: `large` as a newer oh-my-pi file starts: its 256-byte title slot on line 1, the
 *   header on line 2 (every entry then read in oh-my-pi's dialect).
 * - `large-v1`: `large` as a version-1 file (SPEC §1): header without `version`, entries without
 *   `id`/`parentId` (a linear list in file order), compactions with `firstKeptEntryIndex` (header
 *   at 0) instead of `firstKeptEntryId`; label targets and branch-summary `fromId`s renamed to the
 *   ids a v1 migration gives (`v1EntryId(line)`). Checked on writing: `parseSession` gives as many
 *   entries as for `large`, with no more issues.
 * - `long-chain`: an old long session, ~100 MB as a version-1 file: one single chain of ~100,000
 *   messages (the generator's user / assistant / toolResult turns at `large`'s sizes, with its side
 *   entries), no compaction, no branch, no branch summary. Generated as v3 with branching and
 *   compaction switched off (`LONG_CHAIN_SOURCE`, bench/out/long-chain-v3.jsonl), then converted
 *   as `large-v1` is (labels retargeted). Checked on writing: `parseSession` gives ~100,000
 *   message entries, one leaf, version 1, no compaction or branch summary, and besides the note
 *   that it was migrated no more issues than the v3 source.
 * - `large-claude`: `large` as Claude Code writes a session: no header; each entry a line with
 *   `uuid`/`parentUuid`/`sessionId`; an assistant message one line per content block (one
 *   `message.id`, chained), a tool result a user line of its own, a compaction a `compact_boundary`
 *   (its logical parent the compaction's parent) and the summary prompt under it; the other entry
 *   types `system` lines between turns. Same conversation, same branches.
 * - `large-codex`: `large` as a Codex rollout: `session_meta`, then every message entry in file
 *   order as `response_item`s (a reply's text, reasoning and calls one item each), `token_count`
 *   after each reply, `turn_context` for model and thinking changes, a compaction a `compacted` line
 *   whose replacement history is the user messages since the previous one (a rollout has no
 *   branches: a branch's entries are simply appended, as a long linear history).
 * - `bushy`: the ~8 MB branchy workload. `bushy-large`: ~100 MB with hundreds of branch points.
 * - `tool50`: the first ~40 MB of `large`, one tool result in its middle carrying a single ~50 MB
 *   output string (~90 MB in all).
 * - `huge2g`: ~2 GB: 20 copies of `large` chained one after the other (ids suffixed `-2`, `-3`, …;
 *   each copy's root hangs under the previous copy's last line). Streamed line by line, never one
 *   string. Only with `BENCH_2GB=1`.
 */
import { createHash } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { fileURLToPath } from "node:url";
import { buildTreeIndex, parseSession, v1EntryId } from "../src/core";
import { ensureWorkload, OUT_DIR, Rng, WORKLOADS, type WorkloadSpec, type WrittenSession } from "./generate";

export const BUSHY_LARGE: WorkloadSpec = {
	name: "bushy-large",
	seed: 8,
	targetBytes: 100_000_000,
	maxEntries: Number.POSITIVE_INFINITY,
	branchEvery: 250,
	branchTo: "anywhere",
	compactEvery: 2000,
	outputScale: 1,
	hugeOutputChance: 0.002,
};

/**
 * The v3 source of `long-chain`: `large`'s seed and sizes, never branching or compacting, stopped
 * after the turn that passes ~100,000 messages (the side entries, ~1 % of the entries, count too).
 */
export const LONG_CHAIN_SOURCE: WorkloadSpec = {
	name: "long-chain-v3",
	seed: 100,
	targetBytes: Number.POSITIVE_INFINITY,
	maxEntries: 100_920,
	branchEvery: Number.POSITIVE_INFINITY,
	branchTo: "path",
	compactEvery: Number.POSITIVE_INFINITY,
	outputScale: 1,
	hugeOutputChance: 0.002,
};
/** Messages `long-chain` is checked to hold, ± 1 %. */
export const LONG_CHAIN_MESSAGES = 100_000;

export const SHAPES = [
	"large",
	"large-keys",
	"large-noid",
	"large-headerless",
	"large-omp",
	"large-v1",
	"large-claude",
	"large-codex",
	"long-chain",
	"bushy",
	"bushy-large",
	"tool50",
	"huge2g",
] as const;
export type ShapeName = (typeof SHAPES)[number];

/** The shapes a run measures by default: all but `huge2g`, which only `BENCH_2GB=1` adds. */
export function defaultShapes(): ShapeName[] {
	return SHAPES.filter((s) => s !== "huge2g" || process.env.BENCH_2GB === "1");
}

export interface ShapeFile extends WrittenSession {
	name: ShapeName;
	reused: boolean;
	/**
	 * Where the deepest tip of this shape is, if it is derived from another one's (huge2g: the
	 * deepest tip of `large`, in the last copy): lets the spec skip parsing a 2 GB file in Node.
	 */
	deepestFrom?: { shape: ShapeName; suffix: string };
}

/** Yields the lines (without line ends) of a file, read in 16 MB pieces: no whole-file string. */
export function* readLines(path: string): Generator<string> {
	const fd = openSync(path, "r");
	const buf = Buffer.allocUnsafe(16 * 1024 * 1024);
	const decoder = new StringDecoder("utf8");
	let rest = "";
	try {
		for (;;) {
			const n = readSync(fd, buf, 0, buf.length, null);
			if (n === 0) break;
			const text = rest + decoder.write(buf.subarray(0, n));
			let at = 0;
			for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", at)) {
				yield text.slice(at, nl);
				at = nl + 1;
			}
			rest = text.slice(at);
		}
		rest += decoder.end();
		if (rest.length > 0) yield rest;
	} finally {
		closeSync(fd);
	}
}

/** oh-my-pi's title slot line for `title` (without its newline): 256 bytes with it. */
function titleSlot(title: string): string {
	const bare = JSON.stringify({
		type: "title",
		v: 1,
		title,
		source: "user",
		updatedAt: "2026-01-05T09:00:00.000Z",
		pad: "",
	});
	return bare.replace('"pad":""', `"pad":"${" ".repeat(255 - Buffer.byteLength(bare))}"`);
}

/** Buffered line writer (~8 MB writes). */
class LineWriter {
	private fd: number;
	private parts: string[] = [];
	private pending = 0;
	bytes = 0;
	lines = 0;
	constructor(path: string) {
		this.fd = openSync(path, "w");
	}
	line(text: string): void {
		this.parts.push(text);
		this.pending += text.length + 1;
		this.lines++;
		if (this.pending > 8_000_000) this.flush();
	}
	private flush(): void {
		if (this.parts.length === 0) return;
		this.bytes += writeSync(this.fd, `${this.parts.join("\n")}\n`);
		this.parts = [];
		this.pending = 0;
	}
	close(): void {
		this.flush();
		closeSync(this.fd);
	}
}

type Json = Record<string, unknown>;

/** `obj` with `first` keys first and `last` keys last, the others in between in their order. */
function reorder(obj: Json, first: string[], last: string[] = []): Json {
	const out: Json = {};
	for (const k of first) if (k in obj) out[k] = obj[k];
	for (const k of Object.keys(obj)) if (!first.includes(k) && !last.includes(k)) out[k] = obj[k];
	for (const k of last) if (k in obj) out[k] = obj[k];
	return out;
}

function reorderBlocks(content: unknown): unknown {
	return Array.isArray(content)
		? content.map((b) => (b && typeof b === "object" ? reorder(b as Json, [], ["type"]) : b))
		: content;
}

function reorderMessage(m: unknown): unknown {
	if (!m || typeof m !== "object") return m;
	const msg = m as Json;
	return reorder({ ...msg, content: reorderBlocks(msg.content) }, ["content"], ["role"]);
}

function keysLine(line: string): string {
	const o = JSON.parse(line) as Json;
	if (o.type === "session") return JSON.stringify(reorder(o, ["id", "timestamp", "cwd"], ["type"]));
	const r = reorder(o, ["id", "parentId", "timestamp", "type"]);
	if (r.message !== undefined) r.message = reorderMessage(r.message);
	if (Array.isArray(r.retainedTail)) r.retainedTail = r.retainedTail.map(reorderMessage);
	return JSON.stringify(r);
}

/** Cache key of a derived shape: this file, the generator's key of its source, its parameters. */
function derivedParams(name: string, source: WrittenSession, extra: unknown): string {
	const self = createHash("sha256")
		.update(readFileSync(fileURLToPath(import.meta.url)))
		.digest("hex");
	const sourceMeta = readFileSync(source.path.replace(/\.jsonl$/, ".params.json"), "utf8");
	return JSON.stringify({ name, self, source: createHash("sha256").update(sourceMeta).digest("hex"), extra });
}

function cached(
	name: string,
	params: string,
	make: (path: string) => WrittenSession,
): WrittenSession & { reused: boolean } {
	const path = join(OUT_DIR, `${name}.jsonl`);
	const metaPath = join(OUT_DIR, `${name}.params.json`);
	if (existsSync(path) && existsSync(metaPath)) {
		try {
			const meta = JSON.parse(readFileSync(metaPath, "utf8")) as { params: string; bytes: number; lines: number };
			if (meta.params === params && statSync(path).size === meta.bytes) {
				return { path, bytes: meta.bytes, lines: meta.lines, reused: true };
			}
		} catch {
			// regenerate
		}
	}
	const written = make(path);
	writeFileSync(metaPath, JSON.stringify({ params, bytes: written.bytes, lines: written.lines }));
	return { ...written, reused: false };
}

function rewrite(source: string, path: string, fn: (line: string, lineNo: number) => string | null): WrittenSession {
	const out = new LineWriter(path);
	let n = 0;
	try {
		for (const line of readLines(source)) {
			n++;
			if (line.length === 0) continue;
			const next = fn(line, n);
			if (next !== null) out.line(next);
		}
	} finally {
		out.close();
	}
	return { path, bytes: out.bytes, lines: out.lines };
}

function writeV1(source: string, path: string): WrittenSession {
	// Line numbers (1-based, as the migration counts them) of every id first.
	const lineOf = new Map<string, number>();
	let n = 0;
	for (const line of readLines(source)) {
		n++;
		const m = /"id":"([^"]+)"/.exec(line.slice(0, 200));
		if (m && !line.startsWith('{"type":"session"')) lineOf.set(m[1], n);
	}
	const rename = (id: unknown) => (typeof id === "string" && lineOf.has(id) ? v1EntryId(lineOf.get(id) as number) : id);
	return rewrite(source, path, (line) => {
		const o = JSON.parse(line) as Json;
		if (o.type === "session") {
			delete o.version;
			return JSON.stringify(o);
		}
		delete o.id;
		delete o.parentId;
		if (o.type === "label") o.targetId = rename(o.targetId);
		if (o.type === "branch_summary") o.fromId = rename(o.fromId);
		if (o.type === "compaction" && typeof o.firstKeptEntryId === "string") {
			const at = lineOf.get(o.firstKeptEntryId);
			delete o.firstKeptEntryId;
			// An index into the file's objects, the header at 0: line number − 1.
			if (at !== undefined) o.firstKeptEntryIndex = at - 1;
		}
		return JSON.stringify(o);
	});
}

/**
 * Checks a written `long-chain`: version 1, ~`LONG_CHAIN_MESSAGES` message entries, one leaf, no
 * compaction or branch summary, and besides `migrated` (the note that the file was v1) no more
 * issues than `parseSession` reports for its v3 source.
 */
function checkLongChain(source: string, path: string): void {
	const sourceIssues = parseSession(readFileSync(source, "utf8")).issues.length;
	const parsed = parseSession(readFileSync(path, "utf8"));
	let messages = 0;
	let folds = 0;
	for (const e of parsed.entries) {
		if (e.type === "message") messages++;
		else if (e.type === "compaction" || e.type === "branch_summary") folds++;
	}
	const leaves = buildTreeIndex(parsed.entries).leaves.length;
	const problems: string[] = [];
	if (parsed.version !== 1) problems.push(`version ${parsed.version}`);
	if (Math.abs(messages - LONG_CHAIN_MESSAGES) > LONG_CHAIN_MESSAGES / 100) problems.push(`${messages} messages`);
	if (leaves !== 1) problems.push(`${leaves} leaves`);
	if (folds > 0) problems.push(`${folds} compactions or branch summaries`);
	// Expected: the source's issues and the note that the file was migrated from v1.
	const issues = parsed.issues.filter((i) => i.code !== "migrated");
	if (issues.length > sourceIssues) {
		const codes = [...new Set(issues.map((i) => i.code))].join(", ");
		problems.push(`${issues.length} issues besides "migrated" (${codes}), the v3 source ${sourceIssues}`);
	}
	if (problems.length > 0) throw new Error(`long-chain: parseSession gives ${problems.join("; ")}`);
	const codes = parsed.issues.map((i) => i.code).join(", ") || "none";
	console.log(`long-chain: ${parsed.entries.length} entries, ${messages} messages, ${leaves} leaf, issues: ${codes}`);
}

/** ~`bytes` of log-like output, deterministic. */
function bigOutput(bytes: number): string {
	const rng = new Rng(50);
	const parts: string[] = [];
	let size = 0;
	while (size < bytes) {
		const line = `[${rng.pick(["info", "warn", "debug", "error"])}] step ${rng.int(1, 99999)} took ${rng.int(1, 900)}ms id=${rng.u32().toString(16)} path=src/${rng.pick(["core", "ui", "store"])}/file${rng.int(1, 99)}.ts`;
		parts.push(line);
		size += line.length + 1;
	}
	return parts.join("\n");
}

function writeTool50(source: string, path: string): WrittenSession {
	const out = new LineWriter(path);
	let bytes = 0;
	let replaced = false;
	try {
		for (const line of readLines(source)) {
			if (line.length === 0) continue;
			let next = line;
			if (!replaced && bytes > 20_000_000 && line.includes('"role":"toolResult"')) {
				const o = JSON.parse(line) as Json;
				const msg = o.message as Json;
				msg.content = [{ type: "text", text: bigOutput(50_000_000) }];
				next = JSON.stringify(o);
				replaced = true;
			}
			out.line(next);
			bytes += Buffer.byteLength(next) + 1;
			// End at a finished turn (an answer with no tool calls left open).
			if (replaced && bytes > 90_000_000 && next.includes('"stopReason":"stop"')) break;
		}
	} finally {
		out.close();
	}
	return { path, bytes: out.bytes, lines: out.lines };
}

const HUGE_COPIES = 20;
const ID_KEYS = /"(id|parentId|targetId|fromId|firstKeptEntryId)":"([0-9a-f]{8})"/g;

function writeHuge(source: string, path: string): WrittenSession {
	const out = new LineWriter(path);
	try {
		let lastId: string | null = null;
		for (let copy = 1; copy <= HUGE_COPIES; copy++) {
			const suffix = copy === 1 ? "" : `-${copy}`;
			let first = true;
			for (const raw of readLines(source)) {
				if (raw.length === 0) continue;
				if (raw.startsWith('{"type":"session"')) {
					if (copy === 1) out.line(raw);
					continue;
				}
				let line = suffix ? raw.replace(ID_KEYS, `"$1":"$2${suffix}"`) : raw;
				if (first && lastId !== null) line = line.replace('"parentId":null', `"parentId":"${lastId}"`);
				first = false;
				lastId = (/"id":"([^"]+)"/.exec(line.slice(0, 200)) as RegExpExecArray)[1];
				out.line(line);
			}
		}
	} finally {
		out.close();
	}
	return { path, bytes: out.bytes, lines: out.lines };
}

/** The file for a shape in bench/out/, generated (and its sources) unless cached. */
export function ensureShape(name: ShapeName): ShapeFile {
	switch (name) {
		case "large":
		case "bushy":
			return { name, ...ensureWorkload(WORKLOADS[name]) };
		case "bushy-large":
			return { name, ...ensureWorkload(BUSHY_LARGE) };
		case "huge2g": {
			if (process.env.BENCH_2GB !== "1") throw new Error("huge2g is generated only with BENCH_2GB=1");
			const large = ensureWorkload(WORKLOADS.large);
			const w = cached(name, derivedParams(name, large, HUGE_COPIES), (p) => writeHuge(large.path, p));
			return { name, ...w, deepestFrom: { shape: "large", suffix: `-${HUGE_COPIES}` } };
		}
		case "large-v1": {
			const large = ensureWorkload(WORKLOADS.large);
			const w = cached(name, derivedParams(name, large, null), (p) => {
				const written = writeV1(large.path, p);
				const a = parseSession(readFileSync(large.path, "utf8"));
				const b = parseSession(readFileSync(p, "utf8"));
				if (a.entries.length !== b.entries.length || b.version !== 1) {
					throw new Error(
						`large-v1: parseSession gives ${b.entries.length} entries (version ${b.version}), large ${a.entries.length}`,
					);
				}
				return written;
			});
			return { name, ...w };
		}
		case "large-claude":
		case "large-codex": {
			const large = ensureWorkload(WORKLOADS.large);
			const w = cached(name, derivedParams(name, large, null), (p) =>
				name === "large-claude" ? writeClaude(large.path, p) : writeCodex(large.path, p),
			);
			return { name, ...w };
		}
		case "long-chain": {
			const source = ensureWorkload(LONG_CHAIN_SOURCE);
			const w = cached(name, derivedParams(name, source, null), (p) => {
				const written = writeV1(source.path, p);
				checkLongChain(source.path, p);
				return written;
			});
			return { name, ...w };
		}
		case "large-keys":
		case "large-noid":
		case "large-headerless":
		case "large-omp":
		case "tool50": {
			const large = ensureWorkload(WORKLOADS.large);
			const w = cached(name, derivedParams(name, large, null), (p) =>
				name === "tool50"
					? writeTool50(large.path, p)
					: rewrite(large.path, p, (line) => {
							if (name === "large-keys") return keysLine(line);
							if (!line.startsWith('{"type":"session"')) return line;
							if (name === "large-headerless") return null;
							if (name === "large-omp") return `${titleSlot("A large session")}\n${line}`;
							const o = JSON.parse(line) as Json;
							delete o.id;
							return JSON.stringify(o);
						}),
			);
			return { name, ...w };
		}
	}
}

/** Claude Code's content blocks for pi's (a tool call a `tool_use`, thinking with its signature). */
function claudeBlocks(content: unknown): unknown[] {
	if (typeof content === "string") return [{ type: "text", text: content }];
	if (!Array.isArray(content)) return [];
	return content.map((b: Json) => {
		if (b.type === "toolCall") return { type: "tool_use", id: b.id, name: b.name, input: b.arguments };
		if (b.type === "thinking") return { type: "thinking", thinking: b.thinking, signature: "sig" };
		if (b.type === "image") return { type: "image", source: { type: "base64", media_type: b.mimeType, data: b.data } };
		return b;
	});
}

/** `large` written as Claude Code writes a session (see `large-claude` above). */
function writeClaude(source: string, path: string): WrittenSession {
	const out = new LineWriter(path);
	/** A pi entry's id → the uuid of the last line it was written as (what its children hang under). */
	const last = new Map<string, string>();
	const base = {
		isSidechain: false,
		userType: "external",
		cwd: "/home/dev/projects/session-explorer",
		sessionId: "bench-claude-100",
		version: "2.1.90",
		gitBranch: "main",
	};
	let response = 0;
	for (const text of readLines(source)) {
		if (text === "") continue;
		const e = JSON.parse(text) as Json;
		if (e.type === "session") continue;
		const id = String(e.id);
		const parent = e.parentId == null ? null : (last.get(String(e.parentId)) ?? null);
		const timestamp = e.timestamp;
		const m = e.message as Json | undefined;
		if (e.type === "message" && m?.role === "assistant") {
			const blocks = claudeBlocks(m.content);
			const u = (m.usage ?? {}) as Json;
			const usage = {
				input_tokens: u.input ?? 0,
				cache_creation_input_tokens: u.cacheWrite ?? 0,
				cache_read_input_tokens: u.cacheRead ?? 0,
				output_tokens: u.output ?? 0,
			};
			const mid = `msg_${++response}`;
			let up = parent;
			blocks.forEach((b, k) => {
				const uuid = k === 0 ? id : `${id}-${k}`;
				out.line(
					JSON.stringify({
						parentUuid: up,
						...base,
						message: {
							model: m.model,
							id: mid,
							type: "message",
							role: "assistant",
							content: [b],
							stop_reason: k === blocks.length - 1 ? "end_turn" : null,
							usage,
						},
						requestId: `req_${response}`,
						type: "assistant",
						uuid,
						timestamp,
					}),
				);
				up = uuid;
			});
			last.set(id, up ?? id);
			continue;
		}
		if (e.type === "message" && m?.role === "toolResult") {
			const block = {
				tool_use_id: m.toolCallId,
				type: "tool_result",
				content: claudeBlocks(m.content),
				is_error: m.isError === true,
			};
			out.line(
				JSON.stringify({
					parentUuid: parent,
					...base,
					type: "user",
					message: { role: "user", content: [block] },
					uuid: id,
					timestamp,
				}),
			);
		} else if (e.type === "message") {
			out.line(
				JSON.stringify({
					parentUuid: parent,
					...base,
					type: "user",
					message: { role: "user", content: m?.role === "user" ? m.content : JSON.stringify(m) },
					uuid: id,
					timestamp,
				}),
			);
		} else if (e.type === "compaction") {
			out.line(
				JSON.stringify({
					parentUuid: null,
					logicalParentUuid: parent,
					...base,
					type: "system",
					subtype: "compact_boundary",
					content: "Conversation compacted",
					compactMetadata: { trigger: "auto", preTokens: e.tokensBefore },
					uuid: id,
					timestamp,
				}),
			);
			out.line(
				JSON.stringify({
					parentUuid: id,
					...base,
					type: "user",
					message: {
						role: "user",
						content: `This session is being continued from a previous conversation. ${String(e.summary)}`,
					},
					isVisibleInTranscriptOnly: true,
					isCompactSummary: true,
					uuid: `${id}-summary`,
					timestamp,
				}),
			);
			last.set(id, `${id}-summary`);
			continue;
		} else {
			out.line(
				JSON.stringify({
					parentUuid: parent,
					...base,
					type: "system",
					subtype: String(e.type),
					content: JSON.stringify(e).slice(0, 200),
					uuid: id,
					timestamp,
				}),
			);
		}
		last.set(id, id);
	}
	out.close();
	return { path, bytes: out.bytes, lines: out.lines };
}

/** `large` written as a Codex rollout (see `large-codex` above). */
function writeCodex(source: string, path: string): WrittenSession {
	const out = new LineWriter(path);
	const line = (timestamp: unknown, type: string, payload: Json) =>
		out.line(JSON.stringify({ timestamp, type, payload }));
	let users: Json[] = [];
	for (const text of readLines(source)) {
		if (text === "") continue;
		const e = JSON.parse(text) as Json;
		const t = e.timestamp;
		if (e.type === "session") {
			line(t, "session_meta", {
				id: "bench-codex-100",
				timestamp: t,
				cwd: e.cwd,
				originator: "codex-tui",
				cli_version: "0.130.0",
				source: "cli",
				model_provider: "openai",
				base_instructions: { text: "You are Codex." },
			});
			continue;
		}
		const m = e.message as Json | undefined;
		if (e.type === "model_change" || e.type === "thinking_level_change") {
			line(t, "turn_context", {
				turn_id: e.id,
				cwd: "/w",
				approval_policy: "on-request",
				sandbox_policy: { type: "workspace-write" },
				model: e.modelId ?? "gpt-5.4",
				effort: e.thinkingLevel ?? "medium",
				summary: "auto",
			});
		} else if (e.type === "compaction") {
			line(t, "compacted", {
				message: "",
				replacement_history: [
					...users.slice(-8),
					{ type: "compaction", id: `cmp_${String(e.id)}`, encrypted_content: "opaque" },
				],
			});
			users = [];
		} else if (m?.role === "user") {
			const item = {
				type: "message",
				role: "user",
				content: claudeBlocks(m.content).map((b) => ({ type: "input_text", text: (b as Json).text ?? "" })),
			};
			users.push(item);
			line(t, "response_item", item);
		} else if (m?.role === "assistant") {
			for (const b of claudeBlocks(m.content) as Json[]) {
				if (b.type === "tool_use")
					line(t, "response_item", {
						type: "function_call",
						name: b.name,
						arguments: JSON.stringify(b.input),
						call_id: b.id,
					});
				else if (b.type === "thinking")
					line(t, "response_item", {
						type: "reasoning",
						summary: [{ type: "summary_text", text: b.thinking }],
						content: null,
						encrypted_content: "opaque",
					});
				else
					line(t, "response_item", {
						type: "message",
						role: "assistant",
						content: [{ type: "output_text", text: b.text ?? "" }],
					});
			}
			const u = (m.usage ?? {}) as Json;
			const last = {
				input_tokens: Number(u.input ?? 0) + Number(u.cacheRead ?? 0),
				cached_input_tokens: u.cacheRead ?? 0,
				output_tokens: u.output ?? 0,
				reasoning_output_tokens: 0,
				total_tokens: 0,
			};
			line(t, "event_msg", {
				type: "token_count",
				info: { total_token_usage: last, last_token_usage: last, model_context_window: 258400 },
				rate_limits: null,
			});
		} else if (m?.role === "toolResult") {
			const texts = claudeBlocks(m.content)
				.map((b) => String((b as Json).text ?? ""))
				.join("");
			line(t, "response_item", { type: "function_call_output", call_id: m.toolCallId, output: texts });
		}
	}
	out.close();
	return { path, bytes: out.bytes, lines: out.lines };
}
