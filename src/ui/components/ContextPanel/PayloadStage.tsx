import type { Message } from "../../../core";
import { CopyButton } from "../Message/CopyButton";
import { formatCount, toJson } from "../Message/fields";
import { VirtualList } from "../VirtualList/VirtualList";
import { useInspector } from "./inspectorContext";
import { PayloadCard } from "./PayloadCard";

/** Stage 4: what `convertToLlm` gives the provider, message by message. */
export function PayloadStage() {
	const { analysis, pipeline } = useInspector();
	const llm = pipeline.llm;
	const payload = (): string => toJson(llm.map((i): Message => i.message));
	const dropped = analysis.messages.length - llm.length;
	return (
		<>
			<div className="ins-toolbar">
				<span>
					{formatCount(llm.length)} message{llm.length === 1 ? "" : "s"} · ≈{formatCount(pipeline.llmTokens)} tokens
					{dropped > 0 && <> · {dropped} not sent (!! bash)</>}
				</span>
				<span className="ins-row__spacer" />
				<CopyButton
					text={payload}
					label="Copy payload JSON"
					title="Copy every provider message as JSON"
					testId="copy-payload"
				/>
			</div>
			{llm.length === 0 ? (
				<p className="ins-empty">Nothing is sent.</p>
			) : (
				<VirtualList
					key={analysis.leaf}
					count={llm.length}
					estimate={160}
					rowKey={(i) => i}
					renderRow={(i) => <PayloadCard index={i} />}
					aria-label="Provider messages"
				/>
			)}
		</>
	);
}
