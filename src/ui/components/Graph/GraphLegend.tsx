const ITEMS: [string, string][] = [
	["is-context", "in context"],
	["is-kept", "kept (legacy compaction)"],
	["is-checkpoint", "latest compaction"],
	["is-summarized", "summarized away"],
	["is-off", "off the selected path"],
	["is-selected", "selected leaf"],
	["is-hit", "search hit"],
];

/** What the painted nodes mean. */
export function GraphLegend() {
	return (
		<ul className="graph-legend" aria-label="Legend">
			{ITEMS.map(([cls, text]) => (
				<li key={cls}>
					<span className={`graph-legend__swatch ${cls}`} aria-hidden="true" />
					{text}
				</li>
			))}
		</ul>
	);
}
