import type { TipOption } from "./useComparison";

interface Props {
	side: "a" | "b";
	value: string | null;
	options: readonly TipOption[];
	onChange(id: string): void;
}

/** A select over the session's tips, for one side of the comparison. */
export function TipPicker({ side, value, options, onChange }: Props) {
	return (
		<label className={`tip-picker tip-picker--${side}`}>
			<span className="tip-picker__side">{side.toUpperCase()}</span>
			<select
				data-testid={`compare-${side}`}
				value={value ?? ""}
				onChange={(e) => onChange(e.currentTarget.value)}
				aria-label={`Tip ${side.toUpperCase()}`}
			>
				{value !== null && !options.some((o) => o.id === value) && <option value={value}>{value}</option>}
				{options.map((o) => (
					<option key={o.id} value={o.id}>
						{o.label}
					</option>
				))}
			</select>
		</label>
	);
}
