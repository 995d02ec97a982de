import type { Page } from "@playwright/test";

/**
 * The origin private file system stands in for the user's disk: the pickers (the one thing a
 * test may replace) hand out OPFS handles; everything that reads them is the app's own code.
 */
export async function pickFromOpfs(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const w = window as unknown as Record<string, unknown>;
		const root = () => navigator.storage.getDirectory();
		w.showDirectoryPicker = async () => (await root()).getDirectoryHandle("sessions", { create: true });
		w.showOpenFilePicker = async () => {
			const name = (window as unknown as { __pickFile?: string }).__pickFile ?? "follow.jsonl";
			return [await (await root()).getFileHandle(name, { create: true })];
		};
	});
}

/** Writes `text` to `path` (`dir/sub/file`) in OPFS, replacing the file, or appending to it. */
export async function writeOpfs(page: Page, path: string, text: string, append = false): Promise<void> {
	await page.evaluate(
		async ({ path, text, append }) => {
			const parts = path.split("/");
			const name = parts.pop() as string;
			let dir = await navigator.storage.getDirectory();
			for (const part of parts) dir = await dir.getDirectoryHandle(part, { create: true });
			const handle = await dir.getFileHandle(name, { create: true });
			const size = (await handle.getFile()).size;
			const writable = await handle.createWritable({ keepExistingData: append });
			if (append) await writable.seek(size);
			await writable.write(text);
			await writable.close();
		},
		{ path, text, append },
	);
}

/** Empties OPFS (each test starts from nothing). */
export async function clearOpfs(page: Page): Promise<void> {
	await page.evaluate(async () => {
		const root = await navigator.storage.getDirectory();
		for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) {
			await root.removeEntry(name, { recursive: true });
		}
	});
}
