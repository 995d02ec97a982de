import { describe, expect, it } from "vitest";
import { seeded, writeJson } from "../../../test/reshape";
import { type ScannedLine, scanLine, skipString } from "./scan";

const encoder = new TextEncoder();

function scan(text: string): ScannedLine | null {
	const b = encoder.encode(text);
	return scanLine(b, 0, b.length);
}

/** What the scan must give for a line `JSON.parse` reads as `value`. */
function expected(value: unknown): ScannedLine {
	const o = value as Record<string, unknown>;
	const str = (v: unknown) => (typeof v === "string" ? v : undefined);
	const message = o.message;
	const inMessage = (key: string) =>
		message !== null && typeof message === "object" && !Array.isArray(message)
			? str((message as Record<string, unknown>)[key])
			: undefined;
	return {
		type: str(o.type),
		id: str(o.id),
		parentId: o.parentId === null ? null : str(o.parentId),
		role: inMessage("role"),
		customType: str(o.customType),
		stopReason: inMessage("stopReason"),
	};
}

describe("scanLine", () => {
	it("reads the fields with the keys in any order and whitespace anywhere", () => {
		expect(scan('{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"x"}}')).toEqual({
			type: "message",
			id: "a",
			parentId: null,
			role: "user",
		});
		expect(
			scan(
				' \t{ "message" :\r{ "content" : [ {"role":"no", "id":"no"} ], "role" : "assistant" } , "parentId":"p" ,"id" : "b", "type":"message" } \r',
			),
		).toEqual({ type: "message", id: "b", parentId: "p", role: "assistant" });
		expect(scan('{"id":"c","type":"label","parentId":"b","targetId":"a","label":"x"}')).toEqual({
			type: "label",
			id: "c",
			parentId: "b",
			role: undefined,
		});
		expect(scan("{}")).toEqual({ type: undefined, id: undefined, parentId: undefined, role: undefined });
	});

	it("does not take keys of nested values or a role outside `message`", () => {
		expect(
			scan(
				'{"data":{"type":"x","id":"y","parentId":"z","message":{"role":"user"}},"list":[{"id":"w"}],"role":"user","s":"\\"id\\":\\"v\\""}',
			),
		).toEqual({ type: undefined, id: undefined, parentId: undefined, role: undefined });
		expect(scan('{"message":{"meta":{"role":"user"}}}')?.role).toBeUndefined();
	});

	it("decodes keys and values with escapes or non-ASCII bytes as JSON.parse does", () => {
		const line =
			'{"\\u0074ype":"m\\u00e9","\\u0069\\u0064":"a\\"b\\\\c\\n\\ud83d\\ude00","parentId":"é😀","message":{"r\\u006fle":"u"}}';
		expect(scan(line)).toEqual(expected(JSON.parse(line)));
		expect(scan(line)?.id).toBe('a"b\\c\n😀');
	});

	it("keeps the last of duplicate keys, as JSON.parse does", () => {
		const line =
			'{"id":"a","id":"b","type":"x","type":5,"parentId":"p","parentId":null,"message":{"role":"u"},"message":7}';
		expect(scan(line)).toEqual({ type: undefined, id: "b", parentId: null, role: undefined });
		expect(scan('{"message":{"role":"u","role":{"a":1}}}')?.role).toBeUndefined();
		expect(scan('{"message":{"role":1,"role":"v"}}')?.role).toBe("v");
	});

	it("reads a message's stopReason (the last, decoded), and none outside the message or not a string", () => {
		expect(scan('{"message":{"stopReason":"toolUse","role":"assistant","stopReason":"deferred"}}')?.stopReason).toBe(
			"deferred",
		);
		expect(scan('{"message":{"stop\\u0052eason":"d\\u0065ferred"}}')?.stopReason).toBe("deferred");
		expect(scan('{"stopReason":"deferred","message":{"meta":{"stopReason":"deferred"}}}')?.stopReason).toBeUndefined();
		expect(scan('{"message":{"stopReason":"deferred","stopReason":1}}')?.stopReason).toBeUndefined();
		expect(scan('{"message":{"stopReason":"deferred"},"message":"m"}')?.stopReason).toBeUndefined();
	});

	it("gives values that are not strings as absent", () => {
		expect(scan('{"type":1,"id":true,"parentId":false,"message":[{"role":"u"}]}')).toEqual({
			type: undefined,
			id: undefined,
			parentId: undefined,
			role: undefined,
		});
		expect(scan('{"id":{"a":"b"},"parentId":["x"],"message":"m","type":null}')).toEqual({
			type: undefined,
			id: undefined,
			parentId: undefined,
			role: undefined,
		});
	});

	it("takes prototype names as plain data", () => {
		const s = scan('{"__proto__":{"polluted":1},"type":"__proto__","id":"constructor","parentId":"toString"}');
		expect(s).toEqual({ type: "__proto__", id: "constructor", parentId: "toString", role: undefined });
		expect(Object.getPrototypeOf(s)).toBe(Object.prototype);
		expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
	});

	it("gives null for lines that are not one well-formed object", () => {
		for (const bad of [
			"",
			"   ",
			"[]",
			'"s"',
			"1",
			"{",
			'{"a"}',
			'{"a":}',
			'{"a":1,}',
			'{,"a":1}',
			'{"a" 1}',
			'{"a":1 "b":2}',
			'{"a":1}}',
			'{"a":1} x',
			'{"a":1}{"b":2}',
			'{"a":[1,2}',
			'{"a":{"b":1]}',
			'{"a":[[[]]}',
			'{"a":"unclosed}',
			'{"a":"x\\"}',
			'{"id":"a\tb"}',
			'{"id":"\\x"}',
			'{"id":"\\ud83d"x}',
			'{"a":tru}',
			'{"a":nul}',
			'{"a":falsy}',
			'{"a":+1}',
			'{"a":x}',
			"{a:1}",
			'{"message":{"role":"u",}}',
			'{"message":{"role" "u"}}',
			'{"message":{"role":"u"}',
			'{"\\u00zz":1}',
		]) {
			expect(scan(bad), bad).toBeNull();
		}
	});

	it("reads only the bytes between start and end", () => {
		const b = encoder.encode('xx{"id":"a"}\n{"id":"b"}');
		expect(scanLine(b, 2, 12)?.id).toBe("a");
		expect(scanLine(b, 13, b.length)?.id).toBe("b");
		// Cut short: the end of the line is not looked for past `end`.
		expect(scanLine(b, 2, 10)).toBeNull();
		expect(scanLine(b, 2, 11)).toBeNull();
	});

	it("agrees with JSON.parse on random objects in random shapes (fuzz)", () => {
		const rnd = seeded(42);
		const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)];
		const KEYS = ["type", "id", "parentId", "message", "role", "content", "__proto__", "constructor", "x", "é", "i\\d"];
		const STRINGS = [
			"",
			"a",
			"message",
			"user",
			'q"uo\\te',
			"{",
			"}",
			"[",
			"]",
			"\\",
			"é😀",
			"\n\t",
			"\u2028",
			"__proto__",
		];
		const value = (depth: number): unknown => {
			const r = rnd();
			if (r < 0.3) return pick(STRINGS) + (rnd() < 0.3 ? pick(STRINGS) : "");
			if (r < 0.4) return pick([0, -1, 1.5, 1e21, -2.5e-7, 123456789]);
			if (r < 0.5) return pick([true, false, null]);
			if (depth > 3) return null;
			if (r < 0.7) return Array.from({ length: Math.floor(rnd() * 4) }, () => value(depth + 1));
			return object(depth + 1);
		};
		const object = (depth: number): Record<string, unknown> => {
			const o: Record<string, unknown> = {};
			const n = Math.floor(rnd() * 6);
			for (let i = 0; i < n; i++) {
				const k = pick(KEYS);
				Object.defineProperty(o, k, { value: value(depth), enumerable: true, configurable: true, writable: true });
			}
			return o;
		};
		let scanned = 0;
		for (let i = 0; i < 4000; i++) {
			const o = object(0);
			if (rnd() < 0.5) {
				const m = object(1);
				if (rnd() < 0.7) m.role = pick(STRINGS);
				if (rnd() < 0.3) m.stopReason = rnd() < 0.5 ? "deferred" : pick(STRINGS);
				o.message = rnd() < 0.9 ? m : value(1);
			}
			const text = writeJson(
				o,
				{ shuffle: rnd() < 0.5, whitespace: rnd() < 0.5, escapeUpTo: rnd() < 0.5 ? 20 : 0, duplicates: rnd() < 0.3 },
				rnd,
			);
			const want = expected(JSON.parse(text));
			expect(scan(text), text).toEqual(want);
			scanned++;
			// Broken by one byte: null, or (where JSON.parse still reads it) the same fields.
			const b = encoder.encode(text);
			const at = Math.floor(rnd() * b.length);
			const cut = rnd() < 0.5 ? b.subarray(0, at) : Uint8Array.from([...b.subarray(0, at), ...b.subarray(at + 1)]);
			const got = scanLine(cut, 0, cut.length);
			let reparsed: unknown;
			try {
				reparsed = JSON.parse(new TextDecoder().decode(cut));
			} catch {
				reparsed = undefined;
			}
			const isObject = reparsed !== null && typeof reparsed === "object" && !Array.isArray(reparsed);
			if (got !== null && reparsed !== undefined) expect(isObject && got, text).toEqual(expected(reparsed));
		}
		expect(scanned).toBe(4000);
	});

	it("skips a 50 MB string in linear time, whatever its backslashes", () => {
		const size = 50_000_000;
		const cases: [string, (b: Uint8Array) => void][] = [
			["plain", (b) => b.fill(0x61)],
			["one run of backslashes", (b) => b.fill(0x5c)],
			[
				'\\" over and over',
				(b) => {
					for (let i = 0; i < b.length; i += 2) {
						b[i] = 0x5c;
						b[i + 1] = 0x22;
					}
				},
			],
		];
		for (const [name, fill] of cases) {
			const head = encoder.encode('{"id":"a","big":"');
			const tail = encoder.encode('","type":"t"}');
			const b = new Uint8Array(head.length + size + tail.length);
			b.set(head);
			fill(b.subarray(head.length, head.length + size));
			b.set(tail, head.length + size);
			const t0 = performance.now();
			const s = scanLine(b, 0, b.length);
			const ms = performance.now() - t0;
			// A quadratic scan would take hours; linear takes well under a second.
			expect(ms, name).toBeLessThan(5000);
			expect(s, name).toEqual({ type: "t", id: "a", parentId: undefined, role: undefined });
		}
	});

	it("skipString honours the backslashes before each quote", () => {
		const b = encoder.encode('"a\\"b\\\\"x');
		expect(skipString(b, 1, b.length)).toBe(8);
		const c = encoder.encode('"\\\\\\"');
		expect(skipString(c, 1, c.length)).toBe(-1);
	});
});
