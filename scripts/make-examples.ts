/**
 * Writes the example gallery (public/examples/*.jsonl + index.json): small hand-made sessions,
 * each teaching one rule of pi's context builder. Run: `npx tsx scripts/make-examples.ts`.
 * test/examples.test.ts checks that each example really shows its rule.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const OUT = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "examples");

type Json = Record<string, unknown>;

/** A tiny session writer: sequential 8-hex ids, a steady clock, parent = previous unless given. */
class Story {
	readonly lines: Json[] = [];
	private n = 0;
	private clock: number;
	last: string | null = null;

	constructor(
		readonly prefix: string,
		id: string,
		start = "2026-03-02T09:00:00.000Z",
		readonly version: number | null = 3,
	) {
		this.clock = Date.parse(start);
		const header: Json = { type: "session", id, timestamp: start, cwd: "/home/dev/projects/todo-api" };
		if (version !== null) header.version = version;
		this.lines.push(header);
	}

	private tick(): { iso: string; ms: number } {
		this.clock += 17_000 + ((this.n * 7919) % 23_000);
		return { iso: new Date(this.clock).toISOString(), ms: this.clock };
	}

	/** Appends an entry; `parent` overrides the previous entry as parent (branching). */
	add(type: string, fields: Json, parent: string | null | undefined = this.last): string {
		this.n++;
		const id = `${this.prefix}${this.n.toString(16).padStart(8 - this.prefix.length, "0")}`;
		const t = this.tick();
		const entry: Json = { type, id, parentId: parent, timestamp: t.iso, ...fields };
		if (type === "message") (entry.message as Json).timestamp = t.ms;
		this.lines.push(entry);
		this.last = id;
		return id;
	}

	user(text: string, parent?: string | null) {
		return this.add("message", { message: { role: "user", content: text } }, parent);
	}

	assistant(text: string, toolCalls: { id: string; name: string; args: Json }[] = [], parent?: string | null) {
		const content: Json[] = [];
		if (text) content.push({ type: "text", text });
		for (const c of toolCalls) content.push({ type: "toolCall", id: c.id, name: c.name, arguments: c.args });
		return this.add(
			"message",
			{
				message: {
					role: "assistant",
					content,
					api: "anthropic-messages",
					provider: "anthropic",
					model: "claude-sonnet-4-5",
					usage: {
						input: 1200 + this.n * 40,
						output: 180,
						cacheRead: 0,
						cacheWrite: 0,
						totalTokens: 1380 + this.n * 40,
					},
					stopReason: toolCalls.length ? "toolUse" : "stop",
				},
			},
			parent,
		);
	}

	tool(callId: string, name: string, output: string, parent?: string | null) {
		return this.add(
			"message",
			{
				message: {
					role: "toolResult",
					toolCallId: callId,
					toolName: name,
					content: [{ type: "text", text: output }],
					isError: false,
				},
			},
			parent,
		);
	}

	/** Lines written before the header (oh-my-pi's title slot). */
	preamble: string[] = [];

	text(): string {
		return `${[...this.preamble, ...this.lines.map((l) => JSON.stringify(l))].join("\n")}\n`;
	}
}

/** A few turns of ordinary work, used as the history the examples compact or branch from. */
function work(s: Story, topic: string): void {
	s.user(`The ${topic} endpoint returns 500 when the list is empty. Can you find out why?`);
	s.assistant("Let me look at the handler.", [
		{ id: `call_${s.prefix}_1`, name: "read", args: { path: `src/routes/${topic}.ts` } },
	]);
	s.tool(
		`call_${s.prefix}_1`,
		"read",
		`export function list${topic}(db) {\n  const rows = db.all();\n  return rows[0].items.map(format);\n}`,
	);
	s.assistant(
		`\`rows[0]\` is undefined when the table is empty, so \`.items\` throws. I'll guard it and return an empty list.`,
		[
			{
				id: `call_${s.prefix}_2`,
				name: "edit",
				args: { path: `src/routes/${topic}.ts`, oldText: "rows[0].items", newText: "(rows[0]?.items ?? [])" },
			},
		],
	);
	s.tool(`call_${s.prefix}_2`, "edit", `Edited src/routes/${topic}.ts`);
	s.assistant("Fixed: the handler now returns `[]` for an empty table.");
}

