/**
 * Seeded fuzzing: every golden session is mutated line by line and object by object (drop,
 * duplicate, swap, truncate, corrupt, break links, add cycles, change types and fields). For
 * each mutant the whole core runs — parse (also chunked), tree, diagnostics, the builder for
 * every leaf plus null/undefined, convertToLlm, tokens, stats, graph — and must not throw, must
 * return JSON-serialisable data, and must report at least one issue when JSON or links broke.
 */
import { describe, expect, it } from "vitest";
import { goldenNames, readGolden } from "../../../test/fixtures";
import { analyzeContext } from "../context/context";
import { convertToLlm } from "../context/llm";
import { estimateTotalTokens } from "../context/tokens";
import { dialectOf } from "../dialects/index";
import { entryKind, entryPreview } from "../view/entryKind";
import { buildGraph } from "../view/graph";
import { ISSUE_CODES, issueCodeInfo } from "./diagnostics";
import { getFirstUserText, getLabels, getSessionName, getSessionStats } from "./meta";
import { createSessionParser, parseSession } from "./parse";
import { buildTreeIndex } from "./tree";
import { KNOWN_ENTRY_TYPES, KNOWN_ROLES, type ParsedSession } from "./types";

const SEED = 0x5e55_1011;
/** Raise for a deep local run: `FUZZ_MUTANTS=5000 npx vitest run src/core/fuzz.test.ts`. */
const MUTANTS_PER_FILE = Number(process.env.FUZZ_MUTANTS) || 40;
/** Every issue code the mutants produced, to check the fuzzer reaches the checks it should. */
const seenCodes = new Set<string>();
/** What providers receive; `developer` only from oh-my-pi sessions (a mutant can turn into one). */
const PROVIDER_ROLES = new Set(["user", "assistant", "toolResult", "system", "developer"]);

/** mulberry32: small, fast, seedable. */
function prng(seed: number) {
	let a = seed >>> 0;
	const next = () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		next,
		int: (n: number) => Math.floor(next() * n),
		pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
	};
}
type Rng = ReturnType<typeof prng>;

type Obj = Record<string, unknown>;

const WEIRD_VALUES: unknown[] = [
	null,
	undefined,
	0,
	-1,
	Number.MAX_SAFE_INTEGER,
	"",
	"x",
	"ffffffff",
	true,
	[],
	[null],
	[1, "a"],
	{},
	{ type: "text" },
	{ content: null },
	"not a date",
	"constructor",
	"__proto__",
];
const TYPES = [...KNOWN_ENTRY_TYPES, "session", "mystery", "constructor", "__proto__", "toString"];
const ROLES = [...KNOWN_ROLES, "hookMessage", "alien"];

interface Mutant {
	text: string;
	/** What was done, for failure messages. */
	log: string[];
	/** The mutation broke JSON or links in a way parse/tree must report. */
	mustReport: boolean;
}

/** Parses a line for object-level mutation; undefined when it is not an object line. */
function lineObject(line: string): Obj | undefined {
	try {
		const v = JSON.parse(line);
		return v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : undefined;
	} catch {
		return undefined;
	}
}

/** Ids of the object lines, for link mutations. */
function idsOf(lines: string[]): { index: number; obj: Obj }[] {
	const out: { index: number; obj: Obj }[] = [];
	lines.forEach((line, index) => {
		const obj = lineObject(line);
		if (obj && typeof obj.id === "string" && obj.type !== "session") out.push({ index, obj });
	});
	return out;
}

function countIds(lines: string[]): Map<string, number> {
	const counts = new Map<string, number>();
	for (const { obj } of idsOf(lines)) counts.set(obj.id as string, (counts.get(obj.id as string) ?? 0) + 1);
	return counts;
}

