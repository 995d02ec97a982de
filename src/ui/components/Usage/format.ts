import { roundUsd } from "../../../core";

let usdFormat: Intl.NumberFormat | undefined;

/**
 * A cost in US dollars as the files recorded it: four decimals under a dollar (replies cost
 * fractions of a cent), cents from a dollar up ("$0.0042", "$12.35", "$1,234.50").
 */
export function formatUsd(usd: number): string {
	const r = roundUsd(usd);
	if (r < 1) return `$${r.toFixed(4)}`;
	usdFormat ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
	return usdFormat.format(r);
}

/** "2026-01-02" as "2 Jan 2026" (a UTC day), or "no date" for replies without a time. */
export function formatDay(day: string): string {
	if (day === "") return "no date";
	const t = Date.parse(`${day}T00:00:00Z`);
	if (Number.isNaN(t)) return day;
	dayFormat ??= new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
	return dayFormat.format(t);
}

let dayFormat: Intl.DateTimeFormat | undefined;
