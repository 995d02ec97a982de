import { useEffect, useRef } from "react";
import { type Store, useStore } from "../../../store";

const selectImport = (s: Store) => s.importFiles;

/** "Import folder…": picks a whole folder (every `.jsonl` in it and its subfolders) for the library. */
export function FolderImport() {
	const importFiles = useStore(selectImport);
	const input = useRef<HTMLInputElement>(null);
	// React has no prop for `webkitdirectory`: set the attribute on the element.
	useEffect(() => input.current?.setAttribute("webkitdirectory", ""), []);
	return (
		<>
			<button
				type="button"
				className="button button--small library__import"
				data-testid="folder-import"
				title="Import every .jsonl file of a folder and its subfolders (pi keeps a project's sessions in one)"
				onClick={() => input.current?.click()}
			>
				Import folder…
			</button>
			<input
				ref={input}
				data-testid="folder-input"
				className="visually-hidden"
				type="file"
				multiple
				tabIndex={-1}
				aria-hidden="true"
				onChange={(e) => {
					const files = [...(e.currentTarget.files ?? [])];
					e.currentTarget.value = "";
					if (files.length)
						void importFiles(files.map((file) => ({ file, path: file.webkitRelativePath || file.name })));
				}}
			/>
		</>
	);
}
