import { useMemo } from "react";
import { type CodeLanguage, type SessionEntry, toolResultLanguages } from "../../../core";
import { useOpenEntries } from "../../hooks/useSession";

/** Per entries array: the languages of its tool results (one pass, the first time one is shown). */
const cache = new WeakMap<readonly SessionEntry[], Map<string, CodeLanguage>>();

function languagesOf(entries: readonly SessionEntry[]): Map<string, CodeLanguage> {
	let map = cache.get(entries);
	if (!map) {
		map = toolResultLanguages(entries);
		cache.set(entries, map);
	}
	return map;
}

/** The language of the file a tool result's call read (by its extension), or null. */
export function useToolResultLanguage(toolCallId: unknown): CodeLanguage | null {
	const open = useOpenEntries();
	const entries = open.partial ? undefined : open.entries;
	return useMemo(
		() => (entries && typeof toolCallId === "string" ? (languagesOf(entries).get(toolCallId) ?? null) : null),
		[entries, toolCallId],
	);
}
