import { type Store, useStore } from "../../../store";
import { CorruptItem } from "./CorruptItem";

const selectCorrupt = (s: Store) => s.libraryCorrupt;
const selectDelete = (s: Store) => s.deleteCorrupt;

/** Stored records that cannot be used: each named with why, skipped by the list above. */
export function CorruptList() {
	const corrupt = useStore(selectCorrupt);
	const remove = useStore(selectDelete);
	if (corrupt.length === 0) return null;
	const n = corrupt.length;
	return (
		<details className="library-corrupt small" data-testid="library-corrupt" data-count={n} open>
			<summary>
				{n} damaged record{n === 1 ? "" : "s"} {n === 1 ? "is" : "are"} not listed
			</summary>
			<ul className="list">
				{corrupt.map((r) => (
					<CorruptItem key={`${r.store}\n${r.key}`} record={r} onDelete={() => void remove(r)} />
				))}
			</ul>
		</details>
	);
}
