import { useRef } from "react";
import { type Store, useStore } from "../../../store";
import { UsageButton } from "../Usage/UsageButton";

const selectCount = (s: Store) => s.library.length + s.unsaved.length;
const selectExporting = (s: Store) => s.libraryExport?.running ?? false;
const selectImporting = (s: Store) => s.importBatch?.running ?? false;
const selectExport = (s: Store) => s.exportLibrary;
const selectImport = (s: Store) => s.importLibraryBundle;

/** "Export library…" (every session in one file), "Import library…" (such a file back) and "Usage and cost…". */
export function LibraryTransfer() {
	const count = useStore(selectCount);
	const exporting = useStore(selectExporting);
	const importing = useStore(selectImporting);
	const exportLibrary = useStore(selectExport);
	const importBundle = useStore(selectImport);
	const input = useRef<HTMLInputElement>(null);
	return (
		<div className="library-transfer">
			<button
				type="button"
				className="button button--small"
				data-testid="library-export"
				title="Save every session of the library, with its name, in one file (to back it up or move it to another browser)"
				disabled={count === 0 || exporting}
				onClick={() => void exportLibrary()}
			>
				Export library…
			</button>
			<button
				type="button"
				className="button button--small"
				data-testid="library-import"
				title="Restore sessions from a library file exported before"
				disabled={importing}
				onClick={() => input.current?.click()}
			>
				Import library…
			</button>
			<UsageButton />
			<input
				ref={input}
				data-testid="library-import-input"
				className="visually-hidden"
				type="file"
				accept=".jsonl,application/jsonl,application/x-ndjson,text/plain"
				tabIndex={-1}
				aria-hidden="true"
				onChange={(e) => {
					const file = e.currentTarget.files?.[0];
					e.currentTarget.value = "";
					if (file) void importBundle(file);
				}}
			/>
		</div>
	);
}
