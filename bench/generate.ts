/**
 * Deterministic generator of large, realistic pi sessions (format v3, SPEC §1) for benchmarks
 * and browser perf tests. Same parameters → byte-identical file: all randomness comes from a
 * seeded PRNG, timestamps from a fixed clock.
 *
 *   import { writeSessionFile, generateSessionLines, WORKLOADS } from "../bench/generate";
 *   writeSessionFile("/tmp/big.jsonl", WORKLOADS.large);
 *
 * `npx tsx bench/write.ts [name…]` writes the workloads to bench/out/ (reused when unchanged).
 */
import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Bump when the output for the same parameters changes, so cached files are regenerated. */
export const GENERATOR_VERSION = 1;

export interface WorkloadSpec {
	name: string;
	seed: number;
	/** Stop after the turn that passes this many UTF-8 bytes. */
	targetBytes: number;
	/** Or after the turn that passes this many entries, whichever comes first. */
	maxEntries: number;
	/** Mean entries between branches (jumping back to an earlier entry and continuing there). */
	branchEvery: number;
	/** How far back a branch may jump: along the current path (linear sessions) or anywhere (bushy). */
	branchTo: "path" | "anywhere";
	/** Mean path entries between compactions. */
	compactEvery: number;
	/** Scales tool output sizes (1 = realistic coding session). */
	outputScale: number;
	/** Chance that a tool result is a huge (100 KB+) output. */
	hugeOutputChance: number;
}

export const WORKLOADS = {
	medium: {
		name: "medium",
		seed: 10,
		targetBytes: 10_000_000,
		maxEntries: Number.POSITIVE_INFINITY,
		branchEvery: 2500,
		branchTo: "path",
		compactEvery: 1500,
		outputScale: 1,
		hugeOutputChance: 0.002,
	},
	large: {
		name: "large",
		seed: 100,
		targetBytes: 100_000_000,
		maxEntries: Number.POSITIVE_INFINITY,
		branchEvery: 5000,
		branchTo: "path",
		compactEvery: 3000,
		outputScale: 1,
		hugeOutputChance: 0.002,
	},
	bushy: {
		name: "bushy",
		seed: 7,
		targetBytes: Number.POSITIVE_INFINITY,
		maxEntries: 10_000,
		branchEvery: 12,
		branchTo: "anywhere",
		compactEvery: 400,
		outputScale: 0.4,
		hugeOutputChance: 0,
	},
} satisfies Record<string, WorkloadSpec>;

export type WorkloadName = keyof typeof WORKLOADS;

// ---------------------------------------------------------------------------------------------
// PRNG (sfc32 seeded through splitmix32): fast, good enough, identical on every platform.

export class Rng {
	private a: number;
	private b: number;
	private c: number;
	private d: number;

	constructor(seed: number) {
		let s = seed >>> 0;
		const split = () => {
			s = (s + 0x9e3779b9) | 0;
			let z = s;
			z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
			z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
			return (z ^ (z >>> 16)) >>> 0;
		};
		this.a = split();
		this.b = split();
		this.c = split();
		this.d = split();
		for (let i = 0; i < 12; i++) this.u32();
	}

	u32(): number {
		const t = (((this.a + this.b) | 0) + this.d) | 0;
		this.d = (this.d + 1) | 0;
		this.a = this.b ^ (this.b >>> 9);
		this.b = (this.c + (this.c << 3)) | 0;
		this.c = (this.c << 21) | (this.c >>> 11);
		this.c = (this.c + t) | 0;
		return t >>> 0;
	}

	/** Uniform in [0, 1). */
	next(): number {
		return this.u32() / 4294967296;
	}

	/** Integer in [min, max]. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	chance(p: number): boolean {
		return this.next() < p;
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}

	/** Log-uniform integer in [min, max]: many small values, a long tail of large ones. */
	logInt(min: number, max: number): number {
		return Math.floor(Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min))));
	}
}

// ---------------------------------------------------------------------------------------------
// Text that looks like a coding session.

