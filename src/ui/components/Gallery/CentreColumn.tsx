import { type Store, useStore } from "../../../store";
import { ComparePanel } from "../Compare/ComparePanel";
import { ExplainerPanel } from "../Explainer/ExplainerPanel";
import { Graph } from "../Graph/Graph";
import { LabBanner } from "../Lab/LabBanner";
import { LabPanel } from "../Lab/LabPanel";
import { SessionCard } from "../Library/SessionCard";
import { Gallery } from "./Gallery";
import { LessonCard } from "./LessonCard";
import "./Gallery.css";

const selectView = (s: Store) =>
	!s.session || s.galleryOpen ? "gallery" : s.compare ? "compare" : ("graph" as "gallery" | "compare" | "graph");

/**
 * The centre of the page: the gallery when nothing is open (or asked for), else the graph or the
 * tip comparison, under the lab's banner and tools, the example's lesson and the explainer.
 */
export function CentreColumn() {
	const view = useStore(selectView);
	return (
		<section className="centre" aria-label="Session">
			{view === "gallery" ? (
				<Gallery />
			) : (
				<>
					<SessionCard />
					<div className="centre__top">
						<LabBanner />
						<LessonCard />
						<ExplainerPanel />
						<LabPanel />
					</div>
					{view === "compare" ? <ComparePanel /> : <Graph />}
				</>
			)}
		</section>
	);
}
