/** Readers for untrusted session fields: they never throw and never trust a type. */

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value when it is a string, else `fallback`. */
export function str(value: unknown, fallback = ""): string {
	return typeof value === "string" ? value : fallback;
}

/** The value when it is a finite number, else `undefined`. */
export function num(value: unknown): number | undefined {
	return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Pretty JSON that never throws (cycles and BigInts become a note). */
export function toJson(value: unknown, indent = 2): string {
	try {
		return JSON.stringify(value, null, indent) ?? String(value);
	} catch (err) {
		return `(cannot show as JSON: ${err instanceof Error ? err.message : String(err)})`;
	}
}

// One formatter each, made on first use: `toLocaleString` builds a new one per call (slow in lists).
let timeFormat: Intl.DateTimeFormat | undefined;
let countFormat: Intl.NumberFormat | undefined;

/** A local date and time for a Unix-ms number or an ISO string; "" when it is not a time. */
export function formatTime(value: unknown): string {
	const d = typeof value === "number" || typeof value === "string" ? new Date(value) : null;
	if (!d || Number.isNaN(d.getTime())) return "";
	timeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
	return timeFormat.format(d);
}

export function formatCount(n: number): string {
	countFormat ??= new Intl.NumberFormat("en-US");
	return countFormat.format(n);
}

/** Approximate size of base64 data. */
export function base64Bytes(data: string): string {
	const bytes = Math.floor((data.length * 3) / 4);
	return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;
}
