import { describe, expect, it } from "vitest";
import {
	fileNameFromUrl,
	formatHash,
	pageAddress,
	parseHash,
	readUrlParam,
	resolveSessionUrl,
	sharedFileName,
	shareFragment,
	urlShareLink,
	withoutUrlParam,
} from "./address";

describe("share hashes", () => {
	it("reads a share payload and its name next to the view", () => {
		expect(parseHash("#share=1.abc_-XYZ&name=my%20file.jsonl&leaf=L&entry=E")).toEqual({
			share: "1.abc_-XYZ",
			name: "my file.jsonl",
			leaf: "L",
			entry: "E",
		});
	});

	it("writes the payload first and round-trips every part", () => {
		const link = { share: "1.A-b_c", name: "a&b=c.jsonl", leaf: "x y", entry: "#e" };
		const hash = formatHash(link);
		expect(hash.startsWith("share=1.A-b_c&name=")).toBe(true);
		expect(parseHash(hash)).toEqual(link);
	});

	it("builds the fragment of a share link", () => {
		expect(shareFragment("1.PAY", "s.jsonl", { leaf: "L", entry: null })).toBe("share=1.PAY&name=s.jsonl&leaf=L");
		expect(shareFragment("1.PAY", undefined, {})).toBe("share=1.PAY");
	});
});

describe("?url= links", () => {
	it("reads the url parameter, keeping its plus signs and decoding escapes", () => {
		expect(readUrlParam("?url=https%3A%2F%2Fa.example%2Fs.jsonl")).toBe("https://a.example/s.jsonl");
		expect(readUrlParam("?x=1&url=https://a.example/a+b.jsonl")).toBe("https://a.example/a+b.jsonl");
		expect(readUrlParam("?x=1")).toBeNull();
		expect(readUrlParam("?url=")).toBeNull();
		expect(readUrlParam("")).toBeNull();
	});

	it("drops only the url parameter", () => {
		expect(withoutUrlParam("?url=x")).toBe("");
		expect(withoutUrlParam("?a=1&url=x&b=2")).toBe("?a=1&b=2");
		expect(withoutUrlParam("?a=1")).toBe("?a=1");
		expect(withoutUrlParam("")).toBe("");
	});

	it("resolves relative URLs against the page and accepts only http(s)", () => {
		const page = "https://host.example/some/sub/folder/index.html?url=x#leaf=y";
		expect(resolveSessionUrl("examples/a.jsonl", page)).toEqual({
			ok: true,
			url: "https://host.example/some/sub/folder/examples/a.jsonl",
		});
		expect(resolveSessionUrl(" http://other.example:8080/s.jsonl#frag ", page)).toEqual({
			ok: true,
			url: "http://other.example:8080/s.jsonl",
		});
		const js = resolveSessionUrl("javascript:alert(1)", page);
		expect(js.ok).toBe(false);
		expect(!js.ok && js.reason).toContain("javascript:");
		expect(resolveSessionUrl("file:///etc/passwd", page).ok).toBe(false);
		expect(resolveSessionUrl("data:text/plain,hi", page).ok).toBe(false);
		expect(resolveSessionUrl("http://[bad", page)).toEqual({ ok: false, reason: "this is not a valid URL" });
	});

	it("names a session after the last path segment, else the host", () => {
		expect(fileNameFromUrl("https://a.example/x/my%20session.jsonl?raw=1")).toBe("my session.jsonl");
		expect(fileNameFromUrl("https://a.example/")).toBe("a.example");
		expect(fileNameFromUrl("not a url")).toBe("not a url");
	});

	it("builds a link that loads the URL and shows the view", () => {
		const page = pageAddress("http://127.0.0.1:4000/some/sub/folder/?url=old#leaf=old");
		expect(page).toBe("http://127.0.0.1:4000/some/sub/folder/");
		const link = urlShareLink(page, "http://127.0.0.1:5000/a b.jsonl?x=1&y=2", { leaf: "L1", entry: "E1" });
		expect(link).toBe(
			"http://127.0.0.1:4000/some/sub/folder/?url=http%3A%2F%2F127.0.0.1%3A5000%2Fa%20b.jsonl%3Fx%3D1%26y%3D2#leaf=L1&entry=E1",
		);
		const u = new URL(link);
		expect(readUrlParam(u.search)).toBe("http://127.0.0.1:5000/a b.jsonl?x=1&y=2");
		expect(parseHash(u.hash)).toEqual({ leaf: "L1", entry: "E1" });
		expect(urlShareLink(page, "https://a.example/s.jsonl", {})).toBe(`${page}?url=https%3A%2F%2Fa.example%2Fs.jsonl`);
	});
});

describe("shared file names", () => {
	it("keeps a plain name and adds .jsonl when missing", () => {
		expect(sharedFileName("run.jsonl")).toBe("run.jsonl");
		expect(sharedFileName("run")).toBe("run.jsonl");
		expect(sharedFileName(undefined)).toBe("shared-session.jsonl");
		expect(sharedFileName("  ")).toBe("shared-session.jsonl");
	});

	it("drops folders and control characters", () => {
		expect(sharedFileName("../../etc/passwd")).toBe("passwd.jsonl");
		expect(sharedFileName("C:\\x\\a\u0000b.jsonl")).toBe("ab.jsonl");
	});
});
