/**
 * The parts of the File System Access API the app uses that TypeScript's DOM library lacks.
 * Chromium-based browsers have them; elsewhere `showOpenFilePicker` / `showDirectoryPicker` are
 * absent and the features that need them are hidden.
 */

export type ReadPermission = "granted" | "prompt" | "denied";

interface PermissionHandle {
	queryPermission?(descriptor: { mode: "read" }): Promise<ReadPermission>;
	requestPermission?(descriptor: { mode: "read" }): Promise<ReadPermission>;
}

interface Pickers {
	showOpenFilePicker?(options?: {
		multiple?: boolean;
		types?: { description?: string; accept: Record<string, string[]> }[];
	}): Promise<FileSystemFileHandle[]>;
	showDirectoryPicker?(options?: { id?: string; mode?: "read" }): Promise<FileSystemDirectoryHandle>;
}

const pickers = () => (typeof window === "undefined" ? {} : (window as unknown as Pickers));

export const canPickFiles = () => typeof pickers().showOpenFilePicker === "function";
export const canPickFolders = () => typeof pickers().showDirectoryPicker === "function";

/** Which browsers can follow files and link folders (for the note shown where this one cannot). */
export const FILE_ACCESS_NOTE =
	"needs the File System Access API, which Chromium-based browsers have (Chrome, Edge, Opera, Brave); Firefox and Safari do not.";

/** The user closed the picker: not an error worth a message. */
export const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

export async function pickFolder(): Promise<FileSystemDirectoryHandle> {
	const pick = pickers().showDirectoryPicker;
	if (!pick) throw new Error(`Linking a folder ${FILE_ACCESS_NOTE}`);
	return pick.call(window, { id: "sessions", mode: "read" });
}

export async function pickSessionFile(): Promise<FileSystemFileHandle> {
	const pick = pickers().showOpenFilePicker;
	if (!pick) throw new Error(`Following a file ${FILE_ACCESS_NOTE}`);
	const [handle] = await pick.call(window, {
		multiple: false,
		types: [{ description: "Session files", accept: { "application/jsonl": [".jsonl"] } }],
	});
	return handle;
}

/** Whether the page may read `handle` now; `ask` prompts the user (needs a click). */
export async function readPermission(handle: FileSystemHandle, ask: boolean): Promise<ReadPermission> {
	const h = handle as FileSystemHandle & PermissionHandle;
	if (!h.queryPermission) return "granted";
	const now = await h.queryPermission({ mode: "read" });
	if (now === "granted" || !ask || !h.requestPermission) return now;
	return h.requestPermission({ mode: "read" });
}

/** Every file under `dir` and its subfolders, with its path (`dir`'s name first, like a folder input). */
export async function* walkFolder(dir: FileSystemDirectoryHandle): AsyncGenerator<{ path: string; file: File }> {
	const stack: { handle: FileSystemDirectoryHandle; prefix: string }[] = [
		{ handle: dir, prefix: dir.name ? `${dir.name}/` : "" },
	];
	while (stack.length > 0) {
		const { handle, prefix } = stack.pop() as { handle: FileSystemDirectoryHandle; prefix: string };
		for await (const [name, child] of handle.entries()) {
			if (child.kind === "directory")
				stack.push({ handle: child as FileSystemDirectoryHandle, prefix: `${prefix}${name}/` });
			else yield { path: `${prefix}${name}`, file: await (child as FileSystemFileHandle).getFile() };
		}
	}
}
