import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef } from "react";
import { sortTips } from "../../../core";
import { type Store, useStore } from "../../../store";
import { useOpenSession } from "../../hooks/useSession";
import "./LeafList.css";
import { LeafRow } from "./LeafRow";
import { TipSortSelect } from "./TipSortSelect";
import { useLeafSummaries } from "./useLeafSummaries";
import { useVirtualWindow } from "./useVirtualWindow";

/** Row height in px (fixed, see LeafList.css), for scrolling and virtualisation. */
const ROW = 52;
/** Longer lists render only the rows on screen. */
const VIRTUALIZE_AT = 200;

const selectSelected = (s: Store) => s.selectedLeafId;
const selectSelectLeaf = (s: Store) => s.selectLeaf;
const selectFocusEntry = (s: Store) => s.focusEntry;
const selectTipSort = (s: Store) => s.tipSort;

/** Every branch tip of the open session; clicking one selects it as the leaf (↑/↓ move). */
export function LeafList() {
	const session = useOpenSession();
	const summaries = useLeafSummaries();
	const order = useStore(selectTipSort);
	const leaves = useMemo(() => sortTips(summaries, order), [summaries, order]);
	const selectedLeafId = useStore(selectSelected);
	const selectLeafOnly = useStore(selectSelectLeaf);
	const focusEntry = useStore(selectFocusEntry);
	/** Choosing a tip starts afresh: an entry focused before (a find hit) is let go. */
	const selectLeaf = useCallback(
		(id: string) => {
			selectLeafOnly(id);
			focusEntry(null);
		},
		[selectLeafOnly, focusEntry],
	);
	const container = useRef<HTMLUListElement>(null);
	const virtual = leaves.length > VIRTUALIZE_AT;
	const win = useVirtualWindow(container, leaves.length, ROW, virtual);
	// The selected tip (no selection: the current leaf); none when an inner entry is selected.
	const selected = selectedLeafId ?? session?.leafId ?? null;
	const selectedRow = selected === null ? -1 : leaves.findIndex((l) => l.id === selected);
	const { reveal } = win;

	useEffect(() => {
		reveal(selectedRow);
	}, [reveal, selectedRow]);

	const onKeyDown = useCallback(
		(e: KeyboardEvent) => {
			if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
			e.preventDefault();
			const next = Math.max(0, Math.min(leaves.length - 1, selectedRow + (e.key === "ArrowDown" ? 1 : -1)));
			const id = leaves[next]?.id;
			if (!id) return;
			selectLeaf(id);
			requestAnimationFrame(() =>
				container.current?.querySelector<HTMLElement>(`[data-entry-id="${CSS.escape(id)}"]`)?.focus(),
			);
		},
		[leaves, selectedRow, selectLeaf],
	);

	if (!session) return null;
	const rows = [];
	for (let i = win.start; i < win.end; i++) {
		const leaf = leaves[i];
		rows.push(
			<LeafRow
				key={leaf.id}
				leaf={leaf}
				selected={i === selectedRow}
				top={virtual ? i * ROW : undefined}
				onSelect={selectLeaf}
			/>,
		);
	}
	return (
		<section className="panel leaf-panel" aria-label="Branch tips">
			<div className="leaf-list__head">
				<h2 className="panel__title">Branch tips ({leaves.length})</h2>
				<TipSortSelect />
			</div>
			<ul
				ref={container}
				className="list leaf-list"
				data-testid="leaf-list"
				data-count={leaves.length}
				onScroll={win.onScroll}
				onKeyDown={onKeyDown}
			>
				{virtual ? (
					<li aria-hidden="true" className="leaf-list__spacer" style={{ height: leaves.length * ROW }} />
				) : null}
				{rows}
			</ul>
		</section>
	);
}
