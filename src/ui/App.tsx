import { useEffect } from "react";
import { useStore } from "../store";
import { UpdateBanner } from "./components/AppUpdate/UpdateBanner";
import { ContextPanel } from "./components/ContextPanel/ContextPanel";
import { Diagnostics } from "./components/Diagnostics/Diagnostics";
import { DropZone } from "./components/DropZone/DropZone";
import { Find } from "./components/Find/Find";
import { CentreColumn } from "./components/Gallery/CentreColumn";
import { Layout } from "./components/Layout/Layout";
import { LeafList } from "./components/LeafList/LeafList";
import { Library } from "./components/Library/Library";
import { LoadStatus } from "./components/LoadStatus/LoadStatus";
import { PanelBoundary } from "./components/PanelBoundary/PanelBoundary";
import { SearchAll } from "./components/SearchAll/SearchAll";
import { ShortcutsOverlay } from "./components/Shortcuts/ShortcutsOverlay";
import { Toolbar } from "./components/Toolbar/Toolbar";
import { useApplyTheme } from "./hooks/useTheme";
import { useUrlSync } from "./hooks/useUrlSync";

export function App() {
	const refreshLibrary = useStore((s) => s.refreshLibrary);
	const followOtherTabs = useStore((s) => s.followOtherTabs);
	useEffect(() => {
		void refreshLibrary();
	}, [refreshLibrary]);
	useEffect(() => followOtherTabs(), [followOtherTabs]);
	const restoreLinkedFolder = useStore((s) => s.restoreLinkedFolder);
	useEffect(() => void restoreLinkedFolder(), [restoreLinkedFolder]);
	useUrlSync();
	useApplyTheme();
	// A panel that fails to render says so in its place; another session gives it a fresh start.
	const key = useStore((s) => s.session?.key ?? null);
	return (
		<DropZone>
			<div className="app">
				<PanelBoundary name="toolbar">
					<Toolbar />
				</PanelBoundary>
				<LoadStatus />
				<UpdateBanner />
				<Layout
					sidebar={
						<>
							<PanelBoundary name="library">
								<Library />
							</PanelBoundary>
							<PanelBoundary name="search" resetKey={key}>
								<SearchAll />
								<Find />
							</PanelBoundary>
							<PanelBoundary name="branch tips" resetKey={key}>
								<LeafList />
							</PanelBoundary>
							{/* The checks run in the session's worker: the panel says while they do. */}
							<PanelBoundary name="diagnostics" resetKey={key}>
								<Diagnostics />
							</PanelBoundary>
						</>
					}
					centre={
						<PanelBoundary name="graph" resetKey={key}>
							<CentreColumn />
						</PanelBoundary>
					}
					inspector={
						<PanelBoundary name="context" resetKey={key}>
							<ContextPanel />
						</PanelBoundary>
					}
				/>
				<ShortcutsOverlay />
			</div>
		</DropZone>
	);
}
