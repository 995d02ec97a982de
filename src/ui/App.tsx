import { useEffect } from "react";
import { useStore } from "../store";
import { ContextPanel } from "./components/ContextPanel/ContextPanel";
import { Diagnostics } from "./components/Diagnostics/Diagnostics";
import { DropZone } from "./components/DropZone/DropZone";
import { Find } from "./components/Find/Find";
import { CentreColumn } from "./components/Gallery/CentreColumn";
import { LeafList } from "./components/LeafList/LeafList";
import { Library } from "./components/Library/Library";
import { LoadStatus } from "./components/LoadStatus/LoadStatus";
import { SearchAll } from "./components/SearchAll/SearchAll";
import { Toolbar } from "./components/Toolbar/Toolbar";
import { useUrlSync } from "./hooks/useUrlSync";

export function App() {
	const refreshLibrary = useStore((s) => s.refreshLibrary);
	useEffect(() => {
		void refreshLibrary();
	}, [refreshLibrary]);
	useUrlSync();
	return (
		<DropZone>
			<div className="app">
				<Toolbar />
				<LoadStatus />
				<main className="layout">
					<aside className="sidebar">
						<Library />
						<SearchAll />
						<Find />
						<LeafList />
						<Diagnostics />
					</aside>
					<CentreColumn />
					<aside className="inspector">
						<ContextPanel />
					</aside>
				</main>
			</div>
		</DropZone>
	);
}
