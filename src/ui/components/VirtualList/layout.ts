/** Row geometry of a virtual list: pure, so it is tested in Node. */

/** `offsets[i]` is the top of row `i`; `offsets[n]` is the total height. */
export function prefixSums(sizes: ArrayLike<number>): Float64Array {
	const offsets = new Float64Array(sizes.length + 1);
	for (let i = 0; i < sizes.length; i++) offsets[i + 1] = offsets[i] + sizes[i];
	return offsets;
}

/** The row containing `y` (clamped to the rows; 0 for an empty list). Binary search. */
export function indexAt(offsets: Float64Array, y: number): number {
	const n = offsets.length - 1;
	if (n <= 0) return 0;
	let lo = 0;
	let hi = n - 1;
	while (lo < hi) {
		const mid = (lo + hi + 1) >> 1;
		if (offsets[mid] <= y) lo = mid;
		else hi = mid - 1;
	}
	return lo;
}

export interface Range {
	start: number;
	/** Exclusive. */
	end: number;
}

/**
 * Rows intersecting `[top, bottom]` (list coordinates, overscan already applied); at least
 * `min` rows when the list is off screen, so something is always rendered.
 */
export function visibleRange(offsets: Float64Array, top: number, bottom: number, min = 1): Range {
	const n = offsets.length - 1;
	if (n <= 0) return { start: 0, end: 0 };
	const total = offsets[n];
	const start = indexAt(offsets, Math.min(Math.max(top, 0), total));
	let end = indexAt(offsets, Math.min(Math.max(bottom, 0), total)) + 1;
	if (end - start < min) end = Math.min(n, start + min);
	return { start, end };
}
