import type { GraphNode, NodePaint } from "../../../core";

const ISSUE_MARK = { error: "✕", warning: "⚠", info: "i" } as const;

/** The pills on a node's top edge: label, branches, search hits and issues. */
export function NodeBadges({ node, paint }: { node: GraphNode; paint: NodePaint | undefined }) {
	const hits = paint?.hits ?? 0;
	return (
		<div className="graph-node__badges">
			{node.label && <span className="graph-badge graph-badge--label">{node.label}</span>}
			{node.isBranchPoint && (
				<span className="graph-badge graph-badge--branch" title={`${node.childCount} branches`}>
					⑂ {node.childCount}
				</span>
			)}
			{hits > 0 && (
				<span className="graph-badge graph-badge--hit" data-hits={hits}>
					{node.kind === "segment" ? `${hits} ${hits === 1 ? "hit" : "hits"}` : "hit"}
				</span>
			)}
			{paint?.issue && (
				<span className={`graph-badge graph-badge--${paint.issue}`} data-issue={paint.issue}>
					{ISSUE_MARK[paint.issue]}
					{paint.issueCount > 1 ? ` ${paint.issueCount}` : ""}
				</span>
			)}
		</div>
	);
}
