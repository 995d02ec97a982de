/**
 * Writes the small dialect test files in test/fixtures/dialects/ (oh-my-pi, newer pi, pi harness
 * v4) and the OpenClaw agent folder in test/fixtures/openclaw/: hand-made from the formats as
 * their sources write them (`../shared/formats/`), small enough to read. Run:
 * `npx tsx scripts/make-dialect-fixtures.ts`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "test", "fixtures");
type Json = Record<string, unknown>;

const T0 = Date.parse("2026-04-01T10:00:00.000Z");
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();
const ms = (s: number) => T0 + s * 1000;
const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15 };

function jsonl(lines: (Json | string)[]): string {
	return `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`;
}

/** oh-my-pi's title slot: exactly 256 UTF-8 bytes with its newline. */
function titleSlot(title: string, updatedAt: string): string {
	const bare = JSON.stringify({ type: "title", v: 1, title, source: "user", updatedAt, pad: "" });
	const pad = 255 - Buffer.byteLength(bare, "utf8");
	return JSON.stringify({ type: "title", v: 1, title, source: "user", updatedAt, pad: " ".repeat(pad) });
}

function write(rel: string, text: string): void {
	const path = join(ROOT, rel);
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
}

// ---------------------------------------------------------------------------------------------
// oh-my-pi: a /clear, a retry-recovery turn, every entry type of its own.

const user = (id: string, parentId: string | null, s: number, text: string): Json => ({
	type: "message",
	id,
	parentId,
	timestamp: iso(s),
	message: { role: "user", content: text, timestamp: ms(s) },
});
const assistant = (id: string, parentId: string, s: number, text: string, extra: Json = {}): Json => ({
	type: "message",
	id,
	parentId,
	timestamp: iso(s),
	message: {
		role: "assistant",
		content: [{ type: "text", text }],
		api: "anthropic-messages",
		provider: "anthropic",
		model: "claude-sonnet-4-5",
		usage,
		stopReason: "stop",
		timestamp: ms(s),
		...extra,
	},
});
const at = (type: string, id: string, parentId: string | null, s: number, fields: Json = {}): Json => ({
	type,
	id,
	parentId,
	timestamp: iso(s),
	...fields,
});

write(
	"dialects/omp-clear.jsonl",
	jsonl([
		titleSlot("Fix the flaky login test", iso(90)),
		{
			type: "session",
			version: 3,
			id: "0196a1b2-0000-7000-8000-000000000001",
			timestamp: iso(0),
			cwd: "/home/dev/app",
		},
		at("session_init", "a1000001", null, 1, {
			systemPrompt: "You are omp.",
			task: "Fix the flaky login test",
			tools: ["read", "bash"],
		}),
		at("model_change", "a1000002", "a1000001", 2, {
			model: "anthropic/claude-sonnet-4-5",
			resolvedModelIsFallback: false,
		}),
		at("thinking_level_change", "a1000003", "a1000002", 3, { thinkingLevel: "high", configured: "auto" }),
		user("a1000004", "a1000003", 4, "Why does the login test fail sometimes?"),
		assistant("a1000005", "a1000004", 5, "", {
			content: [],
			stopReason: "error",
			errorMessage: "overloaded",
		}),
		assistant("a1000006", "a1000005", 6, "Retrying after the overload.", { retryRecovery: { attempt: 1 } }),
		assistant("a1000007", "a1000006", 7, "It races the session cookie."),
		at("model_usage", "a1000008", "a1000007", 8, {
			purpose: "title",
			role: "smol",
			api: "anthropic-messages",
			provider: "anthropic",
			model: "claude-haiku-4-5",
			usage,
			stopReason: "stop",
		}),
		at("title_change", "a1000009", "a1000007", 9, { title: "Fix the flaky login test", source: "user" }),
		at("mode_change", "a100000a", "a1000009", 10, { mode: "plan" }),
		at("service_tier_change", "a100000b", "a100000a", 11, { serviceTier: { openai: "flex" } }),
		at("credential_pin", "a100000c", "a100000b", 12, { provider: "anthropic", hash: "9f2c" }),
		at("ttsr_injection", "a100000d", "a100000c", 13, { injectedRules: ["no-sleep-in-tests"] }),
		at("model_change", "a100000e", "a100000d", 14, {
			model: "openai/gpt-5",
			role: "plan",
			resolvedModelIsFallback: false,
		}),
		at("reset_boundary", "a100000f", "a100000e", 15),
		user("a1000010", "a100000f", 16, "Start over: add a retry to the cookie read."),
		assistant("a1000011", "a1000010", 17, "Added a retry around the cookie read."),
	]),
);

