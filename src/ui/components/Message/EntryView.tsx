import type { ReactNode } from "react";
import { entryKind, type SessionEntry } from "../../../core";
import { KIND_ICON, KIND_LABEL } from "../Graph/kinds";
import { CompactionView } from "./CompactionView";
import { ContentBlocks } from "./ContentBlocks";
import { CustomView } from "./CustomView";
import { EntryLink } from "./EntryLink";
import { FieldList } from "./FieldList";
import { formatTime, isRecord, str } from "./fields";
import { JsonView, RawJson } from "./JsonView";
import { MarkdownText } from "./Markdown";
import { MessageView } from "./MessageView";
import { V4Records } from "./V4Records";
import "./Message.css";

/** Any session entry rendered in full, followed by its raw JSON. */
export function EntryView({ entry }: { entry: SessionEntry }) {
	const e = entry as unknown as Record<string, unknown>;
	return (
		<div className="entry-view" data-testid="entry-view" data-entry-id={entry.id}>
			<div className="entry-view__head">
				<span className="msg-tag msg-tag--plain" title={KIND_LABEL[entryKind(entry)]}>
					<span aria-hidden="true" data-testid="entry-kind-icon">
						{KIND_ICON[entryKind(entry)]}
					</span>{" "}
					{str(e.type, "(no type)")}
				</span>
				<code className="msg-id">{entry.id}</code>
				<span className="msg-meta">{formatTime(e.timestamp)}</span>
				{entry.parentId && (
					<span className="msg-meta">
						parent <EntryLink id={entry.parentId} />
					</span>
				)}
			</div>
			<EntryBody e={e} />
			{Array.isArray(e.v4Records) && <V4Records records={e.v4Records} />}
			<RawJson value={entry} />
		</div>
	);
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
	return (
		<dl className="msg-facts">
			<dt>{name}</dt>
			<dd>{children}</dd>
		</dl>
	);
}

function EntryBody({ e }: { e: Record<string, unknown> }) {
	switch (e.type) {
		case "message":
			return <MessageView message={e.message} />;
		case "compaction":
			return <CompactionView entry={e} />;
		case "branch_summary":
			return (
				<div className="msg msg--summary">
					<Fact name="summarizes the branch left at">
						<EntryLink id={str(e.fromId)} />
					</Fact>
					{str(e.summary) ? (
						<MarkdownText text={str(e.summary)} />
					) : (
						<p className="msg-empty">(empty: sends nothing)</p>
					)}
				</div>
			);
		case "custom_message":
			return <CustomView m={e} />;
		case "custom":
			return (
				<div className="msg msg--custom">
					<Fact name="extension state">{str(e.customType, "(no type)")} (never sent to the model)</Fact>
					{e.data !== undefined && <JsonView value={e.data} />}
				</div>
			);
		case "context_edit":
			return (
				<div className="msg">
					<Fact name="edits">
						<EntryLink id={str(e.targetId)} />
					</Fact>
					{isRecord(e.replacement) ? (
						<ContentBlocks content={e.replacement.content} mode="markdown" />
					) : (
						<p className="msg-empty">replacement: null — the target sends no message</p>
					)}
				</div>
			);
		case "model_change":
			return typeof e.model === "string" ? (
				<Fact name={`model (${str(e.role, "default")} role)`}>{e.model}</Fact>
			) : (
				<Fact name="model">
					{str(e.provider, "?")}/{str(e.modelId, "?")}
				</Fact>
			);
		case "leaf":
			return (
				<Fact name="moves the current leaf to">
					{typeof e.targetId === "string" ? <EntryLink id={e.targetId} /> : "(before the first entry)"}
				</Fact>
			);
		case "active_tools_change":
			return (
				<Fact name="active tools">
					{Array.isArray(e.activeToolNames) ? e.activeToolNames.map(String).join(", ") || "(none)" : "?"}
				</Fact>
			);
		case "reset_boundary":
			return <FieldList e={e} note="/clear: oh-my-pi's context starts after the latest one" />;
		case "mode_change":
		case "title_change":
		case "model_usage":
		case "service_tier_change":
		case "ttsr_injection":
		case "credential_pin":
		case "session_init":
			return <FieldList e={e} note="oh-my-pi entry: never sent to the model" />;
		case "thinking_level_change":
			return <Fact name="thinking level">{str(e.thinkingLevel, "(none)")}</Fact>;
		case "label":
			return (
				<Fact name="label">
					<EntryLink id={str(e.targetId)} /> {typeof e.label === "string" && e.label ? `“${e.label}”` : "(cleared)"}
				</Fact>
			);
		case "session_info":
			return <Fact name="session name">{str(e.name, "(none)")}</Fact>;
		case "usage":
			return (
				<div className="msg">
					<Fact name={str(e.kind, "usage")}>
						{str(e.provider, "?")}/{str(e.model, "?")} {str(e.note)}
					</Fact>
					<JsonView value={e.usage} />
				</div>
			);
		default:
			return (
				<p className="msg-alert msg-alert--warn">
					Unknown entry type {JSON.stringify(str(e.type, String(e.type)))}: kept and shown, never sent.
				</p>
			);
	}
}
