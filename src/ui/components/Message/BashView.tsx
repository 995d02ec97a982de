import { HighlightedCode } from "../Code/HighlightedCode";
import { num, str } from "./fields";
import { ShowMore } from "./ShowMore";

/** A `!` bash execution: command, output, exit code, cancelled / truncated and the `!!` flag. */
export function BashView({ m }: { m: Record<string, unknown> }) {
	const code = m.exitCode === null || m.exitCode === undefined ? null : num(m.exitCode);
	const output = str(m.output);
	const failed = m.cancelled === true || (code !== null && code !== undefined && code !== 0);
	return (
		<div className={`msg msg--bash${failed ? " msg--error" : ""}`}>
			<div className="msg-head">
				<span className="msg-tag msg-tag--bash">bash</span>
				{m.cancelled === true ? (
					<span className="msg-tag msg-tag--warn">cancelled</span>
				) : (
					<span className={`msg-tag msg-tag--${code === 0 ? "ok" : code === null ? "plain" : "danger"}`}>
						exit {code === null ? "code unknown" : String(code ?? m.exitCode)}
					</span>
				)}
				{m.truncated === true && <span className="msg-tag msg-tag--warn">truncated</span>}
				{m.excludeFromContext === true && (
					<span className="msg-tag msg-tag--muted" title="Run with !!: kept in the session, not sent to the model">
						!! excluded from context
					</span>
				)}
			</div>
			<pre className="msg-mono msg-mono--command">
				$ <HighlightedCode code={str(m.command)} language="bash" />
			</pre>
			{output ? (
				<ShowMore text={output} maxLines={30}>
					{(shown) => <pre className="msg-mono">{shown}</pre>}
				</ShowMore>
			) : (
				<p className="msg-empty">(no output)</p>
			)}
			{m.truncated === true && (
				<div className="msg-foot">
					Output truncated.{" "}
					{typeof m.fullOutputPath === "string" ? (
						<>
							Full output: <code>{m.fullOutputPath}</code>
						</>
					) : (
						"No full output path recorded."
					)}
				</div>
			)}
		</div>
	);
}
