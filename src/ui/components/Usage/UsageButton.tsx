import { useRef, useState } from "react";
import { type Store, useStore } from "../../../store";
import { UsageDialog } from "./UsageDialog";

const selectHasSessions = (s: Store) => s.library.length > 0;

/** "Usage and cost…" (shown while the library holds sessions) and, while open, the usage dialog. */
export function UsageButton() {
	const hasSessions = useStore(selectHasSessions);
	const [open, setOpen] = useState(false);
	const button = useRef<HTMLButtonElement>(null);
	if (!hasSessions && !open) return null;
	return (
		<>
			<button
				ref={button}
				type="button"
				className="button button--small"
				data-testid="usage-button"
				aria-label="Usage and cost"
				aria-haspopup="dialog"
				title="Tokens and cost the stored sessions recorded, by day, model and project"
				onClick={() => setOpen(true)}
			>
				Usage and cost…
			</button>
			{open && (
				<UsageDialog
					onClose={() => {
						setOpen(false);
						button.current?.focus();
					}}
				/>
			)}
		</>
	);
}
