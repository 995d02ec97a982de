import { formatCount, str } from "./fields";
import { ShowMore } from "./ShowMore";

/** A collapsed thinking block. */
export function ThinkingBlock({ block }: { block: Record<string, unknown> }) {
	const text = str(block.thinking);
	const redacted = block.redacted === true;
	return (
		<details className="msg-thinking">
			<summary>
				Thinking{" "}
				<span className="muted">
					{redacted ? "(redacted)" : text ? `· ${formatCount(text.length)} characters` : "(empty)"}
				</span>
			</summary>
			<ShowMore text={text} maxLines={40}>
				{(shown) => <div className="msg-plain">{shown}</div>}
			</ShowMore>
		</details>
	);
}
