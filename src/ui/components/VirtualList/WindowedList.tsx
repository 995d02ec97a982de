import {
	type ReactNode,
	startTransition,
	useCallback,
	useEffect,
	useImperativeHandle,
	useLayoutEffect,
	useMemo,
	useRef,
	useState,
} from "react";
import { prefixSums, type Range, visibleRange } from "./layout";
import type { VirtualListProps } from "./types";

/** Scrolls an element (a row) to the middle of its scroll boxes. */
export function centre(el: Element | null | undefined) {
	el?.scrollIntoView({ block: "center" });
}

/** The long-list case of `VirtualList`: its own scroll box, rendering only the rows near view. */
export function WindowedList(props: VirtualListProps) {
	const { count, estimate, renderRow, rowKey, handle, overscan: fullOverscan = 800, className } = props;
	// The first window is the box's visible rows only; the rows above and below it follow in a
	// transition, so a new list (a tip's context) is on screen in one short task. A box out of
	// view (a later stage below the panel's fold) keeps its first window until it comes into view:
	// the inspector's lists do not all grow at once, in one long commit, for rows nobody sees.
	const [overscan, setOverscan] = useState(0);
	const [seen, setSeen] = useState(false);
	const boxRef = useRef<HTMLDivElement>(null);
	useEffect(() => {
		const box = boxRef.current;
		if (!box || typeof IntersectionObserver === "undefined") {
			setSeen(true);
			return;
		}
		const io = new IntersectionObserver((records) => {
			if (records.some((r) => r.isIntersecting)) {
				setSeen(true);
				io.disconnect();
			}
		});
		io.observe(box);
		return () => io.disconnect();
	}, []);
	useEffect(() => {
		if (seen) startTransition(() => setOverscan(fullOverscan));
	}, [seen, fullOverscan]);
	const listRef = useRef<HTMLOListElement>(null);
	const sizes = useRef(new Float64Array(0));
	if (sizes.current.length !== count) {
		const next = new Float64Array(count).fill(estimate);
		next.set(sizes.current.subarray(0, Math.min(count, sizes.current.length)));
		sizes.current = next;
	}
	const [version, setVersion] = useState(0);
	// biome-ignore lint/correctness/useExhaustiveDependencies: `version` marks new measurements in the ref
	const offsets = useMemo(() => prefixSums(sizes.current), [version, count]);
	const offsetsRef = useRef(offsets);
	offsetsRef.current = offsets;
	const [range, setRange] = useState<Range>(() => ({ start: 0, end: Math.min(count, 10) }));
	const pending = useRef<number | null>(null);

	/**
	 * The box's scroll offset and height as last seen by its scroll events and its resize
	 * observer (both read when the layout is up to date): the window is worked out from them
	 * without forcing a layout in the middle of a commit (a new inspector's first layout took 50–100 ms so).
	 */
	// Until its resize observer says, the box is taken to be as tall as its style makes it at most
	// (`.vlist-box`: 65% of the window, up to 720 px).
	const view = useRef({
		top: 0,
		height: typeof window === "undefined" ? 720 : Math.min(720, window.innerHeight * 0.65),
	});
	const update = useCallback(() => {
		const { top, height } = view.current;
		// The first window (no overscan yet) is what shows, with a few rows at least.
		const next = visibleRange(offsets, top - overscan, top + height + overscan, overscan === 0 ? 4 : 10);
		setRange((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
	}, [offsets, overscan]);

	useLayoutEffect(update, [update]);
	useEffect(() => {
		const parent = boxRef.current;
		if (!parent) return;
		let frame = 0;
		const schedule = () => {
			cancelAnimationFrame(frame);
			frame = requestAnimationFrame(update);
		};
		const onScroll = () => {
			view.current.top = parent.scrollTop;
			schedule();
		};
		parent.addEventListener("scroll", onScroll, { passive: true });
		const ro = new ResizeObserver((records) => {
			const last = records[records.length - 1];
			if (last) view.current.height = last.contentRect.height;
			view.current.top = parent.scrollTop;
			schedule();
		});
		ro.observe(parent);
		return () => {
			cancelAnimationFrame(frame);
			parent.removeEventListener("scroll", onScroll);
			ro.disconnect();
		};
	}, [update]);

	const observer = useMemo(
		() =>
			new ResizeObserver((records) => {
				let changed = false;
				for (const r of records) {
					const el = r.target as HTMLElement;
					const i = Number(el.dataset.index);
					const h = r.borderBoxSize?.[0]?.blockSize ?? el.offsetHeight;
					if (i < sizes.current.length && Math.abs(sizes.current[i] - h) > 0.5) {
						sizes.current[i] = h;
						changed = true;
					}
				}
				if (changed) setVersion((v) => v + 1);
			}),
		[],
	);
	useEffect(() => () => observer.disconnect(), [observer]);
	const observe = useCallback(
		(el: HTMLLIElement | null) => {
			if (!el) return;
			observer.observe(el);
			return () => observer.unobserve(el);
		},
		[observer],
	);

	useImperativeHandle(handle, () => ({
		scrollToIndex(index) {
			const box = boxRef.current;
			if (!box || index < 0 || index >= count) return;
			box.scrollTop = offsetsRef.current[index] - box.clientHeight / 3;
			view.current = { top: box.scrollTop, height: box.clientHeight };
			pending.current = index;
			update();
		},
	}));
	// Once the target row is rendered (and measured), centre it precisely.
	useLayoutEffect(() => {
		const index = pending.current;
		if (index === null || index < range.start || index >= range.end) return;
		pending.current = null;
		centre(listRef.current?.querySelector(`:scope > [data-index="${index}"]`));
	});

	const rows: ReactNode[] = [];
	for (let i = range.start; i < Math.min(range.end, count); i++) {
		rows.push(
			<li key={rowKey(i)} ref={observe} className="vlist__row" data-index={i}>
				{renderRow(i)}
			</li>,
		);
	}
	const total = offsets[count];
	const end = Math.min(range.end, count);
	return (
		<div ref={boxRef} className="vlist-box">
			<ol
				ref={listRef}
				className={`vlist vlist--windowed ${className ?? ""}`}
				aria-label={props["aria-label"]}
				start={range.start + 1}
				style={{ paddingTop: offsets[Math.min(range.start, count)], paddingBottom: total - offsets[end] }}
			>
				{rows}
			</ol>
		</div>
	);
}
