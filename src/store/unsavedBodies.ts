/**
 * The file contents of sessions open in this page that could not be stored (their metadata is
 * in the store's `unsaved`): kept here, out of the state, so they can be reopened, saved later or
 * exported. A picked file's Blob only refers to the file on disk.
 */
const bodies = new Map<string, Blob>();

export function keepUnsavedBody(id: string, body: Blob): void {
	bodies.set(id, body);
}

export function unsavedBody(id: string): Blob | undefined {
	return bodies.get(id);
}

export function dropUnsavedBody(id: string): void {
	bodies.delete(id);
}

/** Forgets every body (tests). */
export function resetUnsavedBodies(): void {
	bodies.clear();
}
