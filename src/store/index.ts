import { create } from "zustand";
import { createFindSlice, initialFindState } from "./slices/find";
import { createImportSlice, initialImportState } from "./slices/importBatch";
import { createLibrarySlice, initialLibraryState } from "./slices/library";
import { createLoadSlice, initialLoadState } from "./slices/load";
import { createSearchSlice, initialSearchState } from "./slices/search";
import { createSessionSlice, initialSessionState } from "./slices/session";
import type { State, Store } from "./types";

export type * from "./types";

/** The state a fresh page starts with (tests reset the store to it). */
export const initialState: State = {
	...initialLibraryState,
	...initialLoadState,
	...initialSessionState,
	...initialFindState,
	...initialImportState,
	...initialSearchState,
};

/** The one store: slices over shared state; actions own the side effects. */
export const useStore = create<Store>()((set, get) => ({
	...initialState,
	...createLibrarySlice(set, get),
	...createLoadSlice(set, get),
	...createSessionSlice(set, get),
	...createFindSlice(set, get),
	...createImportSlice(set, get),
	...createSearchSlice(set, get),
}));
