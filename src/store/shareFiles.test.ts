import { describe, expect, it } from "vitest";
import { exportFileName, utf8Length } from "./shareFiles";

describe("export file names", () => {
	it("names each kind after the session and the leaf", () => {
		expect(exportFileName("run.jsonl", "session", "abc", false)).toBe("run.jsonl");
		expect(exportFileName("run.jsonl", "session", "abc", true)).toBe("run.redacted.jsonl");
		expect(exportFileName("run.jsonl", "branch", "abc", false)).toBe("run.branch-abc.jsonl");
		expect(exportFileName("run.jsonl", "payload", "abc", true)).toBe("run.payload-abc.redacted.json");
		expect(exportFileName("run.jsonl", "payload", null, false)).toBe("run.payload.json");
	});

	it("keeps names file-system safe", () => {
		expect(exportFileName("a/b/my run:1.jsonl", "branch", "x/y", false)).toBe("my_run_1.branch-x_y.jsonl");
		expect(exportFileName(".jsonl", "session", null, false)).toBe("session.jsonl");
	});
});

describe("utf8Length", () => {
	it("matches TextEncoder on every width, and on lone surrogates", () => {
		for (const s of ["", "abc", "ünïcödé", "日本語", "🌲 tree", "a\ud800b", "\udc00", "x\ud83c"]) {
			expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
		}
	});
});
