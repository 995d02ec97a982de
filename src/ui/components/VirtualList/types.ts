import type { ReactNode, Ref } from "react";

export interface VirtualListHandle {
	/** Scrolls row `index` into view (centred when possible). */
	scrollToIndex(index: number): void;
}

export interface VirtualListProps {
	count: number;
	/** Estimated row height in px, used until a row is measured. */
	estimate: number;
	renderRow(index: number): ReactNode;
	rowKey(index: number): string | number;
	handle?: Ref<VirtualListHandle>;
	/** Lists up to this many rows are rendered in full. */
	threshold?: number;
	/** Extra px rendered above and below the visible part. */
	overscan?: number;
	className?: string;
	"aria-label"?: string;
}
