import { comparePayloads, type TipComparison, tipPayload } from "./compare";
import { analyzeLazily, type LazySession, measuredLazily } from "./lazyContext";

/**
 * `compareTips` in a lazy session (a large file's, held by the parse worker): each tip's context
 * is worked out by `analyzeLazily`, reading whole only the entries its builder needs, so the
 * comparison is the one `compareTips` gives on the full entries; with what the provider measured
 * for each tip (the page holds too few entries to find it).
 */
export async function compareLazily(
	session: LazySession,
	leafA: string | null,
	leafB: string | null,
): Promise<TipComparison> {
	const a = await analyzeLazily(session, leafA);
	// The same tip twice is worked out once.
	const b = leafB === leafA ? a : await analyzeLazily(session, leafB);
	const measuredA = await measuredLazily(session, a.analysis.leaf);
	const measuredB = leafB === leafA ? measuredA : await measuredLazily(session, b.analysis.leaf);
	return {
		...comparePayloads(session.index, tipPayload(leafA, a.analysis.messages), tipPayload(leafB, b.analysis.messages)),
		measured: { a: measuredA, b: measuredB },
	};
}
