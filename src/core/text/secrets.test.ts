import { describe, expect, it } from "vitest";
import { readFixture } from "../../../test/fixtures";
import {
	createSecretRedactor,
	createSecretScan,
	createSecretStreamScan,
	redactSecrets,
	SECRET_KINDS,
	SECRET_PATTERNS,
	type SecretKind,
	scanLine,
	scanSecrets,
} from "./secrets";

const line = (text: string) => JSON.stringify({ type: "message", id: "a", message: { role: "user", content: text } });

/** Made-up credential characters (deterministic), so no real key sits in the tests. */
function fake(alphabet: string, n: number, seed = 7): string {
	let a = seed;
	let out = "";
	for (let i = 0; i < n; i++) {
		a = (Math.imul(a, 1103515245) + 12345) >>> 0;
		out += alphabet[(a >>> 8) % alphabet.length];
	}
	return out;
}
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const HEX = "0123456789abcdef";
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}_-`;

/** The secrets (kind and text) found in `text` once it is a session line. */
function found(text: string): { kind: SecretKind; secret: string }[] {
	const l = line(text);
	return scanSecrets(l).map((h) => ({ kind: h.kind, secret: l.slice(h.start, h.end) }));
}

const awsId = `AKIA${fake(UPPER_DIGITS, 16)}`;
const awsSecret = fake(B64, 40, 3);
const jwt = `eyJ${fake(URLSAFE, 30, 1)}.eyJ${fake(URLSAFE, 40, 2)}.${fake(URLSAFE, 43, 3)}`;

/** Each kind with text that holds one (and the secret itself, when the text has more). */
const POSITIVE: [SecretKind, string, string?][] = [
	["aws-access-key", `aws ${awsId} here`, awsId],
	["aws-access-key", `AWS_ACCESS_KEY_ID=ASIA${fake(UPPER_DIGITS, 16, 5)}`],
	["aws-secret-key", `AWS_SECRET_ACCESS_KEY=${awsSecret}`, awsSecret],
	["aws-secret-key", `aws_secret_access_key = ${awsSecret}`, awsSecret],
	["aws-secret-key", `{"SecretAccessKey": "${awsSecret}"}`, awsSecret],
	["github-token", `token ghp_${fake(ALNUM, 36)}`],
	["github-token", `gho_${fake(ALNUM, 36, 2)}`],
	["github-token", `ghs_${fake(ALNUM, 36, 3)}`],
	["github-token", `github_pat_${fake(ALNUM, 22)}_${fake(ALNUM, 59)}`],
	["gitlab-token", `glpat-${fake(URLSAFE, 20)}`],
	["slack-token", `xoxb-${fake("0123456789", 12)}-${fake(ALNUM, 24)}`],
	["slack-token", `xoxp-${fake("0123456789", 12, 4)}-${fake(ALNUM, 24, 4)}`],
	[
		"slack-webhook",
		`https://hooks.slack.com/services/T${fake(UPPER_DIGITS, 8)}/B${fake(UPPER_DIGITS, 8)}/${fake(ALNUM, 24)}`,
	],
	["stripe-key", `sk_live_${fake(ALNUM, 24)}`],
	["stripe-key", `rk_live_${fake(ALNUM, 24, 9)}`],
	["google-api-key", `AIza${fake(URLSAFE, 35)}`],
	["openai-key", `sk-${fake(ALNUM, 48)}`],
	["openai-key", `OPENAI_API_KEY=sk-proj-${fake(URLSAFE, 60)}`],
	["anthropic-key", `sk-ant-api03-${fake(URLSAFE, 80)}`],
	["huggingface-token", `hf_${fake(ALNUM, 34)}`],
	["npm-token", `//registry.npmjs.org/:_authToken=npm_${fake(ALNUM, 36)}`],
	["pypi-token", `pypi-AgEIcHlwaS5vcmc${fake(URLSAFE, 70)}`],
	["sendgrid-key", `SG.${fake(URLSAFE, 22)}.${fake(URLSAFE, 43)}`],
	["twilio-key", `SK${fake(HEX, 32)}`],
	[
		"azure-key",
		`DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${fake(B64, 86)}==;EndpointSuffix=core.windows.net`,
	],
	["azure-key", `Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=${fake(B64, 43)}=`],
	["jwt", `cookie ${jwt}`, jwt],
	["bearer-token", `Authorization: Bearer ${fake(ALNUM, 40)}`],
	["bearer-token", `curl -H "Authorization: Basic ${fake(B64, 28)}=" https://api`],
	["private-key", `-----BEGIN RSA PRIVATE KEY-----\n${fake(B64, 64)}\n-----END RSA PRIVATE KEY-----`],
	["private-key", `-----BEGIN OPENSSH PRIVATE KEY-----\n${fake(B64, 64)}\n(cut short)`],
	["url-password", "DATABASE_URL=postgres://app:hunter2-prod@db.internal:5432/app", "hunter2-prod"],
	["url-password", "redis://:s3cretpass@cache:6379", "s3cretpass"],
	["assigned-secret", "OPENAI_API_KEY=not-a-standard-format-key-123", "not-a-standard-format-key-123"],
	["assigned-secret", "export FOO_TOKEN=abc123def456", "abc123def456"],
	["assigned-secret", 'export MY_SERVICE_SECRET="Zq8-long-value"', "Zq8-long-value"],
	["assigned-secret", "DB_PASSWORD=correct-horse-battery", "correct-horse-battery"],
	["assigned-secret", '{"client_secret": "Abc123xyz789"}', "Abc123xyz789"],
	["assigned-secret", "  api_key: k3y-in-yaml-0001", "k3y-in-yaml-0001"],
	["assigned-secret", "password: Tr0ub4dor&3", "Tr0ub4dor"],
	["assigned-secret", "const apiKey = 'abc123abc123'", "abc123abc123"],
	["assigned-secret", "STRIPE_KEY=someValue99", "someValue99"],
	["email", "mail me at jane.doe@example.com please", "jane.doe@example.com"],
];

