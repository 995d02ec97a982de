import { selectSession, useStore } from "../../../store";
import { CopyButton } from "../Message/CopyButton";
import { formatCount } from "../Message/fields";
import { VirtualList } from "../VirtualList/VirtualList";
import { useInspector } from "./inspectorContext";
import { PayloadCardSlot } from "./PayloadCard";

/** Stage 4: what `convertToLlm` gives the provider, message by message. */
export function PayloadStage() {
	const { summary, leafId } = useInspector();
	const session = useStore(selectSession);
	const { payload, messages } = summary.counts;
	const dropped = messages - payload;
	// The whole payload as JSON, written by the worker (it may be far larger than a row holds).
	const copyPayload = async () => {
		if (!session) return "";
		return (await session.reader.export({ kind: "payload", leafId })).text();
	};
	return (
		<>
			<div className="ins-toolbar">
				<span>
					{formatCount(payload)} message{payload === 1 ? "" : "s"} · ≈{formatCount(summary.tokens.payload)} tokens
					{dropped > 0 && <> · {dropped} not sent (!! bash)</>}
				</span>
				<span className="ins-row__spacer" />
				<CopyButton
					text={copyPayload}
					label="Copy payload JSON"
					title="Copy every provider message as JSON"
					testId="copy-payload"
				/>
			</div>
			{payload === 0 ? (
				<p className="ins-empty">Nothing is sent.</p>
			) : (
				<VirtualList
					count={payload}
					estimate={160}
					rowKey={(i) => i}
					renderRow={(i) => <PayloadCardSlot index={i} />}
					aria-label="Provider messages"
				/>
			)}
		</>
	);
}