interface Example {
	file: string;
	title: string;
	rule: string;
	explanation: string;
	/** The leaf to select first (default: the file's current leaf). */
	leaf?: string;
}

const examples: Example[] = [];
function write(s: Story, ex: Omit<Example, "file">, file: string): void {
	writeFileSync(join(OUT, file), s.text());
	examples.push({ file, ...ex });
}

mkdirSync(OUT, { recursive: true });

// 1. No compaction: the whole path is the context.
{
	const s = new Story("a1", "ex-no-compaction-0001");
	s.add("model_change", { provider: "anthropic", modelId: "claude-sonnet-4-5" }, null);
	work(s, "todos");
	s.user("Thanks. Please add a test for the empty case.");
	s.assistant("Added `test/todos.test.ts` with an empty-table case; it passes.");
	write(
		s,
		{
			title: "No compaction",
			rule: "Without a compaction the model sees every message on the path from the root to the selected leaf.",
			explanation:
				"Select the last entry: every message entry on the path becomes a provider message, in order. The model change produces no message but sets the model.",
		},
		"01-no-compaction.jsonl",
	);
}

// 2. Legacy compaction: summary + kept range + what follows.
{
	const s = new Story("b2", "ex-legacy-compaction-0002");
	work(s, "users");
	const kept = s.user("Now do the same for the projects endpoint.");
	s.assistant("Reading the projects handler.", [
		{ id: "call_b2_9", name: "read", args: { path: "src/routes/projects.ts" } },
	]);
	s.tool("call_b2_9", "read", "export function listProjects(db) {\n  return db.all()[0].items;\n}");
	s.add("compaction", {
		summary:
			"## Goal\nFix 500 errors on empty lists.\n## Progress\n- users endpoint fixed with an optional-chaining guard\n- projects endpoint being read",
		firstKeptEntryId: kept,
		tokensBefore: 48210,
	});
	s.assistant("Same bug in projects: guarding `db.all()[0]`.");
	s.user("Great, commit it.");
	write(
		s,
		{
			title: "Legacy compaction (firstKeptEntryId)",
			rule: "A compaction with firstKeptEntryId sends its summary, then the entries from firstKeptEntryId up to the compaction, then everything after it.",
			explanation:
				"The users-endpoint work before the kept entry is summarized away: the model only sees the summary of it. The request about projects and its tool call are kept verbatim because they start at firstKeptEntryId.",
		},
		"02-legacy-compaction.jsonl",
	);
}

// 3. Self-contained compaction: retainedTail.
{
	const s = new Story("c3", "ex-retained-tail-0003");
	work(s, "users");
	s.user("Now the projects endpoint, please.");
	const request = s.lines[s.lines.length - 1].message as Json;
	s.add("compaction", {
		summary: "## Goal\nFix 500 errors on empty lists.\n## Progress\n- users endpoint fixed",
		tokensBefore: 51377,
		retainedTail: [{ ...request }],
	});
	s.assistant("Looking at projects now.", [
		{ id: "call_c3_9", name: "read", args: { path: "src/routes/projects.ts" } },
	]);
	s.tool("call_c3_9", "read", "export function listProjects(db) {\n  return db.all()[0].items;\n}");
	write(
		s,
		{
			title: "Self-contained compaction (retainedTail)",
			rule: "A compaction with a retainedTail array is a checkpoint: its summary and the tail messages it carries replace everything before it.",
			explanation:
				"Nothing before the compaction is read, not even the original user message: the copy inside retainedTail is what the model sees, followed by the entries after the compaction.",
		},
		"03-retained-tail.jsonl",
	);
}

