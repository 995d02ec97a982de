import { useState } from "react";

interface Props {
	initial: string;
	onSave(name: string): void;
	onCancel(): void;
}

/** Inline rename: Enter saves, Escape cancels; an empty name restores the session's own title. */
export function RenameForm({ initial, onSave, onCancel }: Props) {
	const [value, setValue] = useState(initial);
	return (
		<form
			className="library-rename"
			onSubmit={(e) => {
				e.preventDefault();
				onSave(value);
			}}
		>
			<input
				className="library-rename__input"
				data-testid="library-rename-input"
				aria-label="Display name"
				placeholder="Empty: use the session's own name"
				// biome-ignore lint/a11y/noAutofocus: opened by the rename button, the field is what the user wants next
				autoFocus
				maxLength={200}
				value={value}
				onChange={(e) => setValue(e.currentTarget.value)}
				onKeyDown={(e) => {
					if (e.key === "Escape") onCancel();
				}}
			/>
			<button type="submit" className="button button--small" data-testid="library-rename-save">
				Save
			</button>
			<button type="button" className="button button--small" onClick={onCancel}>
				Cancel
			</button>
		</form>
	);
}
