import { describeDialect } from "../../../core";
import { type Store, useStore } from "../../../store";
import { formatDate } from "./format";
import { LineageLinks } from "./LineageLinks";
import "./SessionCard.css";

const selectSession = (s: Store) => s.session;
const selectLibrary = (s: Store) => s.library;

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/**
 * A strip above the graph with the open session's header: id, working directory, version, when
 * it started, the source it was forked from (`parentSession`), and links along its fork lineage.
 */
export function SessionCard() {
	const session = useStore(selectSession);
	const library = useStore(selectLibrary);
	if (!session) return null;
	const h = session.header;
	const id = text(h?.id);
	const cwd = text(h?.cwd);
	const created = text(h?.timestamp);
	const parentSession = text(h?.parentSession);
	// Codex records its system prompt (`base_instructions`); shown as text, never as markup.
	const instructions = text(h?.instructions);
	const agentVersion = text(h?.agentVersion);
	const meta = library.find((m) => m.id === session.key);
	const name = meta ? meta.displayName || meta.title : session.fileName;
	return (
		<section
			className="session-card"
			data-testid="session-header"
			data-session-id={session.key}
			aria-label="Session header"
		>
			<div className="session-card__name" title={session.fileName}>
				{name}
			</div>
			<dl className="session-card__facts">
				<div>
					<dt>id</dt>
					<dd data-testid="session-header-id" className="session-card__mono" title={id}>
						{id ?? <span className="muted">none (no header)</span>}
					</dd>
				</div>
				<div>
					<dt>cwd</dt>
					<dd data-testid="session-header-cwd" className="session-card__mono" title={cwd}>
						{cwd ?? <span className="muted">none</span>}
					</dd>
				</div>
				{/* Another agent's file has its own version (shown below as what wrote it), not pi's format's. */}
				{!agentVersion && (
					<div>
						<dt>version</dt>
						<dd data-testid="session-header-version">
							{session.version}
							{session.migrated ? <span className="muted"> (migrated to 3)</span> : null}
						</dd>
					</div>
				)}
				<div>
					<dt>written by</dt>
					<dd data-testid="session-header-dialect" data-dialect={session.dialect ?? "pi"}>
						{describeDialect(session.dialect ?? "pi", session.version, agentVersion)}
					</dd>
				</div>
				<div>
					<dt>created</dt>
					<dd data-testid="session-header-created" title={created}>
						{created ? formatDate(created) || created : <span className="muted">unknown</span>}
					</dd>
				</div>
				{parentSession && (
					<div className="session-card__parent">
						<dt>parentSession</dt>
						<dd data-testid="session-header-parent" className="session-card__mono" title={parentSession}>
							{parentSession}
						</dd>
					</div>
				)}
			</dl>
			{instructions && (
				<details className="session-card__instructions" data-testid="session-header-instructions">
					<summary>Instructions the session recorded ({instructions.length.toLocaleString("en")} characters)</summary>
					<pre>{instructions}</pre>
				</details>
			)}
			<LineageLinks sessionKey={session.key} parentSession={parentSession} />
		</section>
	);
}
