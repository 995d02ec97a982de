import { useMemo } from "react";
import { type CodeLanguage, type SessionEntry, toolResultLanguages } from "../../../core";
import { type Store, useStore } from "../../../store";
import { type HostedContext, useHostContext } from "../../hooks/useHostContext";
import { useOpenEntries, useViewSession } from "../../hooks/useSession";

/** Per entries array: the languages of its tool results (one pass, the first time one is shown). */
const cache = new WeakMap<readonly SessionEntry[], Map<string, CodeLanguage>>();
/** Per worker's answer (a preview or lean session): the languages of the path's tool results. */
const hostedCache = new WeakMap<HostedContext, Map<string, CodeLanguage>>();

function languagesOf(entries: readonly SessionEntry[]): Map<string, CodeLanguage> {
	let map = cache.get(entries);
	if (!map) {
		map = toolResultLanguages(entries);
		cache.set(entries, map);
	}
	return map;
}

/**
 * The languages of the tool results in a worker's context: the entries it selected are whole (the
 * rest of the path is mostly skeletons, which name no file: a 1.9 million-entry path went through
 * in 150 ms for nothing).
 */
function hostedLanguagesOf(hosted: HostedContext): Map<string, CodeLanguage> {
	let map = hostedCache.get(hosted);
	if (!map) {
		map = toolResultLanguages(hosted.analysis.selectedPositions.map((p) => hosted.entries[p]));
		hostedCache.set(hosted, map);
	}
	return map;
}

const selectLeafId = (s: Store) => s.selectedLeafId;

/**
 * The language of the file a tool result's call read (by its extension), or null. In a preview or
 * a lean session (its entries mostly skeletons) the calls are read from the selected leaf's path,
 * as the worker sent it.
 */
export function useToolResultLanguage(toolCallId: unknown): CodeLanguage | null {
	const open = useOpenEntries();
	const session = useViewSession();
	const hosted = useHostContext(open.partial ? session : null, useStore(selectLeafId));
	const entries = open.partial ? undefined : open.entries;
	const fromHost = hosted && "analysis" in hosted ? hosted : null;
	return useMemo(() => {
		if (typeof toolCallId !== "string") return null;
		if (entries) return languagesOf(entries).get(toolCallId) ?? null;
		return fromHost ? (hostedLanguagesOf(fromHost).get(toolCallId) ?? null) : null;
	}, [entries, fromHost, toolCallId]);
}
