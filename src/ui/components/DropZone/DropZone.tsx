import { type ReactNode, useEffect, useState } from "react";
import { useStore } from "../../../store";

function hasFiles(e: DragEvent): boolean {
	return !!e.dataTransfer && [...e.dataTransfer.types].includes("Files");
}

/** Accepts files dropped anywhere on the page and shows a hint while dragging. */
export function DropZone({ children }: { children: ReactNode }) {
	const loadFiles = useStore((s) => s.loadFiles);
	const [dragging, setDragging] = useState(false);
	useEffect(() => {
		let depth = 0;
		const onEnter = (e: DragEvent) => {
			if (!hasFiles(e)) return;
			e.preventDefault();
			depth++;
			setDragging(true);
		};
		const onOver = (e: DragEvent) => {
			if (hasFiles(e)) e.preventDefault();
		};
		const onLeave = () => {
			depth = Math.max(0, depth - 1);
			if (depth === 0) setDragging(false);
		};
		const onDrop = (e: DragEvent) => {
			if (!hasFiles(e)) return;
			e.preventDefault();
			depth = 0;
			setDragging(false);
			const files = [...(e.dataTransfer?.files ?? [])];
			if (files.length) void loadFiles(files);
		};
		window.addEventListener("dragenter", onEnter);
		window.addEventListener("dragover", onOver);
		window.addEventListener("dragleave", onLeave);
		window.addEventListener("drop", onDrop);
		return () => {
			window.removeEventListener("dragenter", onEnter);
			window.removeEventListener("dragover", onOver);
			window.removeEventListener("dragleave", onLeave);
			window.removeEventListener("drop", onDrop);
		};
	}, [loadFiles]);
	return (
		<>
			{children}
			{dragging && (
				<div className="drop-overlay" data-testid="drop-overlay">
					Drop .jsonl session files to open them
				</div>
			)}
		</>
	);
}
