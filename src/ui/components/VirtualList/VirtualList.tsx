import { type ReactNode, useImperativeHandle, useRef } from "react";
import type { VirtualListProps } from "./types";
import { centre, WindowedList } from "./WindowedList";
import "./VirtualList.css";

/**
 * Rows rendered in full by default: a screen or two of rows. A tip's context of 130 entries and
 * as many messages rendered in full is 7,000 elements, laid out in one long task.
 */
const FULL_UP_TO = 60;

/**
 * A list of rows of any height. Up to `threshold` rows it renders them all, in the page flow.
 * Longer lists get their own scroll box and render only the rows near its visible part (rows
 * keep their order; heights are measured as rows render), so 100k rows stay smooth.
 */
export function VirtualList(props: VirtualListProps) {
	return props.count > (props.threshold ?? FULL_UP_TO) ? <WindowedList {...props} /> : <FullList {...props} />;
}

function FullList({ count, renderRow, rowKey, handle, className, ...rest }: VirtualListProps) {
	const ref = useRef<HTMLOListElement>(null);
	useImperativeHandle(handle, () => ({
		scrollToIndex: (index) => centre(ref.current?.querySelector(`:scope > [data-index="${index}"]`)),
	}));
	const rows: ReactNode[] = [];
	for (let i = 0; i < count; i++) {
		rows.push(
			<li key={rowKey(i)} className="vlist__row" data-index={i}>
				{renderRow(i)}
			</li>,
		);
	}
	return (
		<ol ref={ref} className={`vlist ${className ?? ""}`} aria-label={rest["aria-label"]}>
			{rows}
		</ol>
	);
}

export type { VirtualListHandle, VirtualListProps } from "./types";