write(
	"dialects/omp-compaction.jsonl",
	jsonl([
		titleSlot("", iso(40)),
		{
			type: "session",
			version: 3,
			id: "0196a1b2-0000-7000-8000-000000000002",
			timestamp: iso(0),
			cwd: "/home/dev/app",
		},
		user("b1000001", null, 1, "Read the config."),
		assistant("b1000002", "b1000001", 2, "", {
			content: [{ type: "toolCall", id: "call_1", name: "read", arguments: { path: "config.json" } }],
			stopReason: "toolUse",
		}),
		{
			type: "message",
			id: "b1000003",
			parentId: "b1000002",
			timestamp: iso(3),
			message: {
				role: "toolResult",
				toolCallId: "call_1",
				toolName: "read",
				content: [{ type: "text", text: "{}" }],
				isError: false,
				timestamp: ms(3),
			},
		},
		assistant("b1000004", "b1000003", 4, "The config is empty."),
		at("reset_boundary", "b1000005", "b1000004", 5),
		user("b1000006", "b1000005", 6, "Now add a port."),
		assistant("b1000007", "b1000006", 7, "", {
			content: [{ type: "toolCall", id: "call_2", name: "edit", arguments: { path: "config.json" } }],
			stopReason: "toolUse",
		}),
		at("compaction", "b1000008", "b1000007", 8, {
			summary: "The user asked for a port in config.json.",
			shortSummary: "port in config",
			firstKeptEntryId: "b1000006",
			tokensBefore: 1200,
			tokensAfter: 300,
			method: "summary",
		}),
		user("b1000009", "b1000008", 9, "Thanks."),
	]),
);

// ---------------------------------------------------------------------------------------------
// Newer pi (after 1.6.0): active tools, a deferred reply, a result out of place, a leaf move.

write(
	"dialects/pi-newer.jsonl",
	jsonl([
		{
			type: "session",
			version: 3,
			id: "0196a1b2-0000-7000-8000-000000000003",
			timestamp: iso(0),
			cwd: "/home/dev/app",
		},
		at("active_tools_change", "c1000001", null, 1, { activeToolNames: ["read", "bash"] }),
		user("c1000002", "c1000001", 2, "List the files."),
		assistant("c1000003", "c1000002", 3, "", {
			content: [
				{ type: "toolCall", id: "call_a", name: "bash", arguments: { command: "ls" } },
				{ type: "toolCall", id: "call_b", name: "read", arguments: { path: "README.md" } },
			],
			stopReason: "toolUse",
		}),
		assistant("c1000004", "c1000003", 4, "(waiting for the tools)", { stopReason: "deferred" }),
		{
			type: "message",
			id: "c1000005",
			parentId: "c1000004",
			timestamp: iso(5),
			message: {
				role: "toolResult",
				toolCallId: "call_b",
				toolName: "read",
				content: [{ type: "text", text: "# App" }],
				isError: false,
				timestamp: ms(5),
			},
		},
		{
			type: "message",
			id: "c1000006",
			parentId: "c1000005",
			timestamp: iso(6),
			message: {
				role: "toolResult",
				toolCallId: "call_a",
				toolName: "bash",
				content: [{ type: "text", text: "README.md" }],
				isError: false,
				timestamp: ms(6),
			},
		},
		assistant("c1000007", "c1000006", 7, "There is one file."),
		user("c1000008", "c1000007", 8, "Try another way."),
		at("leaf", "c1000009", "c1000008", 9, { targetId: "c1000007" }),
	]),
);

// ---------------------------------------------------------------------------------------------
// pi harness v4: two lanes, a compaction with retainedTail, facts, records.

