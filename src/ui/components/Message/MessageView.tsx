import { AssistantView } from "./AssistantView";
import { BashView } from "./BashView";
import { ContentBlocks } from "./ContentBlocks";
import { CustomView } from "./CustomView";
import { isRecord, str } from "./fields";
import { JsonView } from "./JsonView";
import { SummaryView } from "./SummaryView";
import { ToolResultView } from "./ToolResultView";
import "./Message.css";

/** Any agent or provider message, by role; unknown roles as JSON. */
export function MessageView({ message }: { message: unknown }) {
	if (!isRecord(message)) {
		return (
			<div className="msg msg--unknown">
				<span className="msg-tag msg-tag--warn">not a message</span>
				<JsonView value={message} />
			</div>
		);
	}
	switch (message.role) {
		case "user":
			return (
				<div className="msg msg--user">
					<div className="msg-head">
						<span className="msg-tag msg-tag--user">user</span>
					</div>
					<ContentBlocks content={message.content} mode="markdown" />
				</div>
			);
		case "assistant":
			return <AssistantView m={message} />;
		case "toolResult":
			return <ToolResultView m={message} />;
		case "system":
			return (
				<div className="msg msg--system">
					<div className="msg-head">
						<span className="msg-tag msg-tag--system">system</span>
					</div>
					<ContentBlocks content={message.content} mode="plain" />
				</div>
			);
		case "bashExecution":
			return <BashView m={message} />;
		case "custom":
		case "hookMessage":
			return <CustomView m={message} />;
		case "branchSummary":
		case "compactionSummary":
			return <SummaryView m={message} />;
		default:
			return (
				<div className="msg msg--unknown">
					<span className="msg-tag msg-tag--warn">unknown role {JSON.stringify(str(message.role, "(none)"))}</span>
					<JsonView value={message} />
				</div>
			);
	}
}
