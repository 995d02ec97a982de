import { useEffect } from "react";
import { type Store, useStore } from "../../../store";
import { GalleryCard } from "./GalleryCard";
import "./Gallery.css";

const selectExamples = (s: Store) => s.examples;
const selectError = (s: Store) => s.examplesError;
const selectLoading = (s: Store) => s.exampleLoading;
const selectLoad = (s: Store) => s.loadExamples;
const selectOpen = (s: Store) => s.openExample;
const selectClose = (s: Store) => s.setGalleryOpen;
const selectSessionName = (s: Store) => s.session?.fileName ?? null;
const selectHasLibrary = (s: Store) => s.library.length > 0;

/** The example sessions, one rule each: the welcome screen, and one click away from the toolbar. */
export function Gallery() {
	const examples = useStore(selectExamples);
	const error = useStore(selectError);
	const loading = useStore(selectLoading);
	const loadExamples = useStore(selectLoad);
	const openExample = useStore(selectOpen);
	const close = useStore(selectClose);
	const sessionName = useStore(selectSessionName);
	const hasLibrary = useStore(selectHasLibrary);
	useEffect(() => {
		void loadExamples();
	}, [loadExamples]);
	return (
		<section className="gallery" data-testid="gallery" aria-labelledby="gallery-title">
			<header className="gallery__head">
				<div>
					<h2 className="gallery__title" id="gallery-title">
						Learn how pi builds the context
					</h2>
					<p className="gallery__intro">
						Each example is a small session that shows one rule of compaction, branching or conversion. Open one: it is
						stored in your library like a file you drop, and its rule stays beside the graph.
						{hasLibrary ? " Your own sessions are in the library on the left." : " Or open your own .jsonl files."}
					</p>
				</div>
				{sessionName && (
					<button type="button" className="button" data-testid="gallery-close" onClick={() => close(false)}>
						Back to {sessionName}
					</button>
				)}
			</header>
			{error && (
				<p className="load-error" role="alert" data-testid="gallery-error">
					{error}
				</p>
			)}
			{examples === null ? (
				<p className="muted">Loading the examples…</p>
			) : (
				<ol className="gallery__grid">
					{examples.map((example, i) => (
						<GalleryCard
							key={example.file}
							example={example}
							number={i + 1}
							busy={loading === example.file}
							disabled={loading !== null}
							onOpen={openExample}
						/>
					))}
				</ol>
			)}
		</section>
	);
}
