import { useEffect, useMemo, useState } from "react";
import { type EntryKind, isSkeleton, type SessionGraph, type TreeIndex } from "../../../core";
import type { OpenSession } from "../../../store";
import { askFaces, type HostHandle } from "../../../workers/client";

/** Entries of one expanded run asked about at once (a longer run shows the rest as it scrolls in). */
const ASK_AT_MOST = 4096;

type Face = { kind: EntryKind; preview: string };

/**
 * The graph with what its nodes show filled in where the session holds their entries as skeletons
 * (a lean session's expanded runs and the folded rest of a long one, or an entry pinned out of a
 * run): their kind and preview come from the worker that holds the file, and the nodes show their
 * kind from the skeleton meanwhile. `onScreen`: where the graph is culled to the screen (see
 * `useOnScreen`), the first entries of the nodes it shows: only theirs are asked for (a graph of
 * thousands of nodes would have the worker read them all while the first clicks wait).
 */
export function useLeanFaces(
	graph: SessionGraph | null,
	index: TreeIndex | null,
	session: OpenSession | null,
	onScreen: readonly number[] | null = null,
): SessionGraph | null {
	const host = session?.lean ? session.host : undefined;
	const [faces, setFaces] = useState<{ host: HostHandle; byPosition: ReadonlyMap<number, Face> } | null>(null);
	const known = faces && faces.host === host ? faces.byPosition : null;

	const wanted = useMemo(() => {
		if (!host || !graph || !index) return [];
		const out: number[] = [];
		for (const first of onScreen ?? graph.nodes.map((n) => n.first)) {
			if (known?.has(first) || !isSkeleton(index.entries[first])) continue;
			out.push(first);
			if (out.length >= ASK_AT_MOST) break;
		}
		return out.sort((a, b) => a - b);
	}, [host, graph, index, known, onScreen]);

	useEffect(() => {
		if (!host || wanted.length === 0) return;
		let live = true;
		askFaces(host, wanted).then(
			({ kinds, previews }) => {
				if (!live) return;
				setFaces((before) => {
					const byPosition = new Map(before && before.host === host ? before.byPosition : []);
					for (let i = 0; i < wanted.length; i++) byPosition.set(wanted[i], { kind: kinds[i], preview: previews[i] });
					return { host, byPosition };
				});
			},
			// The nodes keep what the skeleton says; the inspector says what went wrong when opened.
			() => {},
		);
		return () => {
			live = false;
		};
	}, [host, wanted]);

	return useMemo(() => {
		if (!graph || !known || known.size === 0) return graph;
		let changed = false;
		const nodes = graph.nodes.map((n) => {
			const face = known.get(n.first);
			if (!face) return n;
			changed = true;
			return { ...n, entryKind: face.kind, preview: face.preview };
		});
		return changed ? { ...graph, nodes } : graph;
	}, [graph, known]);
}
