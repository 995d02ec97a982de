import { parseExampleIndex } from "../../core";
import type { TeachActions, TeachState } from "../teachTypes";
import type { GetStore, SetStore } from "../types";

export const initialTeachState: TeachState = {
	examples: null,
	examplesError: null,
	galleryOpen: false,
	exampleLoading: null,
	lessons: new Map(),
	explainStep: null,
	compare: null,
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Reads a file of the examples folder next to the page (relative: works from any sub-folder). */
async function fetchExample(name: string): Promise<Response> {
	const response = await fetch(`examples/${encodeURIComponent(name)}`);
	if (!response.ok) throw new Error(`the server answered ${response.status}`);
	return response;
}

export function createTeachSlice(set: SetStore, get: GetStore): TeachActions {
	return {
		async loadExamples() {
			if (get().examples) return;
			try {
				const examples = parseExampleIndex(await (await fetchExample("index.json")).json());
				set({ examples, examplesError: null });
			} catch (err) {
				set({ examples: [], examplesError: `The examples could not be listed: ${errorText(err)}` });
			}
		},

		async openExample(file) {
			const example = get().examples?.find((e) => e.file === file);
			if (!example || get().exampleLoading) return;
			set({ exampleLoading: file, examplesError: null });
			try {
				const text = await (await fetchExample(file)).text();
				// Through the normal load path: parsed in the worker and stored like a dropped file.
				await get().loadFiles([new File([text], file, { type: "application/jsonl" })]);
				const session = get().session;
				if (!session || session.fileName !== file) return; // the load slice reports why
				if (example.leaf) {
					const [at] = await session.reader.locate([example.leaf]).catch(() => [-1]);
					if (at >= 0) get().selectLeaf(example.leaf);
				}
				get().focusEntry(null);
				set((s) => ({
					lessons: new Map(s.lessons).set(session.key, example),
					galleryOpen: false,
					compare: null,
					explainStep: null,
				}));
			} catch (err) {
				set({ examplesError: `The example ${file} could not be opened: ${errorText(err)}` });
			} finally {
				set({ exampleLoading: null });
			}
		},

		setGalleryOpen(open) {
			set(open ? { galleryOpen: true, compare: null, explainStep: null } : { galleryOpen: false });
		},

		dismissLesson(key) {
			if (!get().lessons.has(key)) return;
			const rest = new Map(get().lessons);
			rest.delete(key);
			set({ lessons: rest });
		},

		setExplainStep(step) {
			set(step === null ? { explainStep: null } : { explainStep: step, compare: null, galleryOpen: false });
			if (step !== null) get().askExplanation();
		},

		setCompare(tips) {
			set(tips ? { compare: tips, explainStep: null, galleryOpen: false } : { compare: null });
			if (tips) get().askComparison();
		},
	};
}
