import { useEffect } from "react";
import {
	type EntryRowView,
	type MessageRowView,
	type PayloadRowView,
	ROW_CHUNK,
	type RowStage,
	type RowView,
} from "../../../core";
import { selectRows, useStore } from "../../../store";

const selectAskRows = (s: { askRows(stage: RowStage, chunk: number): void }) => s.askRows;

/**
 * Row `index` of one of the selected tip's lists: from the store, asked of the reader (a window
 * at a time) when it is not there; undefined while it is read, `{ error }` when it could not be.
 */
function useRow(stage: RowStage, index: number): RowView | { error: string } | undefined {
	const size = ROW_CHUNK[stage];
	const chunk = Math.floor(index / size);
	const window = useStore((s) => selectRows(s, stage, chunk));
	const askRows = useStore(selectAskRows);
	useEffect(() => {
		if (!window) askRows(stage, chunk);
	}, [window, askRows, stage, chunk]);
	if (window?.status === "failed") return { error: window.error };
	return window?.status === "ready" ? window.value.rows[index - chunk * size] : undefined;
}

type Got<T> = T | { error: string } | undefined;

export function useEntryRow(stage: "path" | "entries", index: number): Got<EntryRowView> {
	const row = useRow(stage, index);
	if (row === undefined || "error" in row) return row;
	return row.row === "entry" ? row : undefined;
}

export function useMessageRow(index: number): Got<MessageRowView> {
	const row = useRow("messages", index);
	if (row === undefined || "error" in row) return row;
	return row.row === "message" ? row : undefined;
}

export function usePayloadRow(index: number): Got<PayloadRowView> {
	const row = useRow("payload", index);
	if (row === undefined || "error" in row) return row;
	return row.row === "payload" ? row : undefined;
}