// 4. Two compactions: only the latest counts.
{
	const s = new Story("d4", "ex-two-compactions-0004");
	work(s, "users");
	const firstKept = s.user("Next: the projects endpoint.");
	s.add("compaction", {
		summary: "## Progress\n- users endpoint fixed",
		firstKeptEntryId: firstKept,
		tokensBefore: 40110,
	});
	s.assistant("Projects fixed the same way.");
	s.user("And tags?");
	s.assistant("Tags had the same bug; fixed.");
	s.add("compaction", {
		summary: "## Progress\n- users, projects and tags endpoints fixed",
		firstKeptEntryId: firstKept,
		tokensBefore: 61890,
	});
	s.user("Please summarize what changed.");
	write(
		s,
		{
			title: "Two compactions: only the latest counts",
			rule: "Only the latest compaction on the path contributes a summary; an older compaction inside its kept range adds nothing.",
			explanation:
				"The second compaction keeps everything from the projects request on, which includes the first compaction entry. That older compaction is in the kept range but contributes no message: only the latest summary is sent.",
		},
		"04-two-compactions.jsonl",
	);
}

// 5. A branch with a branch summary.
{
	const s = new Story("e5", "ex-branch-summary-0005");
	s.user("The tests are slow. Try running them in parallel.");
	const fork = s.assistant("I'll try vitest's thread pool first.", [
		{ id: "call_e5_1", name: "bash", args: { command: "npx vitest run --pool=threads" } },
	]);
	s.tool("call_e5_1", "bash", "Error: database is locked (SQLITE_BUSY)\n 12 failed");
	const abandoned = s.assistant("The tests share one SQLite file, so parallel runs lock it.");
	s.add(
		"branch_summary",
		{
			fromId: abandoned,
			summary:
				"Tried running tests in parallel with --pool=threads: they fail with SQLITE_BUSY because every test shares one database file.",
		},
		fork,
	);
	s.user("Give each test file its own in-memory database instead.");
	s.assistant("Done: each file now opens `:memory:`; the suite runs in parallel in 4 s.");
	write(
		s,
		{
			title: "A branch with a branch summary",
			rule: "Going back to an earlier entry starts a branch; a branch summary tells the model what the abandoned branch found.",
			explanation:
				"Two tips share the first messages. On the newer branch, the failed attempt is not in the context, but the branch summary entry becomes a user message wrapped in the branch-summary text. Compare the two tips to see it.",
		},
		"05-branch-summary.jsonl",
	);
}

// 6. A model change in the summarized region still applies.
{
	const s = new Story("f6", "ex-model-in-summary-0006");
	s.add("model_change", { provider: "openai", modelId: "gpt-5.1-codex" }, null);
	s.add("thinking_level_change", { thinkingLevel: "high" });
	s.user("Refactor the storage layer to use a repository class.");
	const keep = s.user("Also rename `db.ts` to `repository.ts`.");
	s.add("compaction", {
		summary: "## Progress\n- storage layer refactored into a repository class",
		firstKeptEntryId: keep,
		tokensBefore: 30551,
	});
	s.user("Run the type checker.");
	write(
		s,
		{
			title: "A setting inside the summarized region still applies",
			rule: "The model and thinking level come from the whole path, even from entries that were summarized away.",
			explanation:
				"The model change and the thinking-level change sit before the compaction's kept range, so they are summarized away — yet the context still uses gpt-5.1-codex with thinking level high, because settings are read from the whole path.",
		},
		"06-model-in-summarized-region.jsonl",
	);
}

