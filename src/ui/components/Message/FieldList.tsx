import { JsonView } from "./JsonView";

/** Fields every entry has: shown in the head, not again in the list. */
const COMMON = new Set(["type", "id", "parentId", "timestamp", "dialect"]);

/** An entry's own fields, each by name: text as text, anything else as JSON (for types with no view of their own). */
export function FieldList({ e, note }: { e: Record<string, unknown>; note?: string }) {
	const fields = Object.keys(e).filter((k) => !COMMON.has(k));
	return (
		<div className="msg" data-testid="entry-fields">
			{note && <p className="msg-empty">{note}</p>}
			{fields.length === 0 ? (
				<p className="msg-empty">(no fields)</p>
			) : (
				<dl className="msg-facts">
					{fields.map((k) => (
						<div key={k}>
							<dt>{k}</dt>
							<dd>{typeof e[k] === "string" ? (e[k] as string) : <JsonView value={e[k]} />}</dd>
						</div>
					))}
				</dl>
			)}
		</div>
	);
}