const WORDS = (
	"the a to of and in that is for it with as on this be are by from or not we can an file test " +
	"function type value state error session entry tree branch leaf parent child node graph layout " +
	"context message model tool result output input parse line chunk buffer index cache worker store " +
	"render update check build run fix add remove rename refactor move split merge handle return " +
	"should would could need want looks seems because instead so then now first next also still"
).split(" ");
const IDENTS = (
	"entries parentId leafId session index children depth roots leaves parser chunk buffer result " +
	"options config state store props node edge layout graph width height offset limit count total " +
	"handler callback promise value items list map set key id name path text content message role"
).split(" ");
const TYPES = [
	"string",
	"number",
	"boolean",
	"SessionEntry",
	"TreeIndex",
	"unknown",
	"string[]",
	"Map<string, number>",
];
const DIRS = ["src/core", "src/ui/components", "src/store", "src/workers", "test", "packages/agent/src", "e2e"];
const FILES = ["parse", "tree", "graph", "context", "index", "utils", "types", "store", "worker", "session", "layout"];
const EXTS = [".ts", ".ts", ".ts", ".tsx", ".json", ".md", ".css"];
const NON_ASCII = ["ünïcödé", "日本語", "🌲", "naïve", "café", "→", "—", "½"];
const MODELS = [
	{ provider: "anthropic", model: "claude-sonnet-4-5", api: "anthropic-messages" },
	{ provider: "anthropic", model: "claude-opus-4-5", api: "anthropic-messages" },
	{ provider: "openai", model: "gpt-5.1-codex", api: "openai-responses" },
	{ provider: "google", model: "gemini-3-pro", api: "google-generative-ai" },
];
const THINKING = ["off", "minimal", "low", "medium", "high", "xhigh"];
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function words(rng: Rng, n: number): string {
	let out = rng.pick(WORDS);
	for (let i = 1; i < n; i++) {
		out += " ";
		out += rng.chance(0.004) ? rng.pick(NON_ASCII) : rng.pick(WORDS);
	}
	return out;
}

function sentence(rng: Rng): string {
	const s = words(rng, rng.int(5, 18));
	return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
}

function prose(rng: Rng, sentences: number): string {
	let out = "";
	for (let i = 0; i < sentences; i++) {
		out += i === 0 ? "" : rng.chance(0.2) ? "\n\n" : " ";
		out += sentence(rng);
	}
	return out;
}

function filePath(rng: Rng): string {
	return `${rng.pick(DIRS)}/${rng.pick(FILES)}${rng.chance(0.3) ? rng.pick(["Slice", "View", "Panel", "Utils"]) : ""}${rng.pick(EXTS)}`;
}

function codeLine(rng: Rng, indent: number): string {
	const tabs = "\t".repeat(indent);
	const a = rng.pick(IDENTS);
	const b = rng.pick(IDENTS);
	switch (rng.int(0, 9)) {
		case 0:
			return `${tabs}// ${words(rng, rng.int(3, 12))}`;
		case 1:
			return `${tabs}const ${a} = ${b}.get(${rng.pick(IDENTS)}) ?? ${rng.int(0, 100)};`;
		case 2:
			return `${tabs}if (${a} === undefined || ${b}.length > ${rng.int(1, 64)}) return ${rng.pick(["null", "[]", "false", a])};`;
		case 3:
			return `${tabs}for (let i = 0; i < ${a}.length; i++) ${b}.push(${a}[i]);`;
		case 4:
			return `${tabs}${a}.${b} = "${words(rng, rng.int(1, 4))}";`;
		case 5:
			return `${tabs}return { ${a}, ${b}, ${rng.pick(IDENTS)}: ${rng.int(0, 9999)} };`;
		case 6:
			return `${tabs}export function ${a}${b.charAt(0).toUpperCase()}${b.slice(1)}(${a}: ${rng.pick(TYPES)}): ${rng.pick(TYPES)} {`;
		case 7:
			return `${tabs}throw new Error(\`${words(rng, rng.int(2, 6))}: \${${a}}\`);`;
		case 8:
			return `${tabs}import { ${a}, ${b} } from "./${rng.pick(FILES)}";`;
		default:
			return `${tabs}await ${a}.${b}(${rng.pick(IDENTS)}, { ${rng.pick(IDENTS)}: true });`;
	}
}

/** About `bytes` bytes of TypeScript-looking source. */
function sourceText(rng: Rng, bytes: number): string {
	const lines: string[] = [];
	let size = 0;
	let indent = 0;
	while (size < bytes) {
		const line = codeLine(rng, indent);
		if (line.endsWith("{")) indent = Math.min(indent + 1, 4);
		else if (indent > 0 && rng.chance(0.2)) {
			indent--;
			lines.push(`${"\t".repeat(indent)}}`);
		}
		lines.push(line);
		size += line.length + 1;
	}
	return lines.join("\n");
}

