/**
 * Likely secrets in session text, found before a session is shared or exported.
 *
 * Every rule runs in time linear in the text it scans, whatever the text: a session is untrusted
 * and may be crafted to make a careless pattern take minutes. The rules keep to three shapes:
 * - a match may only start where the run of its first characters starts (a lookbehind), so a long
 *   run of `sk-sk-sk-…` or `aaaa…@` is tried once, not once per character;
 * - every quantifier has an upper bound and none is nested in another over the same characters;
 * - what a regex cannot do in one pass (a key block up to its end line, the name before a `=`) is
 *   plain code that only moves forward.
 */
export type SecretKind =
	| "private-key"
	| "anthropic-key"
	| "openai-key"
	| "aws-access-key"
	| "aws-secret-key"
	| "github-token"
	| "gitlab-token"
	| "slack-token"
	| "slack-webhook"
	| "google-api-key"
	| "stripe-key"
	| "huggingface-token"
	| "npm-token"
	| "pypi-token"
	| "sendgrid-key"
	| "twilio-key"
	| "azure-key"
	| "jwt"
	| "bearer-token"
	| "url-password"
	| "assigned-secret"
	| "email";

interface Rule {
	kind: SecretKind;
	/**
	 * Global regex. A match never contains a `"` or a backslash (so redaction keeps JSON valid,
	 * escapes included).
	 */
	pattern?: RegExp;
	/** Instead of `pattern`: the next hit at or after `from`, found by code. */
	find?: (text: string, from: number) => { start: number; end: number } | null;
	/** Capture group holding the secret itself (default: the whole match). */
	group?: number;
	/**
	 * Every match contains one of these: a line without any is not searched with the pattern
	 * (a plain substring search is many times faster than a regex over a long line).
	 */
	needles?: readonly string[];
	/** Whether a match is a secret after all (`start` is where the secret starts in `text`). */
	accept?: (secret: string, text: string, start: number) => boolean;
}

// A run of token characters may not continue before a match: the match starts where the run does.
const NOT_AFTER_TOKEN = "(?<![A-Za-z0-9_-])";
const NOT_BEFORE_TOKEN = "(?![A-Za-z0-9_-])";
const token = (body: string, flags = "g") => new RegExp(`${NOT_AFTER_TOKEN}${body}${NOT_BEFORE_TOKEN}`, flags);

/** What may sit between a name and its value: `=`, `: `, `":"`, `\":\"`, `=\"`. */
const ASSIGN = String.raw`(?:\\?["'])?[ \t]{0,8}[:=][ \t]{0,8}(?:\\?["'])?`;

