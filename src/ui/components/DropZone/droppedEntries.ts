/**
 * The structural part of the File and Directory Entries API (`DataTransferItem.webkitGetAsEntry`)
 * that reading a dropped folder needs; a plain interface so tests can pass fakes.
 */
export interface DroppedEntry {
	readonly isFile: boolean;
	readonly isDirectory: boolean;
	readonly name: string;
}

export interface DroppedFileEntry extends DroppedEntry {
	file(success: (file: File) => void, failure?: (err: unknown) => void): void;
}

export interface DroppedDirectoryEntry extends DroppedEntry {
	createReader(): { readEntries(success: (entries: DroppedEntry[]) => void, failure?: (err: unknown) => void): void };
}

export interface DroppedFiles {
	/** Every file found, with its path from the dropped item (`folder/sub/name.jsonl`). */
	files: { file: File; path: string }[];
	/** Paths that could not be read (permissions, vanished files). */
	unreadable: string[];
}

const isDir = (e: DroppedEntry): e is DroppedDirectoryEntry => e.isDirectory;
const isFile = (e: DroppedEntry): e is DroppedFileEntry => e.isFile;

/** All entries of a directory: `readEntries` hands them out in batches until an empty one. */
async function readAll(dir: DroppedDirectoryEntry): Promise<DroppedEntry[]> {
	const reader = dir.createReader();
	const out: DroppedEntry[] = [];
	for (;;) {
		const batch = await new Promise<DroppedEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
		if (batch.length === 0) return out;
		out.push(...batch);
	}
}

/**
 * Walks dropped files and folders (folders recursively, without recursion: trees can be deep) and
 * returns every file with its relative path. Entries that fail to read are listed, not thrown.
 */
export async function readDroppedEntries(roots: readonly DroppedEntry[]): Promise<DroppedFiles> {
	const files: DroppedFiles["files"] = [];
	const unreadable: string[] = [];
	const stack: { entry: DroppedEntry; path: string }[] = roots.map((entry) => ({ entry, path: entry.name })).reverse();
	while (stack.length > 0) {
		const { entry, path } = stack.pop() as { entry: DroppedEntry; path: string };
		try {
			if (isDir(entry)) {
				const children = await readAll(entry);
				for (let i = children.length - 1; i >= 0; i--) {
					stack.push({ entry: children[i], path: `${path}/${children[i].name}` });
				}
			} else if (isFile(entry)) {
				const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
				files.push({ file, path });
			}
		} catch {
			unreadable.push(path);
		}
	}
	return { files, unreadable };
}
