import { type Store, useStore } from "../../../store";
import { Modal } from "../Share/Modal";
import { SHORTCUTS } from "./shortcuts";
import "./Shortcuts.css";

const selectOpen = (s: Store) => s.shortcutsOpen;
const selectSetOpen = (s: Store) => s.setShortcutsOpen;

/** The `?` overlay: every keyboard shortcut, grouped by where it works. */
export function ShortcutsOverlay() {
	const open = useStore(selectOpen);
	const setOpen = useStore(selectSetOpen);
	if (!open) return null;
	return (
		<Modal title="Keyboard shortcuts" testId="shortcuts" onClose={() => setOpen(false)}>
			<div className="shortcuts">
				{SHORTCUTS.map((group) => (
					<section key={group.area} className="shortcuts__group">
						<h3 className="shortcuts__area">{group.area}</h3>
						<dl className="shortcuts__list">
							{group.keys.map((k) => (
								<div key={k.what} className="shortcuts__row" data-testid="shortcut">
									<dt>
										{k.keys.map((key, i) => (
											<span key={key}>
												{i > 0 && " "}
												<kbd>{key}</kbd>
											</span>
										))}
									</dt>
									<dd>{k.what}</dd>
								</div>
							))}
						</dl>
					</section>
				))}
			</div>
		</Modal>
	);
}
