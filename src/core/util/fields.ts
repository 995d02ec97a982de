/**
 * Readers for untrusted values (parsed JSON from a session file): they never throw and never trust
 * a type, so code that reads a field of such a value narrows it rather than asserting its shape.
 */

/** A parsed JSON object's fields, each of unknown type until checked. */
export type Fields = Record<string, unknown>;

/** Whether `value` is an object that is not an array (null is no object here). */
export function isRecord(value: unknown): value is Fields {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The field `key` of `value` when `value` is an object (arrays too, as a property read would), else undefined. */
export function fieldOf(value: unknown, key: string): unknown {
	return typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined;
}

/** The field `key` of `value` when it is a string, else undefined. */
export function stringField(value: unknown, key: string): string | undefined {
	const v = fieldOf(value, key);
	return typeof v === "string" ? v : undefined;
}

/** The field `key` of `value` when it is a number, else undefined. */
export function numberField(value: unknown, key: string): number | undefined {
	const v = fieldOf(value, key);
	return typeof v === "number" ? v : undefined;
}
