import { describe, expect, it } from "vitest";
import { safeHref, safeImageSrc } from "./safeUrl";

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
