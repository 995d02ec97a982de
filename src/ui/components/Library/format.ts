export { formatBytes } from "../../../core";

/** A short local date and time for an ISO timestamp or epoch ms; "" when unreadable. */
export function formatDate(value: string | number | undefined): string {
	if (value === undefined || value === "") return "";
	const d = new Date(value);
	if (Number.isNaN(d.getTime())) return "";
	return d.toLocaleString(undefined, {
		year: "numeric",
		month: "short",
		day: "numeric",
		hour: "2-digit",
		minute: "2-digit",
	});
}

/** "1,234" style counts. */
export function formatCount(n: number): string {
	return n.toLocaleString("en-US");
}

/** "12k" style token counts. */
export function formatTokens(n: number): string {
	if (n < 1000) return String(n);
	if (n < 10_000) return `${(n / 1000).toFixed(1)}k`;
	if (n < 1_000_000) return `${Math.round(n / 1000)}k`;
	return `${(n / 1_000_000).toFixed(1)}M`;
}
