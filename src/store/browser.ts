/** The two browser side effects sharing needs: the clipboard and a file download. */

/** The Clipboard API where the page may use it; else the old select-and-copy way. */
export async function writeClipboard(text: string): Promise<boolean> {
	try {
		await navigator.clipboard.writeText(text);
		return true;
	} catch {
		const area = document.createElement("textarea");
		area.value = text;
		area.setAttribute("readonly", "");
		area.style.position = "fixed";
		area.style.opacity = "0";
		document.body.append(area);
		area.select();
		try {
			return document.execCommand("copy");
		} catch {
			return false;
		} finally {
			area.remove();
		}
	}
}

/** Saves `blob` as a file named `fileName` (an object URL and `<a download>`: no network). */
export function downloadBlob(blob: Blob, fileName: string): void {
	const url = URL.createObjectURL(blob);
	const a = document.createElement("a");
	a.href = url;
	a.download = fileName;
	a.rel = "noopener";
	a.style.display = "none";
	document.body.append(a);
	a.click();
	a.remove();
	// The download has started from the URL; give slow browsers a while before letting it go.
	setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
