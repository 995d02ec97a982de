import { MAX_SHARE_FRAGMENT_CHARS } from "../../../core";
import type { ShareLinkState } from "../../../store";
import { formatBytes } from "../Library/format";

interface Props {
	link: ShareLinkState;
	copied: "idle" | "copied" | "failed";
	onCopy(): void;
	onExportInstead(): void;
}

const count = (n: number) => n.toLocaleString("en-US");

/** The built link with its copy button, or why there is none. */
export function ShareLink({ link, copied, onCopy, onExportInstead }: Props) {
	switch (link.status) {
		case "building":
			return <p className="muted">Compressing the session into a link…</p>;
		case "failed":
			return (
				<p className="share__problem" role="alert">
					Could not build the link: {link.reason}
				</p>
			);
		case "too-big":
			return (
				<div className="share__problem" role="alert" data-testid="share-too-big">
					<p>
						This session is too big to share as a link: it is {formatBytes(link.bytes)}
						{link.chars === null ? "" : `, and even compressed the link would need ${count(link.chars)} characters`}; a
						share link holds at most {count(MAX_SHARE_FRAGMENT_CHARS)}.
					</p>
					<p>
						Export the session and send the file instead, or put the file on a web server and share an{" "}
						<code className="share__nowrap">?url=</code> link to it.
					</p>
					<button type="button" className="button" data-testid="share-export-instead" onClick={onExportInstead}>
						Export the session…
					</button>
				</div>
			);
		case "ready":
			return (
				<div className="share__link">
					<div className="share__row">
						<input
							className="share__input"
							data-testid="share-link"
							data-from={link.from}
							readOnly
							value={link.link}
							aria-label="Link to this view"
							onFocus={(e) => e.currentTarget.select()}
						/>
						<button type="button" className="button button--primary" data-testid="share-copy" onClick={onCopy}>
							Copy link
						</button>
					</div>
					<p className="muted small" data-testid="share-copied" aria-live="polite">
						{copied === "copied"
							? "Copied to the clipboard."
							: copied === "failed"
								? "Could not copy: select the link and copy it by hand."
								: link.from === "fragment"
									? `The session travels inside the link (${count(link.link.length)} characters, after the #, which browsers never send to a server).`
									: "The link names the session's URL; whoever follows it downloads it from there."}
					</p>
				</div>
			);
		default: {
			const never: never = link;
			return never;
		}
	}
}