// 7. custom vs custom_message.
{
	const s = new Story("a7", "ex-custom-0007");
	s.user("Start the todo list extension and plan the release.");
	s.add("custom", { customType: "todo-state", data: { items: ["write changelog", "tag v1.2.0"], done: 0 } });
	s.add("custom_message", {
		customType: "todo-reminder",
		content: "Open todos: write changelog, tag v1.2.0.",
		display: true,
	});
	s.assistant("I'll start with the changelog.");
	write(
		s,
		{
			title: "custom versus custom_message",
			rule: "A `custom` entry is extension state and never reaches the model; a `custom_message` entry is sent as a user message.",
			explanation:
				"Both entries come from the same extension. The custom entry (todo-state) stays out of the context; the custom_message (todo-reminder) becomes a user message for the provider.",
		},
		"07-custom-vs-custom-message.jsonl",
	);
}

// 8. `!!` bash excluded from the provider payload.
{
	const s = new Story("b8", "ex-bash-exclude-0008");
	s.user("Why does the build fail on CI?");
	s.add("message", {
		message: {
			role: "bashExecution",
			command: "npm run build",
			output: "src/index.ts(3,1): error TS2307: Cannot find module './config'",
			exitCode: 2,
			cancelled: false,
			truncated: false,
		},
	});
	s.add("message", {
		message: {
			role: "bashExecution",
			command: "cat ~/.npmrc",
			output: "//registry.npmjs.org/:_authToken=<redacted by the example>",
			exitCode: 0,
			cancelled: false,
			truncated: false,
			excludeFromContext: true,
		},
	});
	s.assistant(
		"The build cannot find `./config`: the file is named `Config.ts`, and CI's file system is case-sensitive.",
	);
	write(
		s,
		{
			title: "`!!` keeps a command out of the context",
			rule: "A bash command run with `!!` is stored in the session but excluded from what the provider receives; `!` commands are sent as user messages.",
			explanation:
				"Both commands are in the session context, but only `npm run build` (run with `!`) is converted into a user message. `cat ~/.npmrc` was run with `!!`, so convertToLlm drops it.",
		},
		"08-bash-exclusion.jsonl",
	);
}

// 9. Context edits: replace and omit.
{
	const s = new Story("c9", "ex-context-edit-0009");
	s.user("Read the server log and tell me what failed.");
	s.assistant("Reading it.", [{ id: "call_c9_1", name: "read", args: { path: "logs/server.log" } }]);
	const big = s.tool("call_c9_1", "read", `${"GET /health 200 1ms\n".repeat(40)}ERROR db timeout after 30000ms`);
	s.assistant("The only failure is a database timeout after 30 s.");
	const noise = s.user("(pasted the same log again by mistake)");
	s.add("context_edit", {
		targetId: big,
		replacement: { content: "[log trimmed by a context edit: 40 health checks, then ERROR db timeout after 30000ms]" },
	});
	s.add("context_edit", { targetId: noise, replacement: null });
	s.user("How do we raise the timeout?");
	write(
		s,
		{
			title: "Context edits: replace and omit",
			rule: "A context_edit entry changes another entry's content in the context (replacement) or removes it (replacement: null); the file itself is unchanged.",
			explanation:
				"The long tool result is replaced by a one-line version, and the accidental user message is omitted. Select the last entry and compare the provider messages with the entries on the path.",
		},
		"09-context-edits.jsonl",
	);
}

// 10. firstKeptEntryId not on the path.
{
	const s = new Story("da", "ex-kept-off-path-000a");
	const root = s.user("Set up linting for the project.");
	s.assistant("I'll add Biome.");
	const otherBranch = s.user("Actually use ESLint instead.");
	s.assistant("Switched to ESLint.");
	s.user("Let's go back to the Biome plan.", root);
	s.assistant("Biome is configured; `npm run lint` passes.");
	s.add("compaction", {
		summary: "## Progress\n- Biome configured; lint passes",
		firstKeptEntryId: otherBranch,
		tokensBefore: 22040,
	});
	s.user("Add a pre-commit hook.");
	write(
		s,
		{
			title: "firstKeptEntryId not on the path",
			rule: "When a compaction's firstKeptEntryId is not on the selected path, pi keeps nothing before the compaction — silently. The explorer flags it.",
			explanation:
				"The compaction names an entry on the other (ESLint) branch as its first kept entry. On this path that entry does not exist, so the kept range is empty: the model sees only the summary and what follows.",
		},
		"10-kept-entry-off-path.jsonl",
	);
}

