/**
 * A file's UTF-8 text in pieces as it streams (never one string): `onText` gets each piece in
 * order (a BOM at the start dropped, bad bytes as U+FFFD, as `Blob.text()` decodes), and may
 * return a promise to wait for (a pause for other work).
 */
export async function readBlobText(blob: Blob, onText: (text: string) => void | Promise<void>): Promise<void> {
	const decoder = new TextDecoder();
	const reader = blob.stream().getReader();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		await onText(decoder.decode(value, { stream: true }));
	}
	await onText(decoder.decode());
}
