import { type Store, useStore } from "../../../store";

const selectOpen = (s: Store) => s.galleryOpen;
const selectSetOpen = (s: Store) => s.setGalleryOpen;
const selectHasSession = (s: Store) => s.session !== null;

/** The toolbar's way back to the example gallery. */
export function ExamplesButton() {
	const open = useStore(selectOpen);
	const setOpen = useStore(selectSetOpen);
	const hasSession = useStore(selectHasSession);
	return (
		<button
			type="button"
			className="button"
			data-testid="examples-button"
			aria-pressed={open || !hasSession}
			onClick={() => setOpen(hasSession ? !open : true)}
		>
			Examples
		</button>
	);
}
