import type { ExampleInfo, LabAddition, SessionEntry } from "../core";
import type { OpenSession } from "./sessionTypes";

export type { ExampleInfo, LabAddition };

/** Which two tips the compare view shows (ids; null = the file's current leaf). */
export interface CompareTips {
	a: string | null;
	b: string | null;
}

export interface TeachState {
	/** The gallery's examples; null until `index.json` has been read. */
	examples: ExampleInfo[] | null;
	/** Why the examples could not be listed or one could not be opened. */
	examplesError: string | null;
	/** The gallery is shown in the centre although a session is open. */
	galleryOpen: boolean;
	/** The example file being fetched, for a busy state. */
	exampleLoading: string | null;
	/** Lessons by library key: the example a session was opened from, shown beside it. */
	lessons: ReadonlyMap<string, ExampleInfo>;
	/** The explainer's step index, null when it is off. */
	explainStep: number | null;
	/** The compare view's tips, null when it is closed. */
	compare: CompareTips | null;
}

export interface TeachActions {
	/** Reads `examples/index.json` next to the page (once). */
	loadExamples(): Promise<void>;
	/** Fetches `examples/<file>`, loads it like a dropped file, selects its leaf and shows its lesson. */
	openExample(file: string): Promise<void>;
	setGalleryOpen(open: boolean): void;
	dismissLesson(key: string): void;
	/** Starts the explainer at `step` (0 by default); null stops it. */
	setExplainStep(step: number | null): void;
	/** Opens the compare view (null closes it). */
	setCompare(tips: CompareTips | null): void;
}

/** A what-if lab: a scratch copy of the open session, entries appended (never stored). */
export interface LabSession {
	/** The session the lab copied; shown again when the lab is left. */
	original: OpenSession;
	originalLeafId: string | null;
	/** Library key of the scratch copy (`lab:<original key>`). */
	key: string;
	/** The entries added in the lab, oldest first: the copy is the original with these after its own. */
	added: SessionEntry[];
	/** Per addition, the leaf that was selected before it (for undo). */
	selectedBefore: (string | null)[];
}

export interface LabState {
	lab: LabSession | null;
	/** Why the last lab action failed. */
	labError: string | null;
}

export interface LabActions {
	/** Replaces the open session with a scratch copy (the stored original is never changed). */
	enterLab(): void;
	/** Appends `addition` under `parentId` in the scratch copy and selects it as the leaf. */
	labAppend(parentId: string, addition: LabAddition): void;
	/** Takes back the last addition. */
	labUndo(): void;
	/** Downloads the scratch copy as JSONL. */
	exportLab(): void;
	/** Shows the original session again, with the leaf it had. */
	leaveLab(): void;
}
