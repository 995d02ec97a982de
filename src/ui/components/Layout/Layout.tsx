import type { CSSProperties, ReactNode } from "react";
import { type Store, useStore } from "../../../store";
import { useNarrow } from "../../hooks/useNarrow";
import { SidePanel } from "./SidePanel";
import "./Layout.css";

interface Props {
	sidebar: ReactNode;
	centre: ReactNode;
	inspector: ReactNode;
}

/** Collapsed side panels keep a rail this wide (CSS px) for their toggle. */
const RAIL = 28;

const selectView = (s: Store) => s.view;
const selectHasSession = (s: Store) => s.session !== null;
const selectCompare = (s: Store) => s.compare !== null;
const selectGallery = (s: Store) => s.galleryOpen;
const selectNarrowGraph = (s: Store) => s.narrowGraph;

/**
 * The page below the toolbar: sidebar, centre (graph, compare, gallery) and inspector. Wide: three
 * columns, the side ones resizable and collapsible, the centre never under half the width (see
 * Layout.css). Compare takes the inspector's place. Narrow (under 700 px): one column — tips, then
 * the context, or the centre alone when the toolbar's toggle asks for the graph.
 */
export function Layout({ sidebar, centre, inspector }: Props) {
	const view = useStore(selectView);
	const hasSession = useStore(selectHasSession);
	const compare = useStore(selectCompare);
	const gallery = useStore(selectGallery);
	const narrowGraph = useStore(selectNarrowGraph);
	const narrow = useNarrow();
	const showInspector = hasSession && !compare;
	const centreOnly = narrow && hasSession && (narrowGraph || compare || gallery);
	const listsOnly = narrow && hasSession && !centreOnly;
	const style = {
		"--sidebar-w": `${view.sidebarCollapsed ? RAIL : view.sidebarWidth}px`,
		"--inspector-w": `${showInspector ? (view.inspectorCollapsed ? RAIL : view.inspectorWidth) : 0}px`,
	} as CSSProperties;
	const className = [
		"layout",
		narrow ? "layout--narrow" : "",
		centreOnly ? "layout--centre" : "",
		listsOnly ? "layout--lists" : "",
		narrow && !hasSession ? "layout--welcome" : "",
		showInspector ? "" : "layout--no-inspector",
	]
		.filter(Boolean)
		.join(" ");
	return (
		<main className={className} style={style} data-testid="layout">
			<SidePanel panel="sidebar" label="Library and branch tips" narrow={narrow}>
				{sidebar}
			</SidePanel>
			{centre}
			{showInspector && (
				<SidePanel panel="inspector" label="Context inspector" narrow={narrow}>
					{inspector}
				</SidePanel>
			)}
		</main>
	);
}