/** About `bytes` bytes of command output (test runs, listings, logs). */
function commandOutput(rng: Rng, bytes: number): string {
	const lines: string[] = [];
	let size = 0;
	const style = rng.int(0, 3);
	while (size < bytes) {
		let line: string;
		switch (style) {
			case 0:
				line = `${rng.chance(0.9) ? " ✓" : " ✗"} ${filePath(rng)} > ${words(rng, rng.int(3, 8))} (${rng.int(1, 900)}ms)`;
				break;
			case 1:
				line = `-rw-r--r--  1 user  staff  ${rng.int(100, 99999).toString().padStart(6)} Jan ${rng.int(1, 28)} 12:${rng.int(10, 59)} ${rng.pick(FILES)}${rng.pick(EXTS)}`;
				break;
			case 2:
				line = `${filePath(rng)}:${rng.int(1, 900)}:${rng.int(1, 80)}: ${codeLine(rng, 0)}`;
				break;
			default:
				line = `[${rng.pick(["info", "warn", "debug", "error"])}] ${words(rng, rng.int(4, 14))} id=${rng.u32().toString(16)}`;
		}
		lines.push(line);
		size += line.length + 1;
	}
	return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// The session.

interface PathNode {
	id: string;
	/** The message written at this entry, for retained tails. */
	message?: Record<string, unknown>;
	isUser: boolean;
	/** A new user message may follow this entry (it ends a turn): where branches start. */
	boundary: boolean;
}

/**
 * Yields the lines of a session (without line ends): the header, then entries. A linear session
 * is a long chain of turns (user → assistant with thinking/text/tool calls → tool results → …)
 * with settings changes, labels, names, extension entries, bash executions, now and then a
 * compaction (alternating legacy `firstKeptEntryId` and `retainedTail`) and a branch: a jump back
 * to an earlier entry (that entry gets another child later in the file), often with a branch
 * summary of the abandoned branch.
 */
export function* generateSessionLines(spec: WorkloadSpec): Generator<string, void, undefined> {
	const rng = new Rng(spec.seed);
	const usedIds = new Set<string>();
	const newId = (): string => {
		for (;;) {
			const id = rng.u32().toString(16).padStart(8, "0");
			if (!usedIds.has(id)) {
				usedIds.add(id);
				return id;
			}
		}
	};
	let clock = Date.UTC(2026, 0, 5, 9, 0, 0);
	const tick = (min: number, max: number) => {
		clock += rng.int(min, max);
		return clock;
	};
	const toolCallId = () => {
		let s = "toolu_";
		for (let i = 0; i < 24; i++) s += BASE62[rng.int(0, 61)];
		return s;
	};

	let bytes = 0;
	let entryCount = 0;
	/** Entries on the current branch, root first. */
	let path: PathNode[] = [];
	/** Every entry id so far (for labels and bushy branching), with its path up to it lazily rebuilt. */
	const allIds: string[] = [];
	const parents = new Map<string, string | null>();
	const nodeById = new Map<string, PathNode>();
	let model = MODELS[0];
	let sinceCompaction = 0;
	let sinceBranch = 0;
	let compactions = 0;
	const fileSizes = new Map<string, number>();
	/** Ids of turn-ending entries, in file order. */
	const boundaries: string[] = [];
	/** Marks the entry just written as one a new turn may follow. */
	const endOfTurn = () => {
		const node = path[path.length - 1];
		node.boundary = true;
		boundaries.push(node.id);
	};

	const emit = (obj: Record<string, unknown>): string => {
		const line = JSON.stringify(obj);
		bytes += Buffer.byteLength(line) + 1;
		return line;
	};
	const entry = (type: string, fields: Record<string, unknown>, message?: Record<string, unknown>): string => {
		const id = newId();
		const parentId = path.length > 0 ? path[path.length - 1].id : null;
		const node: PathNode = { id, message, isUser: message?.role === "user", boundary: false };
		path.push(node);
		allIds.push(id);
		parents.set(id, parentId);
		nodeById.set(id, node);
		entryCount++;
		sinceCompaction++;
		sinceBranch++;
		const ts = new Date(tick(200, 4000)).toISOString();
		return emit({ type, id, parentId, timestamp: ts, ...fields });
	};
	const messageEntry = (message: Record<string, unknown>) => entry("message", { message }, message);
	const usage = () => {
		const input = rng.int(50, 4000);
		const output = rng.int(20, 3000);
		const cacheRead = rng.chance(0.7) ? rng.int(1000, 150000) : 0;
		const cacheWrite = rng.int(0, 5000);
		const cost = {
			input: input * 3e-6,
			output: output * 15e-6,
			cacheRead: cacheRead * 3e-7,
			cacheWrite: cacheWrite * 3.75e-6,
			total: 0,
		};
		cost.total = cost.input + cost.output + cost.cacheRead + cost.cacheWrite;
		return { input, output, cacheRead, cacheWrite, totalTokens: input + output + cacheRead + cacheWrite, cost };
	};
	const outputSize = (min: number, max: number) => Math.max(1, Math.floor(rng.logInt(min, max) * spec.outputScale));

	yield emit({
		type: "session",
		version: 3,
		id: `bench-${spec.name}-${spec.seed}`,
		timestamp: new Date(clock).toISOString(),
		cwd: "/home/dev/projects/session-explorer",
	});
	yield entry("model_change", { provider: model.provider, modelId: model.model });
	yield entry("thinking_level_change", { thinkingLevel: "medium" });
	endOfTurn();

	const toolCallFor = (): { name: string; args: Record<string, unknown> } => {
		const r = rng.next();
		if (r < 0.38) {
			const args: Record<string, unknown> = { path: filePath(rng) };
			if (rng.chance(0.15)) {
				args.offset = rng.int(1, 400);
				args.limit = rng.int(50, 400);
			}
			return { name: "read", args };
		}
		if (r < 0.63) {
			const command = rng.pick([
				`npx vitest run ${filePath(rng)}`,
				`rg -n "${rng.pick(IDENTS)}" src`,
				`ls -la ${rng.pick(DIRS)}`,
				`git diff --stat`,
				`npm run check`,
				`node scripts/${rng.pick(FILES)}.mjs --verbose`,
			]);
			return { name: "bash", args: { command, ...(rng.chance(0.2) ? { timeout: 120 } : {}) } };
		}
		if (r < 0.8) {
			return {
				name: "edit",
				args: {
					path: filePath(rng),
					oldText: sourceText(rng, rng.int(20, 300)),
					newText: sourceText(rng, rng.int(20, 500)),
				},
			};
		}
		if (r < 0.88)
			return { name: "write", args: { path: filePath(rng), content: sourceText(rng, outputSize(100, 4000)) } };
		return {
			name: "grep",
			args: { pattern: rng.pick(IDENTS), path: rng.pick(DIRS), ...(rng.chance(0.3) ? { glob: "*.ts" } : {}) },
		};
	};

	const toolResultText = (
		name: string,
		args: Record<string, unknown>,
	): { text: string; isError: boolean; details?: unknown } => {
		const huge = spec.hugeOutputChance > 0 && rng.chance(spec.hugeOutputChance);
		const isError = rng.chance(0.06);
		if (isError) return { text: `Error: ${sentence(rng)} (${String(args.path ?? args.command ?? "")})`, isError };
		switch (name) {
			case "read": {
				const path = String(args.path);
				// Files keep their size across reads; a huge read is a one-off (a generated bundle, a log).
				let size = huge ? rng.int(100_000, 240_000) : fileSizes.get(path);
				if (size === undefined) {
					size = outputSize(120, 3200);
					fileSizes.set(path, size);
				}
				return { text: sourceText(rng, size), isError };
			}
			case "bash":
				return { text: commandOutput(rng, huge ? rng.int(100_000, 180_000) : outputSize(30, 2500)), isError };
			case "grep":
				return { text: commandOutput(rng, outputSize(40, 1500)), isError };
			case "edit": {
				const diff = `--- a/${String(args.path)}\n+++ b/${String(args.path)}\n@@ -${rng.int(1, 300)},7 +${rng.int(1, 300)},9 @@\n${sourceText(rng, rng.int(60, 400))}`;
				return { text: `Successfully replaced text in ${String(args.path)}.`, isError, details: { diff } };
			}
			default:
				return { text: `Successfully wrote ${rng.int(100, 9000)} bytes to ${String(args.path)}`, isError };
		}
	};

	const userTurn = function* (): Generator<string> {
		const text = rng.chance(0.15)
			? `${prose(rng, rng.int(3, 12))}\n\n\`\`\`\n${commandOutput(rng, rng.int(200, 2500))}\n\`\`\``
			: prose(rng, rng.int(1, 5));
		yield messageEntry({
			role: "user",
			content: rng.chance(0.5) ? text : [{ type: "text", text }],
			timestamp: tick(1000, 60000),
		});
		const steps = rng.int(1, 9);
		for (let step = 0; step < steps; step++) {
			const last = step === steps - 1;
			const content: Record<string, unknown>[] = [];
			if (rng.chance(0.6)) {
				content.push({ type: "thinking", thinking: prose(rng, rng.int(1, 5)), thinkingSignature: toolCallId() });
			}
			if (last || rng.chance(0.5))
				content.push({ type: "text", text: prose(rng, last ? rng.int(2, 7) : rng.int(1, 2)) });
			const calls: { id: string; name: string; args: Record<string, unknown> }[] = [];
			if (!last) {
				const n = rng.chance(0.75) ? 1 : rng.int(2, 4);
				for (let i = 0; i < n; i++) {
					const call = toolCallFor();
					const id = toolCallId();
					calls.push({ id, ...call });
					content.push({ type: "toolCall", id, name: call.name, arguments: call.args });
				}
			}
			const aborted = last && rng.chance(0.01);
			yield messageEntry({
				role: "assistant",
				content,
				api: model.api,
				provider: model.provider,
				model: model.model,
				usage: usage(),
				stopReason: aborted ? "aborted" : calls.length > 0 ? "toolUse" : "stop",
				...(aborted ? { errorMessage: "Request was aborted" } : {}),
				timestamp: tick(2000, 30000),
			});
			for (const call of calls) {
				const result = toolResultText(call.name, call.args);
				yield messageEntry({
					role: "toolResult",
					toolCallId: call.id,
					toolName: call.name,
					content: [{ type: "text", text: result.text }],
					isError: result.isError,
					...(result.details !== undefined ? { details: result.details } : {}),
					timestamp: tick(50, 8000),
				});
			}
		}
		endOfTurn();
	};

	const sideEntries = function* (): Generator<string> {
		if (rng.chance(0.02)) {
			model = rng.pick(MODELS);
			yield entry("model_change", { provider: model.provider, modelId: model.model });
		}
		if (rng.chance(0.02)) yield entry("thinking_level_change", { thinkingLevel: rng.pick(THINKING) });
		if (rng.chance(0.03) && allIds.length > 0) {
			const clear = rng.chance(0.15);
			yield entry("label", { targetId: rng.pick(allIds), ...(clear ? {} : { label: words(rng, rng.int(1, 3)) }) });
		}
		if (rng.chance(0.004)) yield entry("session_info", { name: words(rng, rng.int(2, 6)) });
		if (rng.chance(0.02)) {
			yield entry("custom", {
				customType: rng.pick(["todo", "plan-mode", "git-checkpoint"]),
				data: { items: [sentence(rng), sentence(rng)], n: rng.int(0, 9) },
			});
		}
		if (rng.chance(0.015)) {
			yield entry("custom_message", {
				customType: rng.pick(["note", "reminder"]),
				content: rng.chance(0.5) ? sentence(rng) : [{ type: "text", text: prose(rng, rng.int(1, 4)) }],
				display: rng.chance(0.7),
				...(rng.chance(0.3) ? { details: { source: "extension" } } : {}),
			});
		}
		if (rng.chance(0.03)) {
			const exclude = rng.chance(0.2);
			const output = commandOutput(rng, outputSize(20, 4000));
			const truncated = rng.chance(0.05);
			yield messageEntry({
				role: "bashExecution",
				command: rng.pick(["git status", "npm test", "ls", "cat package.json", "git log --oneline -20"]),
				output,
				exitCode: rng.chance(0.85) ? 0 : rng.int(1, 2),
				cancelled: rng.chance(0.02),
				truncated,
				...(truncated ? { fullOutputPath: `/tmp/pi-bash-${rng.u32().toString(16)}.log` } : {}),
				...(exclude ? { excludeFromContext: true } : {}),
				timestamp: tick(500, 5000),
			});
		}
	};

	const compaction = (): string => {
		compactions++;
		sinceCompaction = 0;
		const summary = `## Goal\n${prose(rng, rng.int(1, 3))}\n## Progress\n${prose(rng, rng.int(3, 10))}\n## Next steps\n${prose(rng, rng.int(1, 4))}`;
		const fields: Record<string, unknown> = {
			summary,
			tokensBefore: rng.int(80_000, 190_000),
			details: { readFiles: [filePath(rng), filePath(rng)], modifiedFiles: [filePath(rng)] },
			usage: usage(),
		};
		// Keep the last turn or two, from a user message on: legacy compactions name the first kept
		// entry, the newer format copies the kept messages into `retainedTail`.
		let keepFrom = path.length - 1;
		while (keepFrom > 0 && !path[keepFrom].isUser) keepFrom--;
		if (path.length - keepFrom < 10) {
			let earlier = keepFrom - 1;
			while (earlier > 0 && !path[earlier].isUser && keepFrom - earlier < 60) earlier--;
			if (path[earlier]?.isUser) keepFrom = earlier;
		}
		if (compactions % 2 === 1) {
			fields.firstKeptEntryId = path[keepFrom].id;
		} else {
			const tail: Record<string, unknown>[] = [];
			for (let i = keepFrom; i < path.length; i++) {
				const m = path[i].message;
				if (m) tail.push(m);
			}
			fields.retainedTail = tail;
		}
		return entry("compaction", fields);
	};

	const branch = function* (): Generator<string> {
		sinceBranch = 0;
		const fromId = path[path.length - 1].id;
		// Continue after an earlier turn: a bit back on this branch, or (bushy) anywhere recent.
		let targetId: string;
		if (spec.branchTo === "path") {
			let at = Math.max(0, path.length - 1 - rng.int(3, 80));
			while (at > 0 && !path[at].boundary) at--;
			targetId = path[at].id;
		} else {
			targetId = boundaries[rng.int(Math.max(0, boundaries.length - 250), boundaries.length - 2)];
		}
		// Rebuild the path to the target from parent links.
		const ids: string[] = [];
		for (let id: string | null = targetId; id !== null; id = parents.get(id) ?? null) ids.push(id);
		ids.reverse();
		path = ids.map((id) => nodeById.get(id) as PathNode);
		if (rng.chance(0.6)) {
			yield entry("branch_summary", {
				fromId,
				summary: rng.chance(0.9) ? prose(rng, rng.int(2, 8)) : "",
				...(rng.chance(0.5) ? { details: { readFiles: [filePath(rng)], modifiedFiles: [] } } : {}),
			});
		}
	};

	for (;;) {
		yield* userTurn();
		if (bytes >= spec.targetBytes || entryCount >= spec.maxEntries) return;
		// Everything between turns may be followed by a new turn.
		for (const line of sideEntries()) {
			yield line;
			endOfTurn();
		}
		if (sinceCompaction >= spec.compactEvery * (0.5 + rng.next())) {
			yield compaction();
			endOfTurn();
		}
		if (sinceBranch >= spec.branchEvery * (0.5 + rng.next())) {
			for (const line of branch()) {
				yield line;
				endOfTurn();
			}
		}
	}
}

export interface WrittenSession {
	path: string;
	bytes: number;
	lines: number;
}

/** Writes the session for `spec` to `path` (creating its folder), in ~4 MB writes. */
export function writeSessionFile(path: string, spec: WorkloadSpec): WrittenSession {
	mkdirSync(dirname(path), { recursive: true });
	const fd = openSync(path, "w");
	let buffer: string[] = [];
	let pending = 0;
	let bytes = 0;
	let lines = 0;
	try {
		for (const line of generateSessionLines(spec)) {
			buffer.push(line);
			pending += line.length + 1;
			lines++;
			if (pending > 4_000_000) {
				bytes += writeSync(fd, `${buffer.join("\n")}\n`);
				buffer = [];
				pending = 0;
			}
		}
		if (buffer.length > 0) bytes += writeSync(fd, `${buffer.join("\n")}\n`);
	} finally {
		closeSync(fd);
	}
	return { path, bytes, lines };
}

export const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "out");

/**
 * The file for a workload in `dir` (default bench/out/), generated unless a file made with the
 * same parameters and generator version is already there.
 */
export function ensureWorkload(spec: WorkloadSpec, dir: string = OUT_DIR): WrittenSession & { reused: boolean } {
	const path = join(dir, `${spec.name}.jsonl`);
	const metaPath = join(dir, `${spec.name}.params.json`);
	// The generator's own source is part of the key: editing it invalidates cached files.
	const source = createHash("sha256")
		.update(readFileSync(fileURLToPath(import.meta.url)))
		.digest("hex");
	const params = JSON.stringify({
		version: GENERATOR_VERSION,
		source,
		spec: { ...spec, targetBytes: String(spec.targetBytes), maxEntries: String(spec.maxEntries) },
	});
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
	const written = writeSessionFile(path, spec);
	writeFileSync(metaPath, JSON.stringify({ params, bytes: written.bytes, lines: written.lines }));
	return { ...written, reused: false };
}
