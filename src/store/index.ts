import { create } from "zustand";
import { createAppUpdateSlice, initialAppUpdateState } from "./slices/appUpdate";
import { createFindSlice, initialFindState } from "./slices/find";
import { createFollowSlice, initialFollowState } from "./slices/follow";
import { createImportSlice, initialImportState } from "./slices/importBatch";
import { createLabSlice, initialLabState } from "./slices/lab";
import { createLibrarySlice, initialLibraryState } from "./slices/library";
import { createLinkedFolderSlice, initialLinkedFolderState } from "./slices/linkedFolder";
import { createLoadSlice, initialLoadState } from "./slices/load";
import { createSearchSlice, initialSearchState } from "./slices/search";
import { createSessionSlice, initialSessionState } from "./slices/session";
import { createShareSlice, initialShareState } from "./slices/share";
import { createTeachSlice, initialTeachState } from "./slices/teach";
import { createViewSlice, initialViewState } from "./slices/view";
import type { State, Store } from "./types";

export type * from "./liveTypes";
export type * from "./teachTypes";
export type * from "./types";
export type * from "./viewTypes";

/** The state a fresh page starts with (tests reset the store to it). */
export const initialState: State = {
	...initialLibraryState,
	...initialLoadState,
	...initialSessionState,
	...initialFindState,
	...initialShareState,
	...initialTeachState,
	...initialLabState,
	...initialImportState,
	...initialSearchState,
	...initialViewState,
	...initialAppUpdateState,
	...initialLinkedFolderState,
	...initialFollowState,
};

/** The one store: slices over shared state; actions own the side effects. */
export const useStore = create<Store>()((set, get) => ({
	...initialState,
	...createLibrarySlice(set, get),
	...createLoadSlice(set, get),
	...createSessionSlice(set, get),
	...createFindSlice(set, get),
	...createShareSlice(set, get),
	...createTeachSlice(set, get),
	...createLabSlice(set, get),
	...createImportSlice(set, get),
	...createSearchSlice(set, get),
	...createViewSlice(set, get),
	...createAppUpdateSlice(set),
	...createLinkedFolderSlice(set, get),
	...createFollowSlice(set, get),
}));
export * from "./selectors";
export { COMPARE_CHUNK } from "./slices/session";