/** Text that looks like a secret but is not one: nothing may be found. */
const NEGATIVE: [string, string][] = [
	["prose", "Fixed the bug in src/routes/users.ts; all 42 tests pass."],
	["a short sk- word", "the sk-learn package and task-list"],
	["AKIA too short", "AKIA1234"],
	["github prefix alone", "the ghp_ prefix marks a classic token"],
	["gitlab word", "glpat-short"],
	["slack word", "xoxb-"],
	["stripe publishable-like short", "sk_live_abc"],
	["hf word", "hf_model_name"],
	["npm word", "npm_config_cache"],
	["JWT-like but not", "eyJ.eyJ.x"],
	["Bearer prose", "Use Bearer authentication or Basic authentication for this"],
	["URL without password", "https://example.com:8443/path?q=1 and ssh://github.com:22/org/repo.git"],
	["URL with variable", `postgres://app:${"$"}{PGPASSWORD}@db/app`],
	["key alone", '{"key": "ArrowDown", "code": "KeyA"}'],
	["monkey", "monkey=bananas1234"],
	["bypass", "bypass=everything1"],
	["PWD", "PWD=/home/user/project"],
	["token counts", '{"totalTokens": 123456789, "max_tokens": 4096000}'],
	["env reference", `API_KEY=${"$"}{API_KEY}`],
	["env lookup", "const token = process.env.GITHUB_TOKEN"],
	["placeholder", "OPENAI_API_KEY=your_key_here"],
	["elided", "export ANTHROPIC_API_KEY=sk-ant-...\nexport GROQ_API_KEY=gsk_..."],
	["code", "result.apiKey = args[++i]; const token = getToken(); const apiKey = parsed.apiKey || x"],
	["boolean", "require_password: false"],
	["numbers", "session_token=12345678"],
	["begin without private key", "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"],
];

