import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildTreeIndex, KNOWN_ENTRY_TYPES, OMP_ENTRY_TYPES, parseSession } from "../src/core";
import { FIXTURES_DIR } from "./fixtures";
import { HOSTILE_IDS, hostileSessionText } from "./hostileSession";

describe("the hostile session fixture", () => {
	const text = readFileSync(join(FIXTURES_DIR, "hostile", "payloads.jsonl"), "utf8");

	it("is what test/hostileSession.ts makes (run scripts/make-bad-fixtures.ts)", () => {
		expect(text).toBe(hostileSessionText());
	});

	it("has every entry type, every role, hostile ids as tips, and parses without throwing", () => {
		const parsed = parseSession(text);
		const types = new Set(parsed.entries.map((e) => e.type));
		// A pi 1.6.0 file: oh-my-pi's types would make it an oh-my-pi file, newer pi's would change its rules.
		const newer = new Set(["leaf", "active_tools_change"]);
		for (const type of KNOWN_ENTRY_TYPES) {
			if (!OMP_ENTRY_TYPES.has(type) && !newer.has(type)) expect(types, type).toContain(type);
		}
		const roles = new Set(
			parsed.entries.map((e) => (e.type === "message" ? (e.message as { role: string }).role : null)).filter(Boolean),
		);
		for (const role of ["user", "assistant", "toolResult", "bashExecution", "system"])
			expect(roles, role).toContain(role);
		const index = buildTreeIndex(parsed.entries);
		const tips = index.leaves.map((p) => parsed.entries[p].id);
		expect(tips).toEqual(expect.arrayContaining([HOSTILE_IDS.quote, HOSTILE_IDS.proto, HOSTILE_IDS.script]));
		expect(index.byId.get(HOSTILE_IDS.ctor)).toBeTypeOf("number");
		expect(parsed.issues.map((i) => i.code)).toEqual(
			expect.arrayContaining(["unknown-entry-type", "unknown-role", "label-target-missing", "branch-from-missing"]),
		);
		expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
	});
});
