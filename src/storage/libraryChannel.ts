import { fieldOf } from "../core/util/fields";

/**
 * Tells the other tabs (and workers) of this site that the library changed, so they list it
 * again: a session stored, renamed or deleted in one tab shows in every other one.
 */

/** Channel name: versioned like the databases (do not change without reason). */
const CHANNEL = "session-explorer-library-v1";

/** This page's (or worker's) own id: what it announces itself it does not hear again. */
const SENDER = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

interface LibraryChange {
	type: "library-changed";
	sender: string;
}

const hasChannels = () => typeof BroadcastChannel !== "undefined";

let outgoing: BroadcastChannel | null | undefined;

/** Announces a change of the stored library to every other tab and worker. Never throws. */
export function announceLibraryChange(): void {
	try {
		if (outgoing === undefined) outgoing = hasChannels() ? new BroadcastChannel(CHANNEL) : null;
		outgoing?.postMessage({ type: "library-changed", sender: SENDER } satisfies LibraryChange);
	} catch {
		// A closed or unavailable channel: the other tabs see the change when they next read the library.
	}
}

/**
 * Calls `listener` when another tab or a worker changed the library (not for this page's own
 * announcements). Returns a function that stops listening.
 */
export function onLibraryChange(listener: () => void): () => void {
	if (!hasChannels()) return () => undefined;
	const channel = new BroadcastChannel(CHANNEL);
	channel.onmessage = (event: MessageEvent<unknown>) => {
		const data = event.data;
		if (fieldOf(data, "type") === "library-changed" && fieldOf(data, "sender") !== SENDER) listener();
	};
	return () => channel.close();
}