describe("secret scanning", () => {
	it.each(POSITIVE)("finds %s in %s", (kind, text, secret) => {
		const hits = found(text);
		expect(hits.map((h) => h.kind)).toContain(kind);
		if (secret) expect(hits.find((h) => h.kind === kind)?.secret).toBe(secret);
	});

	it.each(NEGATIVE)("finds nothing in %s", (_what, text) => {
		expect(found(text)).toEqual([]);
	});

	it("has a positive example for every kind", () => {
		const tested = new Set(POSITIVE.map(([kind]) => kind));
		for (const kind of SECRET_KINDS) expect(tested, kind).toContain(kind);
	});

	it("finds secrets assigned in tool arguments (JSON keys)", () => {
		const text = JSON.stringify({ arguments: { password: "correct-horse-battery-staple" } });
		expect(scanSecrets(text).map((h) => h.kind)).toContain("assigned-secret");
	});

	it("never shows the whole secret in a preview", () => {
		const [hit] = scanSecrets(line("sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345"));
		expect(hit.preview).not.toContain("abcdefghijklmnop");
	});

	it("redacts hits and keeps every line valid JSON", () => {
		const text = [
			line("token sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345 and bob@example.org"),
			line("nothing here"),
			line("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----"),
			line('config {"DB_PASSWORD": "p4ss-w0rd-x"} and -----BEGIN PRIVATE KEY-----\nAAAA\\'),
			...POSITIVE.map(([, t]) => line(t)),
		].join("\n");
		const hits = scanSecrets(text);
		const redacted = redactSecrets(text, hits);
		expect(redacted).not.toContain("sk-ant-api03");
		expect(redacted).not.toContain("bob@example.org");
		expect(redacted).not.toContain("b3BlbnNzaC1rZXktdjEAAAAA");
		expect(redacted).not.toContain("p4ss-w0rd-x");
		expect(redacted).toContain("[REDACTED:anthropic-key]");
		for (const l of redacted.split("\n")) expect(() => JSON.parse(l)).not.toThrow();
		expect(scanSecrets(redacted)).toEqual([]);
	});

	it("a scan in steps finds what a whole scan finds, and can stop between steps", () => {
		const text = POSITIVE.map(([, t]) => line(t)).join("\n");
		const whole = scanSecrets(text);
		const scan = createSecretScan(text);
		let steps = 0;
		while (!scan.step(200)) steps++;
		expect(steps).toBeGreaterThan(5);
		expect(scan.hits).toEqual(whole);
		const stopped = createSecretScan(text);
		stopped.step(200);
		expect(stopped.done).toBeLessThan(text.length);
		expect(stopped.hits.length).toBeLessThan(whole.length);
	});
});

/**
 * Inputs crafted against each rule's shape: long runs of a prefix, of the characters a pattern
 * repeats, of a start without its end. A pattern whose time grows with the square of its input
 * takes hours on 10 MB; a linear one takes about ten times what it takes on 1 MB.
 */
const ADVERSARIAL: [string, (n: number) => string][] = [
	["sk- runs", (n) => "sk-".repeat(n / 3)],
	["sk-ant- runs", (n) => "sk-ant-".repeat(n / 7)],
	["ghp_ runs", (n) => "ghp_".repeat(n / 4)],
	["github_pat_ runs", (n) => "github_pat_".repeat(n / 11)],
	["AKIA runs", (n) => "AKIA".repeat(n / 4)],
	["eyJ. runs", (n) => `eyJ${"a".repeat(9)}.`.repeat(n / 13)],
	["eyJ letters", (n) => `eyJ${"a".repeat(n)}`],
	["e-mail local part", (n) => `${"a".repeat(n)}@`],
	["e-mail a@ runs", (n) => "a@".repeat(n / 2)],
	["e-mail dotted domain", (n) => `x@${"a.".repeat(n / 2)}`],
	["private key begins", (n) => "-----BEGIN RSA PRIVATE KEY-----".repeat(n / 31)],
	["private key begins with quotes", (n) => '-----BEGIN PRIVATE KEY-----x"'.repeat(n / 29)],
	["private key begin, end far", (n) => `-----BEGIN PRIVATE KEY-----${"A".repeat(n)}`],
	["assignment runs", (n) => "API_KEY=".repeat(n / 8)],
	["name runs", (n) => `${"A_".repeat(n / 2)}=x`],
	["key: runs", (n) => "key: ".repeat(n / 5)],
	["token words", (n) => "token".repeat(n / 5)],
	["url runs", (n) => "a://b:".repeat(n / 6)],
	["url user part", (n) => `x://${"u".repeat(n)}:p`],
	["bearer runs", (n) => `Bearer ${"A".repeat(30)} `.repeat(n / 38)],
	["slack hooks", (n) => "https://hooks.slack.com/services/".repeat(n / 33)],
	["azure keys", (n) => "AccountKey=".repeat(n / 11)],
	["sendgrid", (n) => "SG.".repeat(n / 3)],
	["mixed", (n) => "sk-ghp_AKIA@eyJ.key=-----BEGIN ://Bearer ".repeat(n / 41)],
];