function mutate(text: string, rng: Rng): Mutant {
	const lines = text.split("\n").filter((l) => l !== "");
	const log: string[] = [];
	let mustReport = false;
	let truncateAt = -1;
	const steps = 1 + rng.int(3);
	for (let s = 0; s < steps && lines.length > 1; s++) {
		const i = 1 + rng.int(lines.length - 1); // keep the header most of the time
		const kind = rng.int(12);
		switch (kind) {
			case 0:
				log.push(`drop line ${i + 1}`);
				lines.splice(i, 1);
				break;
			case 1:
				log.push(`duplicate line ${i + 1}`);
				lines.splice(i + 1, 0, lines[i]);
				if (lineObject(lines[i])?.id !== undefined) mustReport = true; // duplicate-id
				break;
			case 2: {
				const j = rng.int(lines.length);
				log.push(`swap lines ${i + 1} and ${j + 1}`);
				[lines[i], lines[j]] = [lines[j], lines[i]];
				break;
			}
			case 3: {
				// A proper prefix of an object line is never valid JSON.
				const cut = 1 + rng.int(Math.max(1, lines[i].length - 1));
				log.push(`corrupt line ${i + 1} at ${cut}`);
				lines[i] = `${lines[i].slice(0, cut)}${rng.pick(["", "#", "\u0000", "🌲", '"', "\\"])}`;
				mustReport = true;
				break;
			}
			case 4: {
				const target = idsOf(lines);
				if (target.length === 0) break;
				const { index, obj } = rng.pick(target);
				obj.parentId = `gone-${rng.int(1000)}`;
				lines[index] = JSON.stringify(obj);
				log.push(`break the parent link of line ${index + 1}`);
				if (countIds(lines).get(obj.id as string) === 1) mustReport = true; // orphan
				break;
			}
			case 5: {
				// Point an ancestor of Y (or Y itself) at Y: a cycle.
				const all = idsOf(lines);
				if (all.length === 0) break;
				const byId = new Map(all.map((e) => [e.obj.id as string, e]));
				const y = rng.pick(all);
				const chain = [y];
				const seen = new Set([y.obj.id]);
				for (
					let p = byId.get(y.obj.parentId as string);
					p && !seen.has(p.obj.id);
					p = byId.get(p.obj.parentId as string)
				) {
					chain.push(p);
					seen.add(p.obj.id);
				}
				const x = rng.pick(chain);
				x.obj.parentId = y.obj.id;
				lines[x.index] = JSON.stringify(x.obj);
				log.push(`cycle: line ${x.index + 1} now hangs below line ${y.index + 1}`);
				if (countIds(lines).size === all.length) mustReport = true; // ids unique: a real cycle
				break;
			}
			case 6: {
				const obj = lineObject(lines[i]);
				if (!obj) break;
				obj.type = rng.pick(TYPES);
				lines[i] = JSON.stringify(obj);
				log.push(`line ${i + 1} becomes type ${String(obj.type)}`);
				break;
			}
			case 7: {
				const obj = lineObject(lines[i]);
				if (!obj) break;
				const keys = Object.keys(obj);
				const key = rng.pick(keys);
				obj[key] = rng.pick(WEIRD_VALUES);
				lines[i] = JSON.stringify(obj);
				log.push(`line ${i + 1}: ${key} = ${JSON.stringify(obj[key])}`);
				if (key === "id" || key === "parentId") mustReport = true; // missing/bad id or link, orphan, duplicate…
				break;
			}
			case 8: {
				const obj = lineObject(lines[i]);
				const m = obj?.message as Obj | undefined;
				if (!obj || !m || typeof m !== "object") break;
				const what = rng.int(4);
				if (what === 0) m.role = rng.pick(ROLES);
				else if (what === 1) m.content = rng.pick(WEIRD_VALUES);
				else if (what === 2) m[rng.pick(Object.keys(m))] = rng.pick(WEIRD_VALUES);
				else obj.message = rng.pick(WEIRD_VALUES);
				lines[i] = JSON.stringify(obj);
				log.push(`line ${i + 1}: message mutation ${what}`);
				break;
			}
			case 9: {
				const obj = lineObject(lines[i]);
				if (!obj) break;
				const all = idsOf(lines);
				const other = all.length ? (rng.pick(all).obj.id as string) : "x";
				const field = rng.pick([
					"firstKeptEntryId",
					"retainedTail",
					"targetId",
					"fromId",
					"replacement",
					"systemMessage",
				]);
				obj[field] =
					field === "retainedTail"
						? rng.pick([[], "tail", null, [null, 3, { role: "user", content: null }], [{ role: "assistant" }]])
						: field === "replacement"
							? rng.pick([null, {}, { content: "x" }, { content: 5 }, "x"])
							: field === "systemMessage"
								? rng.pick(["sys", { role: "system" }, { role: "user", content: "u" }, 5, null])
								: rng.pick([other, "nope", 5, null]);
				lines[i] = JSON.stringify(obj);
				log.push(`line ${i + 1}: ${field} = ${JSON.stringify(obj[field])}`);
				break;
			}
			case 10:
				log.push(`insert junk before line ${i + 1}`);
				lines.splice(i, 0, rng.pick(["5", "null", "[]", '"s"', "   ", '{"type":"session","version":9}', "{}"]));
				if (lines[i] === "{}") mustReport = true; // missing-type / missing-id
				break;
			default:
				truncateAt = rng.int(lines.join("\n").length);
				log.push(`truncate the file at ${truncateAt}`);
				break;
		}
	}
	let out = `${lines.join("\n")}\n`;
	if (truncateAt >= 0) {
		out = out.slice(0, truncateAt);
		// Cut inside a line (not at its end): the last line is a proper prefix, never valid.
		const last = out.slice(out.lastIndexOf("\n") + 1);
		if (last.trim() !== "") mustReport = true;
	}
	return { text: out, log, mustReport };
}

