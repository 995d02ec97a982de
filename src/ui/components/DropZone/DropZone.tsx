import { type ReactNode, useEffect, useState } from "react";
import { type Store, useStore } from "../../../store";
import "./DropZone.css";
import { type DroppedEntry, readDroppedEntries } from "./droppedEntries";

const selectLoadFiles = (s: Store) => s.loadFiles;
const selectImportFiles = (s: Store) => s.importFiles;

/** The dropped items as directory entries, read during the drop event (they are gone after it). */
function droppedEntries(dt: DataTransfer | null): DroppedEntry[] {
	const out: DroppedEntry[] = [];
	for (const item of dt?.items ?? []) {
		if (item.kind !== "file" || typeof item.webkitGetAsEntry !== "function") continue;
		const entry = item.webkitGetAsEntry();
		if (entry) out.push(entry as unknown as DroppedEntry);
	}
	return out;
}

function hasFiles(e: DragEvent): boolean {
	return !!e.dataTransfer && [...e.dataTransfer.types].includes("Files");
}

/**
 * Accepts files dropped anywhere on the page (each loads on its own; bad ones show an error) and
 * shows a hint while files are dragged over it. A drop holding folders is imported as a batch:
 * every `.jsonl` inside, recursively. Drops of anything but files are left alone.
 */
export function DropZone({ children }: { children: ReactNode }) {
	const loadFiles = useStore(selectLoadFiles);
	const importFiles = useStore(selectImportFiles);
	const [dragging, setDragging] = useState(false);
	useEffect(() => {
		// dragenter/dragleave fire for every element crossed: count them to know when the drag left.
		let depth = 0;
		const reset = () => {
			depth = 0;
			setDragging(false);
		};
		const onEnter = (e: DragEvent) => {
			if (!hasFiles(e)) return;
			e.preventDefault();
			depth++;
			setDragging(true);
		};
		const onOver = (e: DragEvent) => {
			if (!hasFiles(e)) return;
			// Without this the browser would open the file in place of the app.
			e.preventDefault();
			if (e.dataTransfer) e.dataTransfer.dropEffect = "copy";
		};
		const onLeave = (e: DragEvent) => {
			if (!hasFiles(e)) return;
			depth = Math.max(0, depth - 1);
			if (depth === 0) setDragging(false);
		};
		const onDrop = (e: DragEvent) => {
			if (!hasFiles(e)) return;
			e.preventDefault();
			reset();
			const entries = droppedEntries(e.dataTransfer);
			if (entries.some((entry) => entry.isDirectory)) {
				void readDroppedEntries(entries).then(({ files }) => importFiles(files));
				return;
			}
			const files = [...(e.dataTransfer?.files ?? [])];
			if (files.length) void loadFiles(files);
		};
		window.addEventListener("dragenter", onEnter);
		window.addEventListener("dragover", onOver);
		window.addEventListener("dragleave", onLeave);
		window.addEventListener("drop", onDrop);
		window.addEventListener("dragend", reset);
		window.addEventListener("blur", reset);
		return () => {
			window.removeEventListener("dragenter", onEnter);
			window.removeEventListener("dragover", onOver);
			window.removeEventListener("dragleave", onLeave);
			window.removeEventListener("drop", onDrop);
			window.removeEventListener("dragend", reset);
			window.removeEventListener("blur", reset);
		};
	}, [loadFiles, importFiles]);
	return (
		<>
			{children}
			{dragging && (
				<div className="drop-overlay" data-testid="drop-overlay">
					<div className="drop-overlay__card">
						<strong>Drop .jsonl session files or folders to open them</strong>
						<span>
							Several at once are fine; a folder imports every session in it. They are parsed here and kept in this
							browser only.
						</span>
					</div>
				</div>
			)}
		</>
	);
}
