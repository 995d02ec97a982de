import type { ContextCategory } from "../../../core";
import { formatCount } from "../Message/fields";
import { useInspector } from "./inspectorContext";

/** What each category is called on the page. */
export const CATEGORY_LABELS: Readonly<Record<ContextCategory, string>> = {
	user: "User text",
	assistant: "Assistant text",
	thinking: "Thinking",
	toolCall: "Tool calls",
	toolResult: "Tool results",
	bashExecution: "Bash runs",
	summary: "Summaries",
	custom: "Custom messages",
	image: "Images",
};

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : "0%");

/**
 * What fills the selected tip's context: a stacked bar and a table of the estimated tokens sent,
 * by category (tool results also by tool), beside the input the provider recorded for the last
 * reply and the part the file cannot explain. A category's button filters the messages list to it.
 */
export function Composition() {
	const { summary, filter, setFilter } = useInspector();
	const { composition, measured } = summary;
	const total = composition.tokens;
	const unexplained = measured && !measured.beforeCompaction ? measured.tokens - total : null;
	return (
		<section className="ins-glance__block" data-testid="context-composition" aria-labelledby="composition-title">
			<h4 id="composition-title" className="ins-glance__title">
				What the context holds <span className="muted">≈{formatCount(total)} tokens sent (estimate)</span>
			</h4>
			{total > 0 && (
				<div className="composition-bar" aria-hidden="true">
					{composition.parts.map((part) =>
						part.tokens > 0 ? (
							<span
								key={part.category}
								className={`composition-bar__part cat-${part.category}`}
								style={{ flexGrow: part.tokens }}
								title={`${CATEGORY_LABELS[part.category]}: ${formatCount(part.tokens)} tokens`}
							/>
						) : null,
					)}
				</div>
			)}
			<table className="composition-table">
				<caption className="visually-hidden">Estimated tokens sent, by category</caption>
				<thead>
					<tr>
						<th scope="col">Category</th>
						<th scope="col">Tokens</th>
						<th scope="col" className="composition-table__wide">
							Share
						</th>
						<th scope="col" className="composition-table__wide">
							Messages
						</th>
					</tr>
				</thead>
				<tbody>
					{composition.parts.map((part) => (
						<tr
							key={part.category}
							data-testid="composition-part"
							data-category={part.category}
							data-tokens={part.tokens}
						>
							<th scope="row">
								<span className={`composition-swatch cat-${part.category}`} aria-hidden="true" />
								<button
									type="button"
									className="linkish"
									aria-pressed={filter === part.category}
									title={`Show only the messages with ${CATEGORY_LABELS[part.category].toLowerCase()}`}
									onClick={() => setFilter(filter === part.category ? null : part.category)}
								>
									{CATEGORY_LABELS[part.category]}
								</button>
							</th>
							<td>{formatCount(part.tokens)}</td>
							<td className="composition-table__wide">{percent(part.tokens, total)}</td>
							<td className="composition-table__wide">{formatCount(part.messages.length)}</td>
						</tr>
					))}
					{composition.tools.slice(0, 8).map((tool) => (
						<tr key={`tool:${tool.name}`} className="composition-table__tool" data-testid="composition-tool">
							<th scope="row">
								<span className="muted">↳ </span>
								<code>{tool.name || "(unnamed)"}</code>
							</th>
							<td>{formatCount(tool.tokens)}</td>
							<td className="composition-table__wide">{percent(tool.tokens, total)}</td>
							<td className="composition-table__wide">{formatCount(tool.results)}</td>
						</tr>
					))}
				</tbody>
			</table>
			<p className="ins-glance__note">
				{measured ? (
					<>
						The provider recorded <strong>{formatCount(measured.tokens)}</strong> input tokens for the last reply
						{measured.beforeCompaction ? " (before the latest compaction, so not this context)" : ""}.
						{unexplained !== null &&
							(unexplained > 0
								? ` ≈${formatCount(unexplained)} of them are not in the file (system prompt, tool schemas) or not in the estimate.`
								: ` The estimate is ${formatCount(-unexplained)} above it.`)}
					</>
				) : (
					"No reply on this path recorded its input: the system prompt and tool schemas (not in the file) are not counted."
				)}
			</p>
		</section>
	);
}