/** Throws if `value` cannot be serialised or does not survive a JSON round trip as plain data. */
function assertJson(value: unknown, what: string): void {
	const text = JSON.stringify(value);
	if (value !== undefined && typeof text !== "string") throw new Error(`${what} is not serialisable`);
	JSON.parse(text);
}

/** Runs the whole core over a parsed session; returns how many leaves were built. */
function exercise(session: ParsedSession): number {
	assertJson(session, "ParsedSession");
	const index = buildTreeIndex(session.entries);
	const leaves: (string | null | undefined)[] = [null, undefined, "no-such-leaf"];
	for (const p of index.leaves) leaves.push(session.entries[p].id);
	for (const leafId of leaves) {
		const a = analyzeContext(session.entries, leafId, index);
		const llm = convertToLlm(a.messages);
		assertJson({ selected: a.selected, messages: a.messages, llm, fates: a.fates, sources: a.sources }, "analysis");
		assertJson({ thinkingLevel: a.thinkingLevel, model: a.model }, "settings");
		if (a.fates.length !== a.path.length) throw new Error("fates not parallel to the path");
		if (a.sources.length !== a.messages.length) throw new Error("sources not parallel to the messages");
		if (a.selected.length > a.path.length) throw new Error("more selected entries than the path holds");
		if (llm.length > a.messages.length) throw new Error("convertToLlm produced extra messages");
		for (const m of llm) {
			if (!PROVIDER_ROLES.has(m.role)) throw new Error(`convertToLlm emitted role ${m.role}`);
			if ((m.role as string) === "developer" && dialectOf(session.entries) !== "oh-my-pi")
				throw new Error("developer role outside oh-my-pi");
		}
		estimateTotalTokens(a.messages);
	}
	for (const e of session.entries) {
		entryKind(e);
		entryPreview(e);
	}
	assertJson(getSessionStats(session.entries), "stats");
	getLabels(session.entries);
	getSessionName(session.entries);
	assertJson(buildGraph(index), "graph");
	return leaves.length;
}

describe.each(goldenNames())("fuzzing %s", (name) => {
	const { text } = readGolden(name);

	it(`survives ${MUTANTS_PER_FILE} seeded mutants`, () => {
		const rng = prng(SEED ^ [...name].reduce((h, c) => Math.imul(h, 31) + c.charCodeAt(0), 7));
		const start = performance.now();
		let built = 0;
		for (let k = 0; k < MUTANTS_PER_FILE; k++) {
			const mutant = mutate(text, rng);
			const context = `${name} mutant ${k}: ${mutant.log.join("; ")}`;
			let session: ParsedSession;
			try {
				session = parseSession(mutant.text);
				built += exercise(session);
			} catch (err) {
				throw new Error(`${context}\n${err instanceof Error ? err.stack : String(err)}`);
			}
			if (mutant.mustReport) expect(session.issues.length, context).toBeGreaterThan(0);
			for (const issue of session.issues) {
				seenCodes.add(issue.code);
				const known = ISSUE_CODES[issue.code];
				expect(known, `${context}: undocumented code ${issue.code}`).toBeDefined();
				expect(issue.severity, `${context}: severity of ${issue.code}`).toBe(known.severity);
				expect(typeof issue.message).toBe("string");
			}
			// The streaming parser agrees with the whole-text parse for a random chunking.
			if (k % 4 === 0) {
				const parser = createSessionParser();
				let at = 0;
				while (at < mutant.text.length) {
					const size = 1 + rng.int(64);
					parser.push(mutant.text.slice(at, at + size));
					at += size;
				}
				expect(JSON.stringify(parser.finish()), context).toBe(JSON.stringify(session));
			}
		}
		expect(built).toBeGreaterThan(MUTANTS_PER_FILE);
		// Bounded work: every file's mutants together take well under the 30 s budget.
		expect(performance.now() - start).toBeLessThan(MUTANTS_PER_FILE * 150);
	});
});

/** Names `Object.prototype` (or any object literal) answers to: a lookup in a plain object finds them. */
const PROTO_NAMES = [
	"__proto__",
	"constructor",
	"toString",
	"hasOwnProperty",
	"valueOf",
	"isPrototypeOf",
	"__defineGetter__",
	"prototype",
] as const;
/** Fields whose values name something; each gets a prototype name in every place it occurs. */
const NAMED_FIELDS = ["type", "role", "customType", "label", "toolName", "name", "provider", "model", "thinkingLevel"];

