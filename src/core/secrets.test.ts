import { describe, expect, it } from "vitest";
import { redactSecrets, scanSecrets } from "./secrets";

const line = (text: string) => JSON.stringify({ type: "message", id: "a", message: { role: "user", content: text } });

describe("secret scanning", () => {
	const cases: [string, string][] = [
		["anthropic-key", "key sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345 here"],
		["openai-key", "OPENAI_API_KEY is sk-proj-ABCDEFGHIJKLMNOPQRSTUVWX123"],
		["aws-access-key", "aws AKIAIOSFODNN7EXAMPLE"],
		["github-token", "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"],
		["slack-token", "xoxb-1234567890-abcdefghij"],
		["google-api-key", "AIzaSyA-1234567890abcdefghijklmnopqrstu"],
		["jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"],
		["bearer-token", "Authorization: Bearer abcdefghijklmnopqrstuvwxyz123456"],
		["email", "mail me at jane.doe@example.com please"],
		["private-key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----"],
		["aws-access-key", "session ASIAIOSFODNN7EXAMPLE"],
		["github-token", "github_pat_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH_x"],
		["github-token", "gho_0123456789abcdefghijklmnopqrstuvwxyzAB"],
		["stripe-key", "rk_live_0123456789abcdefABCDEF"],
		["npm-token", "npm_0123456789abcdefghijklmnopqrstuvwxyz"],
	];

	it.each(cases)("finds %s", (kind, text) => {
		const hits = scanSecrets(line(text));
		expect(hits.map((h) => h.kind)).toContain(kind);
	});

	it("finds secrets assigned in tool arguments (JSON keys)", () => {
		const text = JSON.stringify({ arguments: { password: "correct-horse-battery-staple" } });
		expect(scanSecrets(text).map((h) => h.kind)).toContain("assigned-secret");
	});

	it("never shows the whole secret in a preview", () => {
		const [hit] = scanSecrets(line("sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345"));
		expect(hit.preview).not.toContain("abcdefghijklmnop");
	});

	it("ignores ordinary text", () => {
		expect(scanSecrets(line("Fixed the bug in src/routes/users.ts; all 42 tests pass."))).toEqual([]);
	});

	it("redacts hits and keeps every line valid JSON", () => {
		const text = [
			line("token sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345 and bob@example.org"),
			line("nothing here"),
			line("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----"),
		].join("\n");
		const hits = scanSecrets(text);
		const redacted = redactSecrets(text, hits);
		expect(redacted).not.toContain("sk-ant-api03");
		expect(redacted).not.toContain("bob@example.org");
		expect(redacted).not.toContain("b3BlbnNzaC1rZXktdjEAAAAA");
		expect(redacted).toContain("[REDACTED:anthropic-key]");
		for (const l of redacted.split("\n")) expect(() => JSON.parse(l)).not.toThrow();
		expect(scanSecrets(redacted)).toEqual([]);
	});
});
