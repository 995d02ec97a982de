import { type Store, useStore } from "../../../store";
import { formatBytes } from "./format";

const selectUse = (s: Store) => s.storageUse;

/** Browser storage used by this site against what the browser makes available. */
export function StorageUse() {
	const use = useStore(selectUse);
	if (!use) return null;
	const share = use.available ? Math.min(1, use.used / use.available) : 0;
	return (
		<div className="storage-use small muted" data-testid="storage-use">
			<span>
				Storage: {formatBytes(use.used)} used
				{use.available !== null ? ` of ${formatBytes(use.available)} available` : ""}
			</span>
			{use.available !== null && (
				<meter
					className="storage-use__meter"
					min={0}
					max={1}
					low={0.7}
					high={0.9}
					optimum={0}
					value={share}
					aria-label="Storage used"
				/>
			)}
		</div>
	);
}
