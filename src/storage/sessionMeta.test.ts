import { describe, expect, it } from "vitest";
import { header, jsonl, user } from "../../test/builders";
import { describeFurther, parseSession } from "../core";
import { describeSession, sessionKey } from "./sessionMeta";

describe("library keys and metadata of archives", () => {
	const parsed = parseSession(jsonl(header({ id: "live-id" }), user("u1", null, "before the reset")));
	const base = {
		header: parsed.header,
		version: parsed.version,
		size: 1,
		contentHash: "h",
		description: describeFurther(null, parsed.entries),
		tips: 1,
	};

	it("keys an archive by its live session's id, reason and time; a live file by its id", () => {
		expect(sessionKey("live-id", "h", "live-id.jsonl")).toBe("live-id");
		expect(sessionKey("live-id", "h", "live-id.jsonl.reset.2026-04-01T09-30-00.000Z")).toBe(
			"live-id:reset:2026-04-01T09-30-00.000Z",
		);
		expect(sessionKey(undefined, "h")).toBe("hash:h");
	});

	it("says whose archive it is, why and when", () => {
		const fileName = "live-id.jsonl.reset.2026-04-01T09-30-00.000Z";
		const meta = describeSession({ ...base, key: sessionKey("live-id", "h", fileName), fileName });
		expect(meta.archive).toEqual({ of: "live-id", reason: "reset", time: "2026-04-01T09:30:00.000Z" });
		const live = describeSession({ ...base, key: "live-id", fileName: "live-id.jsonl" });
		expect(live.archive).toBeUndefined();
	});

	it("titles a session by the file's own title when it has one (oh-my-pi's slot)", () => {
		const meta = describeSession({ ...base, title: "From the slot", key: "k", fileName: "f.jsonl" });
		expect(meta.title).toBe("From the slot");
	});
});
