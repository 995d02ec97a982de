/**
 * A session with script payloads in every text field the explorer renders, for
 * e2e/hostile.spec.ts (written to test/fixtures/hostile/ by scripts/make-bad-fixtures.ts).
 * Each payload, if it ever ran, sets `window.__pwned` to its own number, calls alert(), or asks a
 * server outside 127.0.0.1 for something; the browser test asserts that none of it happens.
 */

type Json = Record<string, unknown>;

/** Where a payload phones home if the page ever fetches it. */
export const EVIL_ORIGIN = "https://evil.example";

let serial = 0;
/** A set of payloads (HTML, markdown, URL schemes, templates), each with a fresh number. */
export function payload(where: string): string {
	const n = () => ++serial;
	return [
		`${where}:`,
		`<script>window.__pwned=${n()}</script>`,
		`<img src=x onerror="window.__pwned=${n()}">`,
		`<svg onload="window.__pwned=${n()}"><circle r=1 /></svg>`,
		`<iframe src="javascript:parent.__pwned=${n()}"></iframe>`,
		`"><script>alert(${n()})</script>`,
		`'><img src=x onerror=alert(${n()})>`,
		`[click me](javascript:window.__pwned=${n()})`,
		`[x](javascript:alert(${n()}))`,
		`[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
		`![pixel](${EVIL_ORIGIN}/pixel.png?${n()})`,
		`![broken](x" onerror="window.__pwned=${n()})`,
		`<a href="javascript:window.__pwned=${n()}">a link</a>`,
		`<details open ontoggle="window.__pwned=${n()}">d</details>`,
		`<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=${n()}">`,
		`<style>@import url(${EVIL_ORIGIN}/x.css);</style>`,
		`<link rel=stylesheet href=${EVIL_ORIGIN}/y.css>`,
		`<base href="${EVIL_ORIGIN}/">`,
		`<meta http-equiv="refresh" content="0;url=javascript:window.__pwned=${n()}">`,
		`<object data="javascript:window.__pwned=${n()}"></object>`,
		`{{constructor.constructor('window.__pwned=${n()}')()}}`,
		`${"$"}{alert(${n()})}`,
		"javascript:window.__pwned=1",
		"\u202e\u0000\u001b[31mANSI\u001b[0m",
	].join("\n");
}

/** A short payload for fields that are usually short (names, ids, types). */
export function shortPayload(): string {
	return `<img src=x onerror="window.__pwned=${++serial}">`;
}

/** An SVG image whose script and onload set __pwned, as base64 for an image block. */
function svgImage(): { type: "image"; data: string; mimeType: string } {
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=${++serial}"><script>window.__pwned=${++serial};alert(1)</script><image href="${EVIL_ORIGIN}/svg.png"/></svg>`;
	return { type: "image", data: Buffer.from(svg).toString("base64"), mimeType: "image/svg+xml" };
}

/** Entry ids that are themselves payloads or that shadow Object.prototype names. */
export const HOSTILE_IDS = {
	quote: 'x"><img src=x onerror="window.__pwned=900">',
	proto: "__proto__",
	ctor: "constructor",
	script: "<script>window.__pwned=901</script>",
} as const;

