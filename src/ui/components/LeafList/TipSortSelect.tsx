import { useId } from "react";
import { type Store, type TipSort, useStore } from "../../../store";

const OPTIONS: { value: TipSort; label: string }[] = [
	{ value: "file", label: "in file order" },
	{ value: "measured", label: "by measured tokens" },
	{ value: "estimate", label: "by estimated tokens" },
	{ value: "depth", label: "by depth" },
];

const selectSort = (s: Store) => s.tipSort;
const selectSet = (s: Store) => s.setTipSort;

/** How the tips list is ordered. */
export function TipSortSelect() {
	const sort = useStore(selectSort);
	const set = useStore(selectSet);
	const id = useId();
	return (
		<span className="leaf-sort">
			<label htmlFor={id} className="visually-hidden">
				Sort tips by
			</label>
			<select id={id} data-testid="tip-sort" value={sort} onChange={(e) => set(e.currentTarget.value as TipSort)}>
				{OPTIONS.map((o) => (
					<option key={o.value} value={o.value}>
						{o.label}
					</option>
				))}
			</select>
		</span>
	);
}
