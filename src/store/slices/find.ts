import type { FindActions, FindState, GetStore, SetStore } from "../types";

export const initialFindState: FindState = { findQuery: "", findFilter: "default", findHits: [] };

export function createFindSlice(set: SetStore, _get: GetStore): FindActions {
	return {
		setFindQuery(findQuery) {
			set({ findQuery });
		},
		setFindFilter(findFilter) {
			set({ findFilter });
		},
	};
}
