import { describe, expect, it } from "vitest";
import { formatHash, parseHash } from "./deepLink";

describe("deep link hashes", () => {
	it("reads every part in any order", () => {
		expect(parseHash("#session=S&leaf=L&entry=E")).toEqual({ session: "S", leaf: "L", entry: "E" });
		expect(parseHash("#leaf=abc123")).toEqual({ leaf: "abc123" });
		expect(parseHash("entry=x&leaf=y")).toEqual({ entry: "x", leaf: "y" });
	});

	it("ignores empty, unknown and malformed parts", () => {
		expect(parseHash("")).toEqual({});
		expect(parseHash("#")).toEqual({});
		expect(parseHash("#leaf=&foo=bar&=x&session")).toEqual({});
		expect(parseHash("#leaf=%E0%A4%A")).toEqual({ leaf: "%E0%A4%A" });
	});

	it("round-trips ids with reserved characters", () => {
		const link = { leaf: "a&b=c", session: "hash:12+34 5", entry: "#é" };
		const hash = formatHash(link);
		expect(hash.startsWith("leaf=")).toBe(true);
		expect(parseHash(`#${hash}`)).toEqual(link);
	});

	it("writes the leaf first and leaves out what is unset", () => {
		expect(formatHash({ session: "S", leaf: "L" })).toBe("leaf=L&session=S");
		expect(formatHash({ session: "S" })).toBe("session=S");
		expect(formatHash({})).toBe("");
	});
});
