import { useRef } from "react";
import { rulesOf } from "../../../core";
import { useStore } from "../../../store";
import { TeachButtons } from "../Explainer/TeachButtons";
import { ExportButton } from "../Export/ExportButton";
import { FollowControls } from "../Follow/FollowControls";
import { ExamplesButton } from "../Gallery/ExamplesButton";
import { NarrowToggle } from "../Layout/NarrowToggle";
import { ShareButton } from "../Share/ShareButton";
import { ShortcutsButton } from "../Shortcuts/ShortcutsButton";
import { ThemeToggle } from "../Theme/ThemeToggle";

const selectLoadFiles = (s: { loadFiles: (files: readonly File[]) => Promise<void> }) => s.loadFiles;

/** Top bar: the app name, the file picker and what is open. */
export function Toolbar() {
	const loadFiles = useStore(selectLoadFiles);
	const session = useStore((s) => s.session);
	const input = useRef<HTMLInputElement>(null);
	return (
		<header className="toolbar">
			<h1 className="toolbar__title">Session Explorer</h1>
			<button type="button" className="button button--primary" onClick={() => input.current?.click()}>
				Open .jsonl files…
			</button>
			<ExamplesButton />
			<FollowControls />
			<input
				ref={input}
				data-testid="file-input"
				className="visually-hidden"
				type="file"
				accept=".jsonl,.json,.txt,application/jsonl,application/x-ndjson"
				multiple
				tabIndex={-1}
				aria-label="Open session files"
				onChange={(e) => {
					const files = [...(e.currentTarget.files ?? [])];
					e.currentTarget.value = "";
					if (files.length) void loadFiles(files);
				}}
			/>
			{session && (
				<div className="toolbar__session" data-testid="open-session" title={session.header?.cwd}>
					<strong className="toolbar__name" title={session.fileName}>
						{session.fileName}
					</strong>
					<span className="muted toolbar__facts">
						{session.entryCount} entries ·{" "}
						{typeof session.header?.agentVersion === "string"
							? rulesOf(session.dialect ?? "pi").label
							: `v${session.version}`}
						{session.migrated ? " (migrated)" : ""}
						{session.stored ? "" : " · not stored"}
					</span>
				</div>
			)}
			<NarrowToggle />
			<TeachButtons />
			<div className="toolbar__share">
				<ShareButton />
				<ExportButton />
			</div>
			<ShortcutsButton />
			<ThemeToggle />
		</header>
	);
}
