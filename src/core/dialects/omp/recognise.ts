import { OMP_ENTRY_TYPES, OMP_ROLES } from "../../session/types";
import type { MarkerFields } from "../rules";

/** Fixed size of oh-my-pi's title slot, in UTF-8 bytes including the newline. */
export const OMP_TITLE_SLOT_BYTES = 256;

/** The parsed first line of an oh-my-pi file: the session's title (mutable in place). */
export interface OmpTitleSlot {
	title: string;
	source?: "auto" | "user";
	updatedAt: string;
}

const isFields = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === "object" && !Array.isArray(value);

/** The title slot `value` is, or null when it is not one (oh-my-pi's own validity rule). */
export function readOmpTitleSlot(value: unknown): OmpTitleSlot | null {
	if (!isFields(value)) return null;
	const { type, v, title, updatedAt, pad, source } = value;
	if (type !== "title" || v !== 1) return null;
	if (typeof title !== "string" || typeof updatedAt !== "string" || typeof pad !== "string") return null;
	if (source !== undefined && source !== "auto" && source !== "user") return null;
	return { title, updatedAt, ...(source !== undefined ? { source } : {}) };
}

/** Whether one parsed line shows oh-my-pi wrote the file (a type, a role or a shape only it writes). */
export function isOmpMarker(value: MarkerFields): boolean {
	const type = value.type;
	if (typeof type !== "string") return false;
	if (OMP_ENTRY_TYPES.has(type)) return true;
	if (type === "model_change") return typeof value.model === "string" && value.provider === undefined;
	if (type === "message") {
		const m = value.message;
		return isFields(m) && typeof m.role === "string" && OMP_ROLES.has(m.role);
	}
	return false;
}