/** The hostile session's text. Branches so there are several tips, a compaction and a summary. */
export function hostileSessionText(): string {
	serial = 0;
	const lines: Json[] = [];
	let clock = Date.parse("2026-02-03T10:00:00.000Z");
	let n = 0;
	const add = (type: string, fields: Json, parentId: string | null, id?: string): string => {
		n++;
		clock += 13_000;
		const entryId = id ?? `h${n.toString(16).padStart(7, "0")}`;
		const entry: Json = { type, id: entryId, parentId, timestamp: new Date(clock).toISOString(), ...fields };
		if (type === "message") (entry.message as Json).timestamp = clock;
		lines.push(entry);
		return entryId;
	};
	const msg = (message: Json, parentId: string | null, id?: string) => add("message", { message }, parentId, id);
	const assistant = (content: Json[], extra: Json = {}) => ({
		role: "assistant",
		content,
		api: shortPayload(),
		provider: shortPayload(),
		model: shortPayload(),
		usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15 },
		stopReason: "toolUse",
		...extra,
	});

	const header = {
		type: "session",
		version: 3,
		id: `hostile-${shortPayload()}`,
		timestamp: new Date(clock).toISOString(),
		cwd: payload("cwd"),
		parentSession: `javascript:window.__pwned=${++serial}`,
	};

	const root = add("session_info", { name: payload("session name") }, null);
	const model = add("model_change", { provider: shortPayload(), modelId: shortPayload() }, root);
	const thinking = add("thinking_level_change", { thinkingLevel: shortPayload() }, model);
	const u1 = msg({ role: "user", content: payload("user text") }, thinking);
	const u1b = msg(
		{
			role: "user",
			content: [{ type: "text", text: payload("user block") }, svgImage()],
		},
		u1,
	);
	const a1 = msg(
		assistant([
			{ type: "thinking", thinking: payload("thinking") },
			{ type: "text", text: payload("assistant markdown") },
			{
				type: "toolCall",
				id: "call_<b>1</b>",
				name: shortPayload(),
				arguments: { [shortPayload()]: payload("tool argument"), command: "<script>alert(1)</script>" },
			},
			{ type: "toolCall", id: "call_2", name: "constructor", arguments: JSON.parse('{"__proto__":{"polluted":true}}') },
		]),
		u1b,
	);
	const t1 = msg(
		{
			role: "toolResult",
			toolCallId: "call_<b>1</b>",
			toolName: shortPayload(),
			content: [{ type: "text", text: payload("tool result") }, svgImage()],
			isError: true,
			details: { diff: payload("tool details") },
		},
		a1,
	);
	const t2 = msg(
		{
			role: "toolResult",
			toolCallId: "call_2",
			toolName: "__proto__",
			content: payload("tool result string"),
			isError: false,
		},
		t1,
	);
	const bash = msg(
		{
			role: "bashExecution",
			command: payload("bash command"),
			output: payload("bash output"),
			exitCode: 1,
			cancelled: false,
			truncated: true,
			fullOutputPath: `javascript:window.__pwned=${++serial}`,
		},
		t2,
	);
	const custom = add(
		"custom_message",
		{
			customType: shortPayload(),
			content: payload("custom message"),
			display: true,
			details: { html: payload("custom details") },
		},
		bash,
	);
	const customState = add("custom", { customType: HOSTILE_IDS.proto, data: { html: payload("custom data") } }, custom);
	const label = add("label", { targetId: u1, label: payload("label") }, customState);
	add("label", { targetId: shortPayload(), label: shortPayload() }, label);
	const edit = add(
		"context_edit",
		{ targetId: u1, replacement: { content: [{ type: "text", text: payload("context edit") }] } },
		label,
	);
	const sys = msg({ role: "system", content: payload("system message") }, edit);
	const odd = msg({ role: shortPayload(), content: payload("unknown role") }, sys);
	const unknown = add(`<script>window.__pwned=${++serial}</script>`, { payload: payload("unknown entry") }, odd);
	const usage = add(
		"usage",
		{
			kind: shortPayload(),
			provider: shortPayload(),
			model: shortPayload(),
			usage: { input: 1 },
			note: payload("usage note"),
		},
		unknown,
	);
	const compaction = add(
		"compaction",
		{
			summary: payload("compaction summary"),
			tokensBefore: 12345,
			firstKeptEntryId: sys,
			details: { readFiles: [shortPayload()], modifiedFiles: [payload("modified file")] },
		},
		usage,
	);
	const after = msg({ role: "user", content: payload("after compaction") }, compaction);
	const aErr = msg(
		assistant([{ type: "text", text: payload("error reply") }], {
			stopReason: "error",
			errorMessage: payload("error message"),
		}),
		after,
	);
	const checkpoint = add(
		"compaction",
		{
			summary: payload("checkpoint summary"),
			tokensBefore: 999,
			retainedTail: [
				{ role: "user", content: payload("retained user"), timestamp: clock },
				{
					role: "custom",
					customType: shortPayload(),
					content: payload("retained custom"),
					display: true,
					timestamp: clock,
				},
			],
		},
		aErr,
	);
	msg({ role: "user", content: payload("tip after checkpoint") }, checkpoint, HOSTILE_IDS.quote);

	// A second branch from u1 with a branch summary, and a third with hostile ids.
	const summary = add(
		"branch_summary",
		{ fromId: shortPayload(), summary: payload("branch summary"), details: { files: [shortPayload()] } },
		u1,
	);
	msg({ role: "user", content: payload("branch tip") }, summary, HOSTILE_IDS.proto);
	const ctor = msg({ role: "user", content: payload("constructor id") }, root, HOSTILE_IDS.ctor);
	msg(assistant([{ type: "text", text: payload("script id") }], { stopReason: "stop" }), ctor, HOSTILE_IDS.script);

	return `${[header, ...lines].map((l) => JSON.stringify(l)).join("\n")}\n`;
}
