import { ContentBlocks } from "./ContentBlocks";
import { str } from "./fields";
import { JsonView } from "./JsonView";
import { useSourceLanguage } from "./textSource";

/** A tool result: tool name, call id, error flag, output (text and images) and details. */
export function ToolResultView({ m }: { m: Record<string, unknown> }) {
	const isError = m.isError === true;
	const language = useSourceLanguage();
	return (
		<div className={`msg msg--tool${isError ? " msg--error" : ""}`}>
			<div className="msg-head">
				<span className="msg-tag msg-tag--tool">tool result</span>
				<strong>{str(m.toolName, "(no tool)")}</strong>
				<code className="msg-id" title="tool call id">
					{str(m.toolCallId)}
				</code>
				{isError && <span className="msg-tag msg-tag--danger">error</span>}
			</div>
			<ContentBlocks content={m.content} mode="mono" language={isError ? null : language} />
			{m.details !== undefined && (
				<details className="msg-raw">
					<summary>details</summary>
					<JsonView value={m.details} />
				</details>
			)}
		</div>
	);
}
