import { type Store, useStore } from "../../../store";

/** "in <linked folder path>": where a stored session came from, when a linked folder holds it. */
export function FolderOrigin({ id }: { id: string }) {
	const path = useStore((s: Store) => s.folderOrigins.get(id));
	if (!path) return null;
	return (
		<span className="library-item__line library-item__lineage" data-testid="library-item-folder" title={path}>
			in linked folder: {path}
		</span>
	);
}
