/** A user-facing sentence for a storage failure. */
export function storageMessage(err: unknown): string {
	const name = err instanceof DOMException ? err.name : "";
	if (name === "QuotaExceededError") {
		return "Storage is full: the session is open but was not saved. Delete sessions from the library to make room.";
	}
	const detail = err instanceof Error ? err.message : String(err);
	return `Browser storage is unavailable (${detail}): sessions stay open in memory only.`;
}
