import { useMemo } from "react";
import { convertToLlm, entryPreview } from "../../../core";
import { useAnalysis, useSessionIndex } from "../../hooks/useSession";

/** The builder's pipeline for the selected leaf: entries with their fate, then the provider payload. */
export function ContextPanel() {
	const { session } = useSessionIndex();
	const analysis = useAnalysis();
	const llm = useMemo(() => (analysis ? convertToLlm(analysis.messages) : []), [analysis]);
	if (!session || !analysis) return null;
	const fateById = new Map(analysis.fates.map((f) => [f.id, f]));
	return (
		<section
			className="panel context-panel"
			data-testid="context-panel"
			data-count={`${analysis.selected.length},${llm.length}`}
			aria-label="Context"
		>
			<h2 className="panel__title">Context for {analysis.leaf >= 0 ? session.entries[analysis.leaf].id : "(empty)"}</h2>
			<h3>Entries the builder reads ({analysis.selected.length})</h3>
			<ol className="list">
				{analysis.selected.map((e) => (
					<li key={e.id} data-testid="context-entry" data-entry-id={e.id}>
						<code>{e.id}</code> {entryPreview(e, 80)}
						<div className="muted small">{fateById.get(e.id)?.reason}</div>
					</li>
				))}
			</ol>
			<h3>Provider messages ({llm.length})</h3>
			<ol className="list">
				{llm.map((m, i) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: messages have no ids
					<li key={i} data-testid="llm-message" data-role={m.role}>
						<strong>{m.role}</strong>
					</li>
				))}
			</ol>
		</section>
	);
}
