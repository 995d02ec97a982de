import type { ReactNode } from "react";
import type { CodeLanguage } from "../../../core";
import { HighlightedCode } from "../Code/HighlightedCode";
import { isRecord, str } from "./fields";
import { ImageBlock } from "./ImageBlock";
import { JsonView } from "./JsonView";
import { MarkdownText } from "./Markdown";
import { ShowMore } from "./ShowMore";
import { ThinkingBlock } from "./ThinkingBlock";
import { ToolCallBlock } from "./ToolCallBlock";

/** How text is shown: Markdown (prose), plain (wrapped, proportional) or mono (tool output). */
export type TextMode = "markdown" | "plain" | "mono";

interface TextProps {
	mode: TextMode;
	/** Mono text in a known language (a file a tool read) is highlighted. */
	language?: CodeLanguage | null;
}

export function TextBody({ text, mode, language = null }: TextProps & { text: string }) {
	if (mode === "markdown") return <MarkdownText text={text} />;
	return (
		<ShowMore text={text} maxLines={mode === "mono" ? 30 : 24}>
			{(shown) =>
				mode === "mono" ? (
					<pre className="msg-mono">
						<HighlightedCode code={shown} language={language} />
					</pre>
				) : (
					<div className="msg-plain">{shown}</div>
				)
			}
		</ShowMore>
	);
}

/** Message content: a string or text / image / thinking / tool-call blocks (unknown blocks as JSON). */
export function ContentBlocks({ content, mode, language }: TextProps & { content: unknown }) {
	if (typeof content === "string") {
		return content ? (
			<TextBody text={content} mode={mode} language={language} />
		) : (
			<p className="msg-empty">(empty text)</p>
		);
	}
	if (!Array.isArray(content)) {
		if (content === null || content === undefined) return <p className="msg-empty">(no content)</p>;
		return <JsonView value={content} />;
	}
	if (content.length === 0) return <p className="msg-empty">(no content blocks)</p>;
	const out: ReactNode[] = [];
	for (let i = 0; i < content.length; i++)
		out.push(<ContentBlock key={i} block={content[i]} mode={mode} language={language} />);
	return <div className="msg-blocks">{out}</div>;
}

function ContentBlock({ block, mode, language }: TextProps & { block: unknown }) {
	if (!isRecord(block)) return <JsonView value={block} />;
	switch (block.type) {
		case "text":
			return <TextBody text={str(block.text)} mode={mode} language={language} />;
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
