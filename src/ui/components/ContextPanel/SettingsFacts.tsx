import { Fragment } from "react";
import type { SettingView } from "../../../core";
import { EntryLink } from "../Message/EntryLink";
import { useInspector } from "./inspectorContext";

function Source({ source, what }: { source: SettingView | null; what: string }) {
	if (!source) return <span className="muted">default: nothing on the path sets the {what}</span>;
	return (
		<span>
			from <EntryLink id={source.id} /> <span className="muted">({source.kind})</span>
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
	const { settings } = useInspector().summary;
	return (
		<dl className="msg-facts ins-settings" data-testid="context-settings">
			<dt>model</dt>
			<dd>
				<strong>{settings.model}</strong> <Source source={settings.modelFrom} what="model" />
			</dd>
			<dt>thinking</dt>
			<dd>
				<strong>{settings.thinkingLevel}</strong> <Source source={settings.thinkingFrom} what="thinking level" />
			</dd>
			{settings.roles.map(([role, m]) => (
				<Fragment key={role}>
					<dt>model ({role})</dt>
					<dd data-testid="context-setting-role">{m}</dd>
				</Fragment>
			))}
			{settings.mode && (
				<>
					<dt>mode</dt>
					<dd>{settings.mode}</dd>
				</>
			)}
			{settings.tools && (
				<>
					<dt>active tools</dt>
					<dd data-testid="context-setting-tools">
						<strong>{settings.tools.names.length ? settings.tools.names.join(", ") : "none"}</strong> from{" "}
						<EntryLink id={settings.tools.id} />
					</dd>
				</>
			)}
		</dl>
	);
}