const v4: Json[] = [
	{ kind: "header", version: 4, id: "0196a1b2-0000-7000-8000-000000000004", createdAt: ms(0), cwd: "/home/dev/app" },
];
let seq = 0;
const v4Entry = (fields: Json, parentId: string | null, s: number, lane: string | null = "main"): Json => ({
	kind: "entry",
	...(lane ? { lane } : {}),
	...fields,
	parentId,
	seq: ++seq,
	timestamp: ms(s),
});
const umsg = (s: number, text: string) => ({ role: "user", content: [{ type: "text", text }], timestamp: ms(s) });
const amsg = (s: number, text: string) => ({
	role: "assistant",
	content: [{ type: "text", text }],
	api: "openai-responses",
	provider: "openai",
	model: "gpt-5",
	usage,
	stopReason: "stop",
	timestamp: ms(s),
});
v4.push(v4Entry({ type: "model_change", id: "d1000001", provider: "openai", modelId: "gpt-5" }, null, 1));
v4.push(v4Entry({ type: "message", id: "d1000002", message: umsg(2, "Plan the migration.") }, "d1000001", 2));
v4.push({
	kind: "record",
	id: "r1",
	type: "operation_started",
	lane: "main",
	sourceLeafId: "d1000002",
	intent: { kind: "run" },
	seq: ++seq,
	timestamp: ms(2),
});
v4.push(v4Entry({ type: "message", id: "d1000003", message: amsg(3, "Step 1: back up.") }, "d1000002", 3));
v4.push({
	kind: "record",
	id: "r2",
	type: "operation_finished",
	lane: "main",
	runId: "r1",
	outcome: "completed",
	seq: ++seq,
	timestamp: ms(3),
});
v4.push({ kind: "lane", seq: ++seq, lane: "side", leafId: "d1000003" });
v4.push(v4Entry({ type: "message", id: "d1000004", message: umsg(4, "What about rollback?") }, "d1000003", 4, "side"));
v4.push(v4Entry({ type: "thinking_level_change", id: "d1000005", thinkingLevel: "medium" }, "d1000003", 5));
v4.push(
	v4Entry(
		{
			type: "compaction",
			id: "d1000006",
			summary: "The user wants a migration plan; step 1 is a backup.",
			retainedTail: [amsg(3, "Step 1: back up.")],
			tokensBefore: 900,
		},
		"d1000005",
		6,
	),
);
v4.push(v4Entry({ type: "message", id: "d1000007", message: umsg(7, "Go on.") }, "d1000006", 7));
v4.push(v4Entry({ type: "message", id: "d1000008", message: amsg(8, "Step 2: migrate.") }, "d1000007", 8));
v4.push({ kind: "fact", seq: ++seq, fact: "name", name: "Migration plan" });
v4.push({ kind: "fact", seq: ++seq, fact: "label", targetId: "d1000003", label: "backup step" });
write("dialects/pi-v4.jsonl", jsonl(v4));

// ---------------------------------------------------------------------------------------------
// OpenClaw: an agent's live session and the archive a reset left beside it.

const OC_ID = "7c1e2d3a-4b5c-4d6e-8f70-0123456789ab";
const oc = (prefix: string, texts: string[]): string =>
	jsonl([
		{ type: "session", version: 3, id: OC_ID, timestamp: iso(0), cwd: "/home/dev/.openclaw/workspace" },
		...texts.flatMap((t, i) => {
			const u = `${prefix}${(2 * i + 1).toString(16).padStart(7, "0")}`;
			const a = `${prefix}${(2 * i + 2).toString(16).padStart(7, "0")}`;
			const parent = i === 0 ? null : `${prefix}${(2 * i).toString(16).padStart(7, "0")}`;
			return [user(u, parent, 10 * i + 1, t), assistant(a, u, 10 * i + 2, `Done: ${t}`)];
		}),
	]);
write(`openclaw/agents/main/sessions/${OC_ID}.jsonl`, oc("e", ["After the reset: check mail"]));
write(
	`openclaw/agents/main/sessions/${OC_ID}.jsonl.reset.2026-04-01T09-30-00.000Z`,
	oc("f", ["Before the reset: book a table", "And a taxi"]),
);
