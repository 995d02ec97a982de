import { ContentBlocks } from "./ContentBlocks";
import { str } from "./fields";
import { JsonView } from "./JsonView";

/** An extension's message (custom role or custom_message entry): type, display flag, content, details. */
export function CustomView({ m }: { m: Record<string, unknown> }) {
	return (
		<div className="msg msg--custom">
			<div className="msg-head">
				<span className="msg-tag msg-tag--custom">custom</span>
				<strong>{str(m.customType, "(no type)")}</strong>
				<span className="msg-meta" title="display flag">
					{m.display === false ? "hidden in pi's UI (still sent to the model)" : "shown in pi's UI"}
				</span>
			</div>
			<ContentBlocks content={m.content ?? []} mode="markdown" />
			{m.details !== undefined && (
				<details className="msg-raw">
					<summary>details</summary>
					<JsonView value={m.details} />
				</details>
			)}
		</div>
	);
}
