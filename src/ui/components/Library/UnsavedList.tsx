import { type Store, useStore } from "../../../store";
import { UnsavedItem } from "./UnsavedItem";

const selectUnsaved = (s: Store) => s.unsaved;
const selectOffline = (s: Store) => s.storageOffline !== null;
const selectOpen = (s: Store) => (s.session && !s.session.stored ? s.session.key : null);

/** Sessions open in this page that could not be stored, apart from the stored library. */
export function UnsavedList() {
	const unsaved = useStore(selectUnsaved);
	const offline = useStore(selectOffline);
	const openKey = useStore(selectOpen);
	if (unsaved.length === 0) return null;
	return (
		<div className="library-unsaved" data-testid="library-unsaved">
			<h3 className="library-unsaved__title">
				Not saved <span className="library__count">{unsaved.length}</span>
			</h3>
			<ul className="list">
				{unsaved.map((m) => (
					<UnsavedItem key={m.id} meta={m} active={m.id === openKey} canSave={!offline} />
				))}
			</ul>
		</div>
	);
}
