import { isRecord, str } from "./fields";
import { JsonView } from "./JsonView";

/** A v4 entry's records (runs, tool starts, usage…): what the harness logged while it was the leaf. */
export function V4Records({ records }: { records: unknown[] }) {
	return (
		<div className="msg" data-testid="entry-records">
			<dl className="msg-facts">
				<dt>records ({records.length})</dt>
				<dd>
					<ul>
						{records.map((r, i) => (
							// biome-ignore lint/suspicious/noArrayIndexKey: records have no key of their own and never reorder
							<li key={i}>
								{str(isRecord(r) ? r.type : undefined, "(no type)")} <JsonView value={r} />
							</li>
						))}
					</ul>
				</dd>
			</dl>
		</div>
	);
}
