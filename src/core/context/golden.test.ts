import { describe, expect, it } from "vitest";
import { goldenNames, readGolden } from "../../../test/fixtures";
import { parseSession } from "../session/parse";
import { buildContextEntries, buildSessionContext } from "./context";
import { convertToLlm } from "./llm";

/** JSON round trip: compare what would be serialised (undefined fields vanish, NaN → null). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe.each(goldenNames())("golden session %s", (name) => {
	const { text, expected } = readGolden(name);
	const session = parseSession(text);

	it("parses without errors", () => {
		expect(session.issues.filter((i) => i.severity === "error")).toEqual([]);
		expect(session.entries.length).toBeGreaterThan(0);
	});

	const cases: [string, string | null | undefined, typeof expected.defaultLeaf][] = [
		["default leaf", undefined, expected.defaultLeaf],
		["null leaf", null, expected.nullLeaf],
		...Object.entries(expected.leaves).map(([id, exp]): [string, string, typeof exp] => [`leaf ${id}`, id, exp]),
	];

	it.each(cases)("%s matches pi", (_label, leafId, exp) => {
		const ids = buildContextEntries(session.entries, leafId).map((e) => e.id);
		expect(ids).toEqual(exp.contextEntryIds);
		const context = buildSessionContext(session.entries, leafId);
		expect(plain(context)).toEqual(exp.context);
		expect(plain(convertToLlm(context.messages))).toEqual(exp.llm);
	});

	it("covers every entry as a leaf", () => {
		expect(Object.keys(expected.leaves).sort()).toEqual([...new Set(session.entries.map((e) => e.id))].sort());
	});
});
