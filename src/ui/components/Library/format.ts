export { formatBytes } from "../../../core";

/** A short local date and time for an ISO timestamp or epoch ms; "" when unreadable. */
export function formatDate(value: string | number | undefined): string {
	if (value === undefined || value === "") return "";
	const d = new Date(value);
	if (Number.isNaN(d.getTime())) return "";
	dateFormat ??= new Intl.DateTimeFormat(undefined, {
		year: "numeric",
		month: "short",
		day: "numeric",
		hour: "2-digit",
		minute: "2-digit",
	});
	return dateFormat.format(d);
}

// One formatter each, made on first use: `toLocaleString` builds a new one per call (slow in lists).
let dateFormat: Intl.DateTimeFormat | undefined;
let countFormat: Intl.NumberFormat | undefined;

/**
 * Makes both formatters and formats once, while the page is idle: the first date formatted loads
 * the locale's data (10-20 ms), which otherwise fell in the render that lists a file just opened.
 */
export function warmFormats(): void {
	formatDate(0);
	formatCount(0);
}

/** "1,234" style counts. */
export function formatCount(n: number): string {
	countFormat ??= new Intl.NumberFormat("en-US");
	return countFormat.format(n);
}

/** "12k" style token counts. */
export function formatTokens(n: number): string {
	if (n < 1000) return String(n);
	if (n < 10_000) return `${(n / 1000).toFixed(1)}k`;
	if (n < 1_000_000) return `${Math.round(n / 1000)}k`;
	return `${(n / 1_000_000).toFixed(1)}M`;
}
