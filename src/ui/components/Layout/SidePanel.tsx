import type { ReactNode } from "react";
import { type SidePanel as Side, type Store, useStore } from "../../../store";
import { PanelResizer } from "./PanelResizer";

interface Props {
	panel: Side;
	label: string;
	/** The narrow one-column layout: no resizing or collapsing, full width. */
	narrow: boolean;
	children: ReactNode;
}

const selectToggle = (s: Store) => s.togglePanel;

/** A side column of the page: collapsible to a thin rail and resizable at its inner edge. */
export function SidePanel({ panel, label, narrow, children }: Props) {
	const view = useStore((s) => s.view);
	const toggle = useStore(selectToggle);
	const collapsed = !narrow && (panel === "sidebar" ? view.sidebarCollapsed : view.inspectorCollapsed);
	const width = panel === "sidebar" ? view.sidebarWidth : view.inspectorWidth;
	const arrow = (panel === "sidebar") === collapsed ? "»" : "«";
	return (
		<aside
			className={`side-panel ${panel}${collapsed ? " is-collapsed" : ""}`}
			aria-label={label}
			data-testid={`${panel}-panel`}
			data-collapsed={collapsed || undefined}
		>
			{!narrow && (
				<button
					type="button"
					className="side-panel__toggle"
					data-testid={`${panel}-toggle`}
					aria-expanded={!collapsed}
					aria-label={`${collapsed ? "Show" : "Hide"} ${label.toLowerCase()}`}
					title={`${collapsed ? "Show" : "Hide"} ${label.toLowerCase()}`}
					onClick={() => toggle(panel)}
				>
					<span aria-hidden="true">{arrow}</span>
				</button>
			)}
			<div className="side-panel__body" hidden={collapsed}>
				{children}
			</div>
			{!narrow && !collapsed && <PanelResizer panel={panel} width={width} label={`Resize ${label.toLowerCase()}`} />}
		</aside>
	);
}
