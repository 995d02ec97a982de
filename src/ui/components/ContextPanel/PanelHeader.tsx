import { formatCount } from "../Message/fields";
import { MeasuredTokens } from "../Tokens/MeasuredTokens";
import { useInspector } from "./inspectorContext";

/** Which leaf, the size of each stage and the token estimate next to the compaction's measure. */
export function PanelHeader({ isCurrentLeaf, offPath }: { isCurrentLeaf: boolean; offPath: string | null }) {
	const { summary } = useInspector();
	const { leafId, compaction, tokens, measured } = summary;
	return (
		<header className="ins-header">
			<h2 className="panel__title">
				Context for {leafId !== null ? <code className="ins-header__leaf">{leafId}</code> : "the empty path"}
				{isCurrentLeaf && <span className="badge">current leaf</span>}
			</h2>
			<p className="ins-tokens-line" data-testid="context-tokens">
				≈<strong>{formatCount(tokens.payload)}</strong> tokens sent (estimate: characters ÷ 4, images 1,200)
				{compaction && (
					<>
						{" "}
						· compaction <code>{compaction.id}</code> measured <strong>{formatCount(compaction.tokensBefore)}</strong>{" "}
						tokens before compacting
					</>
				)}
			</p>
			<p className="ins-tokens-line">
				<MeasuredTokens estimate={tokens.payload} measured={measured} />
			</p>
			{offPath && (
				<p className="ins-note" data-testid="focus-off-path">
					Entry <code>{offPath}</code> is not on this leaf's path: select a leaf below it to see its context.
				</p>
			)}
		</header>
	);
}
