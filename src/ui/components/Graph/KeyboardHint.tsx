/** How to drive the graph from the keyboard. */
export function KeyboardHint({ id }: { id: string }) {
	return (
		<p className="graph-hint" id={id}>
			Click a node to select it, or use the keys: <kbd>↑</kbd> parent · <kbd>↓</kbd> child · <kbd>←</kbd>
			<kbd>→</kbd> siblings · <kbd>Home</kbd> root · <kbd>End</kbd> current leaf · <kbd>Enter</kbd> expand / fold
		</p>
	);
}