const PRIVATE_KEY_BEGIN = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----/g;
const PRIVATE_KEY_END = /-----END [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----/y;

/** Where a secret that runs to the end of its JSON string must stop: before the quote and any backslashes. */
function stopBeforeQuote(text: string, quote: number): number {
	let end = quote;
	while (end > 0 && text.charCodeAt(end - 1) === 92) end--;
	return end;
}

/**
 * Private key blocks, BEGIN line to END line; a block cut short (no END line before the string
 * ends) is a hit up to the end of its string. The END line and the closing quote are searched
 * once for all the blocks of a text, so many BEGIN lines cost no more than one.
 */
function privateKeyFinder(): Rule["find"] {
	let nextEnd = -2; // position of the next "-----END " at or after the last search (-1: none)
	let nextQuote = -2;
	return (text, from) => {
		// Every text is searched from 0 first: what was found in the one before is forgotten.
		if (from === 0) {
			nextEnd = -2;
			nextQuote = -2;
		}
		PRIVATE_KEY_BEGIN.lastIndex = from;
		const begin = PRIVATE_KEY_BEGIN.exec(text);
		if (!begin) return null;
		const bodyAt = begin.index + begin[0].length;
		if (nextEnd !== -1 && nextEnd < bodyAt) nextEnd = text.indexOf("-----END ", bodyAt);
		if (nextQuote !== -1 && nextQuote < bodyAt) nextQuote = text.indexOf('"', bodyAt);
		const limit = nextQuote === -1 ? text.length : stopBeforeQuote(text, nextQuote);
		if (nextEnd !== -1 && nextEnd < limit) {
			PRIVATE_KEY_END.lastIndex = nextEnd;
			const end = PRIVATE_KEY_END.exec(text);
			if (end && nextEnd + end[0].length <= limit) return { start: begin.index, end: nextEnd + end[0].length };
		}
		return { start: begin.index, end: Math.max(limit, bodyAt) };
	};
}

/** Names a value is a secret under: strong words anywhere in the name, weak ones as a word of it. */
const STRONG_NAME = /(?:token|secret|password|passwd|passphrase|credentials?|apikey|api_key|api-key)$/i;
const WEAK_NAME = /(?:key|pass|pwd|pat|auth)$/i;
const NAME_CHAR = /[A-Za-z0-9_.-]/;
/** Values that only refer to a secret held elsewhere, or are not one. */
const NOT_A_VALUE =
	/^(?:[$<{%[*]|(?:true|false|null|none|undefined|nil|yes|no|string|number|boolean|required|optional|redacted|changeme|example|placeholder|xxx+|\.\.\.+|[0-9.]+)$|(?:process\.env|os\.environ|env\.|getenv|secrets\.)|your[_-])/i;

/**
 * The name before `keywordAt` (letters, digits, `_ . -`, at most 80), and whether it names a
 * secret: `OPENAI_API_KEY`, `export FOO_TOKEN`, `db.password`, `clientSecret`, but not `monkey`,
 * `bypass`, `key` or `PWD` alone.
 */
function namesSecret(text: string, keywordAt: number, keywordEnd: number): boolean {
	let start = keywordAt;
	while (start > 0 && keywordAt - start < 80 && NAME_CHAR.test(text[start - 1])) start--;
	const name = text.slice(start, keywordEnd);
	if (STRONG_NAME.test(name)) return true;
	const weak = WEAK_NAME.exec(name);
	if (!weak) return false;
	const before = name.slice(0, weak.index);
	if (before === "") return false;
	const last = before[before.length - 1];
	// A word of its own: after a separator, or camelCase (`apiKey`), or a known compound (`SECRETKEY`).
	if (last === "_" || last === "-" || last === ".") return true;
	if (/[a-z0-9]/.test(last) && /[A-Z]/.test(name[weak.index])) return true;
	return /(?:api|access|secret|private|client|auth|master|signing|encryption)$/i.test(before);
}

// Order matters: specific kinds before generic ones; overlapping later hits are dropped.
const RULES: Rule[] = [
	{ kind: "private-key", find: privateKeyFinder(), needles: ["-----BEGIN "] },
	{ kind: "anthropic-key", pattern: token("sk-ant-[A-Za-z0-9_-]{20,300}"), needles: ["sk-ant-"] },
	{ kind: "openai-key", pattern: token("sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,300}"), needles: ["sk-"] },
	{
		kind: "aws-access-key",
		pattern: token("(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA|ASCA)[0-9A-Z]{16}"),
		needles: ["AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AIPA", "ANPA", "ANVA", "APKA", "AROA", "ASCA"],
	},
	{
		kind: "aws-secret-key",
		pattern: new RegExp(
			`(?<![A-Za-z0-9])(?:aws_?)?secret_?access_?key${ASSIGN}([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`,
			"gi",
		),
		group: 1,
		needles: ["ecret", "ECRET"],
	},
	{
		kind: "github-token",
		pattern: token("(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{22,244})"),
		needles: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
	},
	{
		kind: "gitlab-token",
		pattern: token("gl(?:pat|dt|rt|ptt|cbt|soat|ft|imt|agent)-[A-Za-z0-9_-]{20,64}"),
		needles: ["glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "glsoat-", "glft-", "glimt-", "glagent-"],
	},
	{ kind: "slack-token", pattern: token("xox[abposre]-[A-Za-z0-9-]{10,250}"), needles: ["xox"] },
	{
		kind: "slack-webhook",
		pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{20,200}/g,
		needles: ["hooks.slack.com/"],
	},
	{ kind: "google-api-key", pattern: token("AIza[0-9A-Za-z_-]{35}"), needles: ["AIza"] },
	{
		kind: "stripe-key",
		pattern: token("(?:(?:sk|rk|pk)_(?:live|test)|whsec)_[0-9A-Za-z]{16,247}"),
		needles: ["k_live_", "k_test_", "whsec_"],
	},
	{ kind: "huggingface-token", pattern: token("(?:hf|api_org)_[A-Za-z0-9]{30,40}"), needles: ["hf_", "api_org_"] },
	{ kind: "npm-token", pattern: token("npm_[A-Za-z0-9]{36}"), needles: ["npm_"] },
	{ kind: "pypi-token", pattern: token("pypi-AgE[A-Za-z0-9_-]{50,1000}"), needles: ["pypi-AgE"] },
	{
		kind: "sendgrid-key",
		pattern: token("SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}"),
		needles: ["SG."],
	},
	{ kind: "twilio-key", pattern: token("SK[0-9a-f]{32}"), needles: ["SK"] },
	{
		kind: "azure-key",
		pattern: /(?<![A-Za-z0-9])(?:AccountKey|SharedAccessKey|SharedSecret)=([A-Za-z0-9+/]{20,200}={0,2})/g,
		group: 1,
		needles: ["AccountKey=", "SharedAccessKey=", "SharedSecret="],
	},
	{
		kind: "jwt",
		pattern: token("eyJ[A-Za-z0-9_-]{8,4096}\\.eyJ[A-Za-z0-9_-]{8,8192}\\.[A-Za-z0-9_-]{8,4096}"),
		needles: ["eyJ"],
	},
	{
		kind: "url-password",
		// scheme://user:password@host; the password is the secret.
		pattern: /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s:/?#@"'\\]{0,128}:([^\s/?#@"'\\]{1,256})(?=@)/g,
		group: 1,
		needles: ["://"],
		accept: (secret) => !NOT_A_VALUE.test(secret),
	},
	{
		kind: "bearer-token",
		pattern: /(?<![A-Za-z0-9])(?:Bearer|Basic)[ \t]{1,8}([A-Za-z0-9._~+/-]{16,4096}={0,2})/g,
		group: 1,
		needles: ["Bearer", "Basic"],
		// "Bearer authentication", "Basic functionalities": a word is not a token.
		accept: (secret) => /[0-9._~+/=-]/.test(secret) || secret.length >= 24,
	},
	{
		kind: "assigned-secret",
		// The keyword, then the value; the name around the keyword is checked by `namesSecret`.
		pattern: new RegExp(
			`(token|secret|password|passwd|passphrase|credentials?|key|pass|pwd|pat|auth)${ASSIGN}([^\\s"'\\\\,;&|<>\`()[\\]{}]{6,512})`,
			"gi",
		),
		group: 2,
		accept: (secret) =>
			!NOT_A_VALUE.test(secret) &&
			!secret.includes("...") &&
			// `parsed.apiKey`, `config.auth_token`: code reading a secret, not the secret.
			!/^[A-Za-z_$]{1,64}(?:\.[A-Za-z_$]{1,64}){1,8}$/.test(secret) &&
			/[A-Za-z]/.test(secret) &&
			/[^A-Za-z]|.{16}/.test(secret),
	},
	{
		kind: "email",
		pattern:
			/(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9-])/g,
		needles: ["@"],
	},
];

/** Every regex the rules run over session text (for tests that check their shape). */
export const SECRET_PATTERNS: readonly RegExp[] = [
	...RULES.flatMap((r) => (r.pattern ? [r.pattern] : [])),
	PRIVATE_KEY_BEGIN,
	PRIVATE_KEY_END,
];

/** Every kind the scan can report, in rule order. */
export const SECRET_KINDS: readonly SecretKind[] = RULES.map((r) => r.kind).filter((k, i, all) => all.indexOf(k) === i);

export interface SecretHit {
	kind: SecretKind;
	/** 1-based line of the JSONL text. */
	line: number;
	/** Offsets of the secret within that line. */
	start: number;
	end: number;
	/** A masked preview, never the whole secret. */
	preview: string;
}

function mask(secret: string): string {
	if (secret.length <= 8) return "•".repeat(secret.length);
	return `${secret.slice(0, 4)}${"•".repeat(Math.min(12, secret.length - 6))}${secret.slice(-2)}`;
}

/** Every match of one rule in `text`, in order: [start, end) of the secret. */
function* ruleMatches(rule: Rule, text: string): Generator<[number, number]> {
	if (rule.find) {
		for (let at = 0, hit = rule.find(text, 0); hit; hit = rule.find(text, at)) {
			yield [hit.start, hit.end];
			at = Math.max(hit.end, hit.start + 1);
		}
		return;
	}
	const pattern = rule.pattern;
	if (!pattern) return;
	pattern.lastIndex = 0;
	for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
		if (m[0] === "") pattern.lastIndex++;
		const secret = rule.group ? (m[rule.group] ?? m[0]) : m[0];
		// The group is the match's last part (every grouped rule ends with it).
		const start = rule.group ? m.index + m[0].length - secret.length : m.index;
		if (rule.kind === "assigned-secret" && !namesSecret(text, m.index, m.index + m[1].length)) continue;
		if (rule.accept && !rule.accept(secret, text, start)) continue;
		yield [start, start + secret.length];
	}
}

/**
 * `found` (ordered, disjoint) with those of `next` (ordered) that overlap none of it, in order:
 * one merge pass, so a line with a million hits costs no more than a million steps per rule.
 */
function mergeDisjoint(found: SecretHit[], next: SecretHit[]): SecretHit[] {
	if (found.length === 0) return next;
	if (next.length === 0) return found;
	const out: SecretHit[] = [];
	let i = 0;
	for (const h of next) {
		while (i < found.length && found[i].end <= h.start) out.push(found[i++]);
		// found[i] is the first kept hit that ends after h starts: h is kept if it ends before that one starts.
		if (i >= found.length || h.end <= found[i].start) out.push(h);
	}
	while (i < found.length) out.push(found[i++]);
	return out;
}

/** Finds likely secrets in one line, in order; hits never overlap (earlier rules win). */
export function scanLine(text: string, line: number): SecretHit[] {
	let hits: SecretHit[] = [];
	for (const rule of RULES) {
		if (rule.needles && !rule.needles.some((needle) => text.includes(needle))) continue;
		const mine: SecretHit[] = [];
		for (const [start, end] of ruleMatches(rule, text)) {
			mine.push({ kind: rule.kind, line, start, end, preview: mask(text.slice(start, end)) });
		}
		hits = mergeDisjoint(hits, mine);
	}
	return hits;
}

/** Scans JSONL text line by line. */
export function scanSecrets(jsonl: string): SecretHit[] {
	const scan = createSecretScan(jsonl);
	while (!scan.step(Number.POSITIVE_INFINITY));
	return scan.hits;
}

/** A scan done in steps, so a caller can stop it or let other work run between steps. */
export interface SecretScan {
	/** Scans about `chars` more characters (whole lines); true when the text is done. */
	step(chars: number): boolean;
	readonly hits: SecretHit[];
	/** Characters scanned so far. */
	readonly done: number;
}

/** Starts a scan of `jsonl` (see `SecretScan`); its hits equal `scanSecrets(jsonl)`. */
export function createSecretScan(jsonl: string): SecretScan {
	const hits: SecretHit[] = [];
	let at = 0;
	let line = 1;
	return {
		hits,
		get done() {
			return at;
		},
		step(chars) {
			const until = at + chars;
			while (at <= jsonl.length && at < until) {
				const nl = jsonl.indexOf("\n", at);
				const end = nl === -1 ? jsonl.length : nl;
				for (const h of scanLine(jsonl.slice(at, end), line)) hits.push(h);
				line++;
				at = end + 1;
			}
			return at > jsonl.length;
		},
	};
}

/**
 * Replaces the given hits in JSONL text by `[REDACTED:<kind>]`. The replacement has no quotes or
 * backslashes, so every line stays valid JSON.
 */
export function redactSecrets(jsonl: string, hits: readonly SecretHit[]): string {
	if (hits.length === 0) return jsonl;
	const byLine = hitsByLine(hits);
	const lines = jsonl.split("\n");
	for (const [line, list] of byLine) {
		const text = lines[line - 1];
		if (text !== undefined) lines[line - 1] = redactLine(text, list);
	}
	return lines.join("\n");
}

function hitsByLine(hits: readonly SecretHit[]): Map<number, SecretHit[]> {
	const byLine = new Map<number, SecretHit[]>();
	for (const h of hits) {
		const list = byLine.get(h.line) ?? [];
		list.push(h);
		byLine.set(h.line, list);
	}
	return byLine;
}

function redactLine(line: string, hits: readonly SecretHit[]): string {
	let text = line;
	for (const h of [...hits].sort((a, b) => b.start - a.start)) {
		text = `${text.slice(0, h.start)}[REDACTED:${h.kind}]${text.slice(h.end)}`;
	}
	return text;
}

/**
 * JSONL text taken in pieces cut anywhere, handed on a line at a time (`onLine(text, line)`,
 * 1-based, without its "\n"; the last line too, empty after a final newline), as
 * `createSecretScan` and `redactSecrets` split the whole text. A long line is joined once.
 */
function lineSplitter(onLine: (text: string, line: number) => void) {
	let pieces: string[] = [];
	let line = 1;
	return {
		push(text: string) {
			let at = 0;
			for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", at)) {
				const head = text.slice(at, nl);
				onLine(pieces.length > 0 ? pieces.join("") + head : head, line++);
				pieces = [];
				at = nl + 1;
			}
			if (at < text.length) pieces.push(text.slice(at));
		},
		finish() {
			onLine(pieces.join(""), line);
			pieces = [];
		},
	};
}

/**
 * `scanSecrets` of a text that comes in pieces (a file's, decoded as it streams): never the whole
 * text at once. `finish` returns the hits, the same as `scanSecrets` of the joined text.
 */
export function createSecretStreamScan(): { push(text: string): void; finish(): SecretHit[] } {
	const hits: SecretHit[] = [];
	const lines = lineSplitter((text, line) => {
		for (const h of scanLine(text, line)) hits.push(h);
	});
	return {
		push: (text) => lines.push(text),
		finish() {
			lines.finish();
			return hits;
		},
	};
}

/**
 * `redactSecrets` of a text that comes in pieces: each `push` returns the redacted text of the
 * lines it completed, `finish` the rest; joined, they are `redactSecrets` of the joined text.
 */
export function createSecretRedactor(hits: readonly SecretHit[]): { push(text: string): string; finish(): string } {
	const byLine = hitsByLine(hits);
	let out: string[] = [];
	const lines = lineSplitter((text, line) => {
		const mine = byLine.get(line);
		out.push(line > 1 ? "\n" : "", mine ? redactLine(text, mine) : text);
	});
	const take = () => {
		const text = out.join("");
		out = [];
		return text;
	};
	return {
		push(text) {
			lines.push(text);
			return take();
		},
		finish() {
			lines.finish();
			return take();
		},
	};
}
