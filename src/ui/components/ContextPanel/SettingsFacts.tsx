import { Fragment } from "react";
import { entryKind, type SettingSource } from "../../../core";
import { EntryLink } from "../Message/EntryLink";
import { useInspector } from "./inspectorContext";

function Source({ source, what }: { source: SettingSource | null; what: string }) {
	const { entries } = useInspector();
	if (!source) return <span className="muted">default: nothing on the path sets the {what}</span>;
	return (
		<span>
			from <EntryLink id={source.id} /> <span className="muted">({entryKind(entries[source.position])})</span>
			{source.summarized && (
				<span className="ins-badge ins-badge--summarized" title="Settings are read from the whole path">
					in the summarized region: still counts
				</span>
			)}
		</span>
	);
}

/** Model and thinking level of the session context, and the entries they came from; a dialect's extra settings. */
export function SettingsFacts() {
	const { analysis, pipeline, entries } = useInspector();
	const tools = analysis.activeToolsFrom >= 0 ? entries[analysis.activeToolsFrom] : null;
	const names = (tools as { activeToolNames?: unknown } | null)?.activeToolNames;
	const toolNames = Array.isArray(names) ? names.map(String) : [];
	const roles = (analysis.extras?.models ?? []).filter(([role]) => role !== "default");
	const mode = analysis.extras?.mode;
	const model = analysis.model ? `${analysis.model.provider}/${analysis.model.modelId}` : "none";
	return (
		<dl className="msg-facts ins-settings" data-testid="context-settings">
			<dt>model</dt>
			<dd>
				<strong>{model}</strong> <Source source={pipeline.model} what="model" />
			</dd>
			<dt>thinking</dt>
			<dd>
				<strong>{analysis.thinkingLevel}</strong> <Source source={pipeline.thinkingLevel} what="thinking level" />
			</dd>
			{roles.map(([role, m]) => (
				<Fragment key={role}>
					<dt>model ({role})</dt>
					<dd data-testid="context-setting-role">{m}</dd>
				</Fragment>
			))}
			{mode && mode !== "none" && (
				<>
					<dt>mode</dt>
					<dd>{mode}</dd>
				</>
			)}
			{tools && (
				<>
					<dt>active tools</dt>
					<dd data-testid="context-setting-tools">
						<strong>{toolNames.length ? toolNames.join(", ") : "none"}</strong> from <EntryLink id={tools.id} />
					</dd>
				</>
			)}
		</dl>
	);
}
