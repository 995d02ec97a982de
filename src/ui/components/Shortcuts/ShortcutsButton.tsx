import { useEffect } from "react";
import { type Store, useStore } from "../../../store";

const selectSetOpen = (s: Store) => s.setShortcutsOpen;

/** Whether a key press belongs to a text field. */
function typing(target: EventTarget | null): boolean {
	return target instanceof HTMLElement && (target.isContentEditable || !!target.closest("input, textarea, select"));
}

/** The toolbar's `?` button; `?` anywhere outside a text field opens the shortcuts too. */
export function ShortcutsButton() {
	const setOpen = useStore(selectSetOpen);
	useEffect(() => {
		const onKey = (e: KeyboardEvent) => {
			if (e.key !== "?" || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typing(e.target)) return;
			e.preventDefault();
			setOpen(true);
		};
		window.addEventListener("keydown", onKey);
		return () => window.removeEventListener("keydown", onKey);
	}, [setOpen]);
	return (
		<button
			type="button"
			className="button button--icon"
			data-testid="shortcuts-button"
			aria-label="Keyboard shortcuts"
			aria-keyshortcuts="?"
			title="Keyboard shortcuts (?)"
			onClick={() => setOpen(true)}
		>
			?
		</button>
	);
}
