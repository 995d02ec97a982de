import { type GraphNode, type NodePaint, segmentStart } from "../../../core";

/** The class list of a node: its kind and structure, then how the selection paints it. */
export function nodeClass(node: GraphNode, paint: NodePaint | undefined, cursor: boolean): string {
	const cls = ["graph-node", `graph-node--${node.kind}`, `is-${paint?.region ?? "off"}`];
	if (node.isLeaf) cls.push("is-leaf");
	if (node.isBranchPoint) cls.push("is-branch-point");
	if (node.isCurrentLeaf) cls.push("is-current-leaf");
	if (paint?.leaf) cls.push("is-selected");
	if (paint?.hits) cls.push("is-hit");
	if (paint?.focused) cls.push("is-focused");
	if (paint?.explain) cls.push("is-explain-focus");
	if (paint?.issue) cls.push(`has-${paint.issue}`);
	if (cursor) cls.push("is-cursor");
	return cls.join(" ");
}

/** A node's tooltip: plain text, so session content never becomes markup. */
export function nodeTitle(node: GraphNode, kindLabel: string, paint: NodePaint | undefined): string {
	const head =
		node.kind === "segment"
			? `${node.count} entries (folded) from ${segmentStart(node.id)}: click to expand`
			: `${kindLabel} ${node.id}`;
	const lines = [head, node.preview];
	if (node.label) lines.push(`label: ${node.label}`);
	if (paint?.issueText) lines.push(paint.issueText);
	return lines.join("\n");
}
