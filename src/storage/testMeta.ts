import type { SessionMeta } from "./repository";

/** Library metadata for storage tests: plausible values, overridable per field. */
export function testMeta(id: string, extra: Partial<SessionMeta> = {}): SessionMeta {
	return {
		id,
		fileName: `${id}.jsonl`,
		title: `title ${id}`,
		cwd: "/work",
		created: "2026-01-01T00:00:00.000Z",
		modified: "2026-01-02T00:00:00.000Z",
		storedAt: 1000,
		entries: 10,
		leaves: 2,
		compactions: 1,
		size: 123,
		contentHash: `hash-${id}`,
		version: 3,
		...extra,
	};
}
