import { type ReactNode, useState } from "react";
import { argumentLanguage } from "../../../core";
import { HighlightedCode } from "../Code/HighlightedCode";
import { CodeBlock } from "./CodeBlock";
import { isRecord, str, toJson } from "./fields";
import { ShowMore } from "./ShowMore";

/** A tool call: its name, id and arguments as pretty JSON, or argument by argument (readable text). */
export function ToolCallBlock({ block }: { block: Record<string, unknown> }) {
	const [fields, setFields] = useState(false);
	const args = block.arguments ?? {};
	return (
		<div className="msg-toolcall" data-testid="tool-call">
			<div className="msg-head">
				<span className="msg-tag msg-tag--tool">tool call</span>
				<strong className="msg-toolcall__name">{str(block.name, "(no name)")}</strong>
				<code className="msg-id" title="tool call id">
					{str(block.id)}
				</code>
				{isRecord(args) && (
					<button
						type="button"
						className="msg-button msg-toolcall__mode"
						aria-pressed={fields}
						title="Show string arguments as text instead of JSON"
						onClick={(e) => {
							e.stopPropagation();
							setFields(!fields);
						}}
					>
						{fields ? "JSON" : "As text"}
					</button>
				)}
			</div>
			{fields && isRecord(args) ? (
				<Arguments tool={block.name} args={args} />
			) : (
				<CodeBlock code={toJson(args)} lang="json" maxLines={20} />
			)}
		</div>
	);
}

function Arguments({ tool, args }: { tool: unknown; args: Record<string, unknown> }) {
	const rows: ReactNode[] = [];
	for (const [name, value] of Object.entries(args)) {
		rows.push(
			<div key={name} className="msg-arg">
				<div className="msg-arg__name">{name}</div>
				{typeof value === "string" ? (
					<ShowMore text={value} maxLines={20}>
						{(shown) => (
							<pre className="msg-mono">
								<HighlightedCode code={shown} language={argumentLanguage(tool, name, args)} />
							</pre>
						)}
					</ShowMore>
				) : (
					<pre className="msg-mono">
						<HighlightedCode code={toJson(value)} language="json" />
					</pre>
				)}
			</div>,
		);
	}
	return <div className="msg-args">{rows.length ? rows : <p className="msg-empty">(no arguments)</p>}</div>;
}
