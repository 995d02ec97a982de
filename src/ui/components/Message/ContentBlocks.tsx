import type { ReactNode } from "react";
import { isRecord, str } from "./fields";
import { ImageBlock } from "./ImageBlock";
import { JsonView } from "./JsonView";
import { MarkdownText } from "./Markdown";
import { ShowMore } from "./ShowMore";
import { ThinkingBlock } from "./ThinkingBlock";
import { ToolCallBlock } from "./ToolCallBlock";

/** How text is shown: Markdown (prose), plain (wrapped, proportional) or mono (tool output). */
export type TextMode = "markdown" | "plain" | "mono";

export function TextBody({ text, mode }: { text: string; mode: TextMode }) {
	if (mode === "markdown") return <MarkdownText text={text} />;
	return (
		<ShowMore text={text} maxLines={mode === "mono" ? 30 : 24}>
			{(shown) =>
				mode === "mono" ? <pre className="msg-mono">{shown}</pre> : <div className="msg-plain">{shown}</div>
			}
		</ShowMore>
	);
}

/** Message content: a string or text / image / thinking / tool-call blocks (unknown blocks as JSON). */
export function ContentBlocks({ content, mode }: { content: unknown; mode: TextMode }) {
	if (typeof content === "string") {
		return content ? <TextBody text={content} mode={mode} /> : <p className="msg-empty">(empty text)</p>;
	}
	if (!Array.isArray(content)) {
		if (content === null || content === undefined) return <p className="msg-empty">(no content)</p>;
		return <JsonView value={content} />;
	}
	if (content.length === 0) return <p className="msg-empty">(no content blocks)</p>;
	const out: ReactNode[] = [];
	for (let i = 0; i < content.length; i++) out.push(<ContentBlock key={i} block={content[i]} mode={mode} />);
	return <div className="msg-blocks">{out}</div>;
}

function ContentBlock({ block, mode }: { block: unknown; mode: TextMode }) {
	if (!isRecord(block)) return <JsonView value={block} />;
	switch (block.type) {
		case "text":
			return <TextBody text={str(block.text)} mode={mode} />;
		case "image":
			return <ImageBlock block={block} />;
		case "thinking":
			return <ThinkingBlock block={block} />;
		case "toolCall":
			return <ToolCallBlock block={block} />;
		default:
			return (
				<div className="msg-unknown">
					<span className="msg-tag msg-tag--warn">unknown block {JSON.stringify(String(block.type))}</span>
					<JsonView value={block} />
				</div>
			);
	}
}