const MB = 1 << 20;

/** The unbounded quantifiers (`*`, `+`, `{n,}`) of a regex source, outside character classes. */
function unboundedQuantifiers(source: string): string[] {
	const found: string[] = [];
	let inClass = false;
	for (let i = 0; i < source.length; i++) {
		const c = source[i];
		if (c === "\\") {
			i++;
			continue;
		}
		if (inClass) {
			if (c === "]") inClass = false;
			continue;
		}
		if (c === "[") inClass = true;
		else if (c === "*" || c === "+") found.push(c);
		else if (c === "{") {
			const m = /^\{\d+,\}/.exec(source.slice(i));
			if (m) found.push(m[0]);
		}
	}
	return found;
}

describe("secret patterns are linear by construction", () => {
	it("finds unbounded quantifiers where there are some (the check itself)", () => {
		expect(unboundedQuantifiers(String.raw`\b[A-Za-z0-9._%+-]+@[a-z]{2,}`)).toEqual(["+", "{2,}"]);
		expect(unboundedQuantifiers(String.raw`[+*]\+a{1,5}`)).toEqual([]);
	});

	it.each(SECRET_PATTERNS.map((p) => [p.source.slice(0, 60), p] as const))("%s… bounds every quantifier", (_s, p) => {
		expect(unboundedQuantifiers(p.source)).toEqual([]);
	});
});

describe("secret scanning finishes on 10 MB crafted against each rule", () => {
	it.each(ADVERSARIAL)(
		"%s",
		(_what, make) => {
			const large = make(10 * MB);
			expect(large.length).toBeGreaterThan(9 * MB);
			const start = performance.now();
			const hits = scanLine(large, 1);
			// A sanity bound only: a pattern whose time grows with the square of its input takes hours here.
			expect(performance.now() - start).toBeLessThan(30_000);
			// Hits come back ordered and disjoint, however many there are.
			for (let i = 1; i < hits.length; i++) expect(hits[i].start).toBeGreaterThanOrEqual(hits[i - 1].end);
		},
		60_000,
	);
});

describe("secret scanning and redaction of a text in pieces", () => {
	const keys = readFixture("share/fake-keys.jsonl");
	// CRLF lines, a final line without a newline, a line spanning many pieces.
	const texts = [
		keys,
		keys.replace(/\n/g, "\r\n"),
		keys.trimEnd(),
		`${keys}${JSON.stringify({ type: "custom", note: `${"x".repeat(5000)} ghp_FAKE0123456789abcdefghijklmnopqrstuv` })}`,
		"",
	];
	const cuts = (text: string, size: number) => {
		const out: string[] = [];
		for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
		return out;
	};

	it.each([1, 7, 100, 4096, 1 << 20])("pieces of %i characters give the whole text's hits and redaction", (size) => {
		for (const text of texts) {
			const hits = scanSecrets(text);
			const scan = createSecretStreamScan();
			for (const piece of cuts(text, size)) scan.push(piece);
			expect(scan.finish()).toEqual(hits);
			const redactor = createSecretRedactor(hits);
			let out = "";
			for (const piece of cuts(text, size)) out += redactor.push(piece);
			out += redactor.finish();
			expect(out).toBe(redactSecrets(text, hits));
		}
		expect(scanSecrets(texts[0]).length).toBeGreaterThan(3);
	});
});
