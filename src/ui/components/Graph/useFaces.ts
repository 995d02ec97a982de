import { useEffect, useMemo, useState } from "react";
import type { EntryKind, KindCount, SessionGraph } from "../../../core";
import type { OpenSession } from "../../../store";

/** Nodes of one graph asked about at once (a longer list shows the rest as it scrolls in). */
const ASK_AT_MOST = 4096;

type Face = { kind: EntryKind; preview: string; kinds?: KindCount[] };

/**
 * The graph with what its nodes show filled in where the worker laid it out before reading their
 * first entries (a large graph, culled to the screen): their kind, preview and a run's kinds of
 * entries come from the worker as the nodes come on screen (`onScreen`: their first entries; null
 * for a graph that came with its faces).
 */
export function useFaces(
	graph: SessionGraph | null,
	session: OpenSession | null,
	onScreen: readonly number[] | null,
): SessionGraph | null {
	const reader = session?.reader;
	const [faces, setFaces] = useState<{ graph: SessionGraph; byFirst: ReadonlyMap<number, Face> } | null>(null);
	const known = faces && faces.graph === graph ? faces.byFirst : null;

	const wanted = useMemo(() => {
		if (!graph || !onScreen) return [];
		const out: number[] = [];
		for (const first of onScreen) {
			if (known?.has(first)) continue;
			out.push(first);
			if (out.length >= ASK_AT_MOST) break;
		}
		return out.sort((a, b) => a - b);
	}, [graph, known, onScreen]);

	useEffect(() => {
		if (!reader || !graph || wanted.length === 0) return;
		let live = true;
		const lasts = wanted.map((first) => {
			const node = graph.nodes[graph.indexOf.get(graph.nodeOf.get(first) ?? "") ?? -1];
			return node && node.kind === "segment" ? node.last : -1;
		});
		reader.faces(wanted, lasts).then(
			(got) => {
				if (!live) return;
				setFaces((before) => {
					const byFirst = new Map(before && before.graph === graph ? before.byFirst : []);
					for (const face of got) byFirst.set(face.position, face);
					return { graph, byFirst };
				});
			},
			// The nodes keep what the layout says; the inspector says what went wrong when opened.
			() => {},
		);
		return () => {
			live = false;
		};
	}, [reader, graph, wanted]);

	return useMemo(() => {
		if (!graph || !known || known.size === 0) return graph;
		let changed = false;
		const nodes = graph.nodes.map((n) => {
			const face = known.get(n.first);
			if (!face) return n;
			changed = true;
			return { ...n, entryKind: face.kind, preview: face.preview, ...(face.kinds ? { kinds: face.kinds } : {}) };
		});
		return changed ? { ...graph, nodes } : graph;
	}, [graph, known]);
}
