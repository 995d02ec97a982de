import { CodeBlock } from "./CodeBlock";
import { str, toJson } from "./fields";

/** A tool call: its name, id and arguments as pretty JSON. */
export function ToolCallBlock({ block }: { block: Record<string, unknown> }) {
	return (
		<div className="msg-toolcall" data-testid="tool-call">
			<div className="msg-head">
				<span className="msg-tag msg-tag--tool">tool call</span>
				<strong className="msg-toolcall__name">{str(block.name, "(no name)")}</strong>
				<code className="msg-id" title="tool call id">
					{str(block.id)}
				</code>
			</div>
			<CodeBlock code={toJson(block.arguments ?? {})} lang="json" maxLines={20} />
		</div>
	);
}