/** A deep copy of `value` with `replace` applied to every (key, value) pair of every object. */
function rewrite(value: unknown, replace: (key: string, v: unknown) => unknown): unknown {
	if (Array.isArray(value)) return value.map((v) => rewrite(v, replace));
	if (value === null || typeof value !== "object") return value;
	const out: Obj = {};
	for (const [k, v] of Object.entries(value)) {
		// defineProperty: a plain assignment of "__proto__" would set the prototype, not a field.
		Object.defineProperty(out, k, { value: replace(k, rewrite(v, replace)), enumerable: true, writable: true });
	}
	return out;
}

function rewriteLines(text: string, replace: (key: string, v: unknown, line: number) => unknown): string {
	return text
		.split("\n")
		.map((line, n) => {
			const obj = lineObject(line);
			return obj ? JSON.stringify(rewrite(obj, (k, v) => replace(k, v, n))) : line;
		})
		.join("\n");
}

/**
 * Every way a golden file can carry prototype names: as the header id, as every entry id (a few at
 * a time, links kept), and as every value of every naming field; plus object keys named so.
 */
function protoVariants(text: string): { what: string; text: string }[] {
	const out: { what: string; text: string }[] = [];
	const ids: string[] = [];
	for (const line of text.split("\n")) {
		const obj = lineObject(line);
		if (obj && obj.type !== "session" && typeof obj.id === "string" && !ids.includes(obj.id)) ids.push(obj.id);
	}
	for (const name of PROTO_NAMES) {
		out.push({
			what: `header id ${name}`,
			text: rewriteLines(text, (k, v, n) => (n === 0 && k === "id" ? name : v)),
		});
		for (const field of NAMED_FIELDS) {
			out.push({ what: `every ${field} ${name}`, text: rewriteLines(text, (k, v) => (k === field ? name : v)) });
		}
		out.push({
			what: `object keys ${name}`,
			text: rewriteLines(text, (k, v) =>
				k === "arguments" || k === "details" || k === "usage"
					? rewrite({ [name]: v, x: { [name]: 1 } }, (_, x) => x)
					: v,
			),
		});
	}
	// Every id gets a prototype name in some variant; references (parentId, targetId, …) follow.
	for (let at = 0; at < ids.length; at += PROTO_NAMES.length) {
		const renamed = new Map(ids.slice(at, at + PROTO_NAMES.length).map((id, i) => [id, PROTO_NAMES[i]]));
		out.push({
			what: `ids ${at}…${at + renamed.size - 1} renamed`,
			text: rewriteLines(text, (_, v) => (typeof v === "string" ? (renamed.get(v) ?? v) : v)),
		});
	}
	return out;
}

describe.each(goldenNames())("prototype names in %s", (name) => {
	it("are data like any other name", () => {
		const variants = protoVariants(readGolden(name).text);
		expect(variants.length).toBeGreaterThan(PROTO_NAMES.length * NAMED_FIELDS.length);
		for (const v of variants) {
			const context = `${name}, ${v.what}`;
			try {
				const session = parseSession(v.text);
				exercise(session);
				getFirstUserText(session.entries);
				for (const issue of session.issues) {
					expect(issueCodeInfo(issue.code), `${context}: code ${issue.code}`).toBeDefined();
				}
				if (v.what.startsWith("header id")) expect(session.header?.id, context).toBe(v.what.slice(10));
			} catch (err) {
				throw new Error(`${context}\n${err instanceof Error ? err.stack : String(err)}`);
			}
		}
	});
});

it("issueCodeInfo knows no prototype names", () => {
	for (const name of PROTO_NAMES) expect(issueCodeInfo(name)).toBeUndefined();
	expect(issueCodeInfo("malformed-json")?.severity).toBe("error");
});

describe("fuzz harness", () => {
	it("reached the parse, tree and diagnostics checks", () => {
		console.log([...seenCodes].sort().join(" "));
		for (const code of ["malformed-json", "truncated-line", "orphan", "cycle", "duplicate-id", "missing-field"]) {
			expect(seenCodes, code).toContain(code);
		}
	});

	it("is deterministic for a seed", () => {
		const { text } = readGolden(goldenNames()[0]);
		const a = prng(42);
		const b = prng(42);
		for (let k = 0; k < 5; k++) expect(mutate(text, a)).toEqual(mutate(text, b));
	});

	it("marks JSON corruption as must-report", () => {
		const rng = prng(7);
		const { text } = readGolden(goldenNames()[0]);
		let flagged = 0;
		for (let k = 0; k < 50; k++) if (mutate(text, rng).mustReport) flagged++;
		expect(flagged).toBeGreaterThan(10);
	});
});
