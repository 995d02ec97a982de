import { describe, expect, it } from "vitest";
import { parseMarkdown } from "./markdown";
import { escapeInvisible, safeHref, safeImageSrc } from "./safeUrl";

describe("safeHref", () => {
	it("allows http, https and mailto", () => {
		for (const url of ["http://a.b", "https://a.b/c?d#e", "HTTPS://A.B", "mailto:x@y.z"])
			expect(safeHref(url)).toBe(url);
	});

	it("rejects every other scheme and relative or protocol-relative links", () => {
		for (const url of [
			"javascript:alert(1)",
			"JAVASCRIPT:alert(1)",
			"data:text/html,<script>",
			"vbscript:x",
			"file:///etc/passwd",
			"ftp://a.b",
			"//evil.example",
			"/path",
			"#frag",
			"",
			"https:evil",
			"java\nscript:x",
			"https://a.b\u2028",
		]) {
			expect(safeHref(url), url).toBeNull();
		}
	});
});

describe("safeImageSrc", () => {
	const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

	it("builds data URLs for raster types", () => {
		expect(safeImageSrc("image/png", png)).toBe(`data:image/png;base64,${png}`);
		expect(safeImageSrc("IMAGE/JPEG", "AAAA")).toBe("data:image/jpeg;base64,AAAA");
		expect(safeImageSrc("image/webp", "AA\nAA")).toBe("data:image/webp;base64,AAAA");
	});

	it("refuses SVG, unknown types and data that is not base64", () => {
		expect(safeImageSrc("image/svg+xml", "PHN2Zz4=")).toBeNull();
		expect(safeImageSrc("text/html", "AAAA")).toBeNull();
		expect(safeImageSrc("image/png", "https://evil.example/x.png")).toBeNull();
		expect(safeImageSrc("image/png", 'AAAA"onerror=alert(1)')).toBeNull();
		expect(safeImageSrc("image/png", "")).toBeNull();
		expect(safeImageSrc(undefined, png)).toBeNull();
		expect(safeImageSrc("image/png", 42)).toBeNull();
	});
});

describe("bidi controls and invisible characters in links", () => {
	const RLO = "\u202e";
	it("are percent-encoded in the target, so the address reads as it is", () => {
		expect(safeHref(`https://example.com/${RLO}fdp.exe`)).toBe("https://example.com/%E2%80%AEfdp.exe");
		expect(safeHref("https://exa\u200bmple.com/")).toBe("https://exa%E2%80%8Bmple.com/");
		expect(safeHref("https://example.com/a\u2066b\u2069")).toBe("https://example.com/a%E2%81%A6b%E2%81%A9");
		expect(safeHref("https://example.com/plain")).toBe("https://example.com/plain");
	});

	it("are written out in shown text, everything else kept", () => {
		expect(escapeInvisible(`invoice${RLO}fdp.exe`)).toBe("invoice[U+202E]fdp.exe");
		expect(escapeInvisible("a\u200fb\ufeffc\u{e0041}")).toBe("a[U+200F]b[U+FEFF]c[U+E0041]");
		expect(escapeInvisible("日本語 🌲 ünïcödé")).toBe("日本語 🌲 ünïcödé");
	});

	it("show escaped in rendered links: autolinks, bare URLs, labels and titles", () => {
		const url = `https://example.com/${RLO}gpj.exe`;
		for (const src of [`<${url}>`, `see ${url} now`, `[${RLO}gpj.exe](${url} "t${RLO}")`]) {
			const [block] = parseMarkdown(src);
			const text = JSON.stringify(block);
			expect(text, src).not.toContain(RLO);
			expect(text, src).toContain("[U+202E]");
			expect(text, src).toContain("%E2%80%AE");
		}
	});
});
