/** Likely secrets in session text, found before a session is shared or exported. */
export type SecretKind =
	| "private-key"
	| "anthropic-key"
	| "openai-key"
	| "aws-access-key"
	| "github-token"
	| "slack-token"
	| "google-api-key"
	| "stripe-key"
	| "npm-token"
	| "jwt"
	| "bearer-token"
	| "assigned-secret"
	| "email";

interface Rule {
	kind: SecretKind;
	/** Global regex; must never match a `"` or a backslash-escaped quote, so redaction keeps JSON valid. */
	pattern: RegExp;
	/** Capture group holding the secret itself (default: the whole match). */
	group?: number;
	/**
	 * Every match contains one of these: a line without any is not searched with the pattern
	 * (a plain substring search is many times faster than a regex over a long line).
	 */
	needles?: readonly string[];
}

// Order matters: specific kinds before generic ones; overlapping later hits are dropped.
const RULES: Rule[] = [
	{
		kind: "private-key",
		pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[^"]*?-----END [A-Z ]*PRIVATE KEY-----/g,
		needles: ["-----BEGIN "],
	},
	{ kind: "anthropic-key", pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g, needles: ["sk-ant-"] },
	{ kind: "openai-key", pattern: /\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}/g, needles: ["sk-"] },
	{ kind: "aws-access-key", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, needles: ["AKIA", "ASIA"] },
	{
		kind: "github-token",
		pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})/g,
		needles: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
	},
	{ kind: "slack-token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, needles: ["xox"] },
	{ kind: "google-api-key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g, needles: ["AIza"] },
	{ kind: "stripe-key", pattern: /\b[rs]k_(?:live|test)_[0-9A-Za-z]{16,}/g, needles: ["k_live_", "k_test_"] },
	{ kind: "npm-token", pattern: /\bnpm_[A-Za-z0-9]{36}\b/g, needles: ["npm_"] },
	{
		kind: "jwt",
		pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
		needles: ["eyJ"],
	},
	{ kind: "bearer-token", pattern: /\bBearer\s+([A-Za-z0-9._~+/=-]{20,})/g, group: 1, needles: ["Bearer"] },
	{
		kind: "assigned-secret",
		pattern:
			/\b(?:api[_-]?key|secret|token|password|passwd|auth[_-]?token|access[_-]?key)(?:\\?['"])?\s*[:=]\s*(?:\\?['"])?([A-Za-z0-9._~+/=-]{12,})/gi,
		group: 1,
	},
	{
		kind: "email",
		pattern: /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g,
		needles: ["@"],
	},
];

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

/** Finds likely secrets in one line; hits never overlap. */
export function scanLine(text: string, line: number): SecretHit[] {
	const hits: SecretHit[] = [];
	for (const rule of RULES) {
		if (rule.needles && !rule.needles.some((needle) => text.includes(needle))) continue;
		rule.pattern.lastIndex = 0;
		for (let m = rule.pattern.exec(text); m !== null; m = rule.pattern.exec(text)) {
			const secret = rule.group ? (m[rule.group] ?? m[0]) : m[0];
			const start = rule.group ? m.index + m[0].lastIndexOf(secret) : m.index;
			const end = start + secret.length;
			if (hits.some((h) => start < h.end && end > h.start)) continue;
			hits.push({ kind: rule.kind, line, start, end, preview: mask(secret) });
		}
	}
	return hits.sort((a, b) => a.start - b.start);
}

/** Scans JSONL text line by line. */
export function scanSecrets(jsonl: string): SecretHit[] {
	const hits: SecretHit[] = [];
	const lines = jsonl.split("\n");
	for (let i = 0; i < lines.length; i++) hits.push(...scanLine(lines[i], i + 1));
	return hits;
}

/**
 * Replaces the given hits in JSONL text by `[REDACTED:<kind>]`. The replacement has no quotes or
 * backslashes, so every line stays valid JSON.
 */
export function redactSecrets(jsonl: string, hits: readonly SecretHit[]): string {
	if (hits.length === 0) return jsonl;
	const byLine = new Map<number, SecretHit[]>();
	for (const h of hits) {
		const list = byLine.get(h.line) ?? [];
		list.push(h);
		byLine.set(h.line, list);
	}
	const lines = jsonl.split("\n");
	for (const [line, list] of byLine) {
		let text = lines[line - 1];
		if (text === undefined) continue;
		for (const h of [...list].sort((a, b) => b.start - a.start)) {
			text = `${text.slice(0, h.start)}[REDACTED:${h.kind}]${text.slice(h.end)}`;
		}
		lines[line - 1] = text;
	}
	return lines.join("\n");
}
