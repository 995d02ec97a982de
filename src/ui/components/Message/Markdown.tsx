import { type ReactNode, useMemo } from "react";
import { type Block, type Inline, parseMarkdown } from "../../../core";
import { CodeBlock } from "./CodeBlock";
import { ShowMore } from "./ShowMore";
import { sidewaysScrollProps, useScrollsSideways } from "./useScrollsSideways";

/** Markdown rendered as React elements (never HTML); long text is cut with "show more". */
export function MarkdownText({ text, maxLines = 40 }: { text: string; maxLines?: number }) {
	return (
		<ShowMore text={text} maxLines={maxLines} maxChars={8000}>
			{(shown) => <Markdown source={shown} />}
		</ShowMore>
	);
}

export function Markdown({ source }: { source: string }) {
	const blocks = useMemo(() => parseMarkdown(source), [source]);
	return <div className="md">{renderBlocks(blocks, false)}</div>;
}

const HEADING_TAGS = ["h4", "h5", "h6", "h6", "h6", "h6"] as const;

function renderBlocks(blocks: readonly Block[], tight: boolean): ReactNode[] {
	const out: ReactNode[] = [];
	for (let i = 0; i < blocks.length; i++) out.push(<BlockView key={i} block={blocks[i]} tight={tight} />);
	return out;
}

function BlockView({ block, tight }: { block: Block; tight: boolean }): ReactNode {
	switch (block.type) {
		case "paragraph":
			return <p className={tight ? "md-p md-p--tight" : "md-p"}>{renderInlines(block.children)}</p>;
		case "heading": {
			// Real headings, below the inspector's own (h2 panels, h3 cards).
			const Heading = HEADING_TAGS[Math.min(block.level, HEADING_TAGS.length) - 1];
			return <Heading className={`md-h md-h${block.level}`}>{renderInlines(block.children)}</Heading>;
		}
		case "code":
			return <CodeBlock code={block.text} lang={block.lang} />;
		case "quote":
			return <blockquote className="md-quote">{renderBlocks(block.children, false)}</blockquote>;
		case "list": {
			const items: ReactNode[] = [];
			for (let i = 0; i < block.items.length; i++) {
				const item = block.items[i];
				items.push(
					<li key={i} className={item.checked === null ? undefined : "md-task"}>
						{item.checked !== null && (
							<span className="md-check" role="img" aria-label={item.checked ? "done" : "not done"}>
								{item.checked ? "☑" : "☐"}{" "}
							</span>
						)}
						{renderBlocks(item.children, block.tight)}
					</li>,
				);
			}
			return block.ordered ? (
				<ol className="md-list" start={block.start}>
					{items}
				</ol>
			) : (
				<ul className="md-list">{items}</ul>
			);
		}
		case "rule":
			return <hr className="md-rule" />;
		case "table":
			return <TableView block={block} />;
		default: {
			const never: never = block;
			return never;
		}
	}
}

function TableView({ block }: { block: Extract<Block, { type: "table" }> }) {
	const [ref, scrolls] = useScrollsSideways<HTMLDivElement>();
	const cells = (row: Inline[][], Cell: "th" | "td") => {
		const out: ReactNode[] = [];
		for (let i = 0; i < row.length; i++) {
			out.push(
				<Cell key={i} style={block.align[i] ? { textAlign: block.align[i] ?? undefined } : undefined}>
					{renderInlines(row[i])}
				</Cell>,
			);
		}
		return out;
	};
	const rows: ReactNode[] = [];
	for (let i = 0; i < block.rows.length; i++) rows.push(<tr key={i}>{cells(block.rows[i], "td")}</tr>);
	return (
		<div ref={ref} className="md-table" {...sidewaysScrollProps(scrolls, "table")}>
			<table>
				<thead>
					<tr>{cells(block.head, "th")}</tr>
				</thead>
				<tbody>{rows}</tbody>
			</table>
		</div>
	);
}

function renderInlines(nodes: readonly Inline[]): ReactNode[] {
	const out: ReactNode[] = [];
	for (let i = 0; i < nodes.length; i++) out.push(<InlineView key={i} node={nodes[i]} />);
	return out;
}

function InlineView({ node }: { node: Inline }): ReactNode {
	switch (node.type) {
		case "text":
			return node.text;
		case "code":
			return <code className="md-code">{node.text}</code>;
		case "emphasis":
			return <em>{renderInlines(node.children)}</em>;
		case "strong":
			return <strong>{renderInlines(node.children)}</strong>;
		case "strike":
			return <del>{renderInlines(node.children)}</del>;
		case "link":
			return (
				<a href={node.href} title={node.title ?? node.href} target="_blank" rel="noopener noreferrer nofollow">
					{renderInlines(node.children)}
				</a>
			);
		case "image":
			// Never loaded: an image reference is a link to where it lives.
			return (
				<a
					className="md-image"
					href={node.href}
					title={`Image, not loaded: ${node.href}`}
					target="_blank"
					rel="noopener noreferrer nofollow"
				>
					[image: {node.alt || node.href}]
				</a>
			);
		case "break":
			return <br />;
		default: {
			const never: never = node;
			return never;
		}
	}
}