// 11. A legacy v1 file.
{
	const s = new Story("", "ex-legacy-v1-000b", "2025-06-01T10:00:00.000Z", null);
	const v1 = (type: string, fields: Json) => {
		s.add(type, fields);
		const line = s.lines[s.lines.length - 1];
		delete line.id;
		delete line.parentId;
	};
	v1("message", { message: { role: "user", content: "Add a README for the CLI." } });
	v1("message", {
		message: {
			role: "assistant",
			content: [{ type: "text", text: "Here is a first README draft with usage and options." }],
			provider: "anthropic",
			model: "claude-3-7-sonnet",
			usage: { input: 900, output: 400, cacheRead: 0, cacheWrite: 0 },
			stopReason: "stop",
		},
	});
	v1("message", { message: { role: "user", content: "Shorter, please, and add an install section." } });
	v1("message", {
		message: {
			role: "hookMessage",
			customType: "style-guide",
			content: "Reminder: keep READMEs under 60 lines.",
			display: true,
		},
	});
	v1("compaction", {
		summary: "## Progress\n- README drafted; user asked for a shorter version",
		firstKeptEntryIndex: 3,
		tokensBefore: 12040,
	});
	v1("message", { message: { role: "user", content: "Looks good. Ship it." } });
	write(
		s,
		{
			title: "A legacy v1 file, migrated on load",
			rule: "Version 1 files have no ids: entries are chained in file order and firstKeptEntryIndex (a line index, header = 0) becomes firstKeptEntryId; v2's hookMessage role becomes custom.",
			explanation:
				"The explorer migrates the file as pi does: every entry gets a stable id from its line number, the compaction's firstKeptEntryIndex 3 becomes the id of line 4, and the hookMessage becomes a custom message.",
		},
		"11-legacy-v1.jsonl",
	);
}

// 12. oh-my-pi's /clear: the context starts after the latest reset_boundary.
{
	const s = new Story("c1", "0196b000-0000-7000-8000-00000000c1e4");
	// oh-my-pi's line 1: a title slot of exactly 256 bytes (with its newline) before the header.
	const slot = {
		type: "title",
		v: 1,
		title: "Empty-list bug, then a fresh start",
		source: "user",
		updatedAt: "2026-03-02T09:30:00.000Z",
	};
	const bare = JSON.stringify({ ...slot, pad: "" });
	s.preamble.push(JSON.stringify({ ...slot, pad: " ".repeat(255 - Buffer.byteLength(bare, "utf8")) }));
	s.add("model_change", { model: "anthropic/claude-sonnet-4-5", resolvedModelIsFallback: false }, null);
	s.add("thinking_level_change", { thinkingLevel: "medium", configured: "auto" });
	work(s, "orders");
	const before = s.last;
	s.add("reset_boundary", {});
	s.user("New task: add pagination to the orders list.");
	s.assistant("Added `?page=` and `?limit=` to `GET /orders`, defaulting to 50 per page.");
	write(
		s,
		{
			title: "oh-my-pi's /clear",
			rule: "oh-my-pi (a fork of pi) writes a reset_boundary entry for /clear: when it comes after the latest compaction, the context holds only what follows it; settings (model, thinking level) still come from the whole path.",
			explanation: `The first line is oh-my-pi's title slot, read as the session's title. Everything up to the reset_boundary is marked cleared in the inspector; only the new request and its answer are sent. Select ${before} (before the /clear) to see the whole bug hunt sent instead.`,
		},
		"12-omp-clear.jsonl",
	);
}

writeFileSync(join(OUT, "index.json"), `${JSON.stringify({ examples }, null, "\t")}\n`);
console.log(`wrote ${examples.length} examples to ${OUT}`);
