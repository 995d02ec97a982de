import { type Store, useStore } from "../../../store";
import { canPickFiles, FILE_ACCESS_NOTE } from "../../../store/fileAccess";
import "./Follow.css";

const selectFollowing = (s: Store) => s.following;
const selectFollowLeaf = (s: Store) => s.followLeaf;
const selectNote = (s: Store) => s.followNote;
const selectFollow = (s: Store) => s.followFile;
const selectStop = (s: Store) => s.stopFollowing;
const selectSetLeaf = (s: Store) => s.setFollowLeaf;
const selectDismiss = (s: Store) => s.dismissFollowNote;

/**
 * Follow file… (a session the agent is still writing), and while one is followed: its name, the
 * "follow the current leaf" toggle and Stop. Where the browser lacks the API, a note says which can.
 */
export function FollowControls() {
	const following = useStore(selectFollowing);
	const followLeaf = useStore(selectFollowLeaf);
	const note = useStore(selectNote);
	const follow = useStore(selectFollow);
	const stop = useStore(selectStop);
	const setLeaf = useStore(selectSetLeaf);
	const dismiss = useStore(selectDismiss);
	if (!canPickFiles()) {
		return (
			<span
				className="follow muted small"
				data-testid="follow-unsupported"
				title={`Following a file ${FILE_ACCESS_NOTE}`}
			>
				Follow file: Chromium-based browsers only
			</span>
		);
	}
	return (
		<div className="follow" data-testid="follow" data-following={following ? "true" : "false"}>
			{following ? (
				<>
					<span className="follow__live" title={`Reading what is appended to ${following.fileName}`}>
						● Following {following.fileName}
					</span>
					<button type="button" className="button button--small" data-testid="follow-stop" onClick={stop}>
						Stop
					</button>
				</>
			) : (
				<button
					type="button"
					className="button"
					data-testid="follow-file"
					title="Open a session the agent is still writing and keep reading what it appends"
					onClick={() => void follow()}
				>
					Follow file…
				</button>
			)}
			{following && (
				<label className="follow__leaf small" title="Keep the newest tip selected and its context shown">
					<input
						type="checkbox"
						data-testid="follow-leaf"
						checked={followLeaf}
						onChange={(e) => setLeaf(e.currentTarget.checked)}
					/>
					Follow the current leaf
				</label>
			)}
			{note && (
				<span className="follow__note" role="status" data-testid="follow-note">
					{note}{" "}
					<button type="button" className="button button--small" onClick={dismiss}>
						Dismiss
					</button>
				</span>
			)}
		</div>
	);
}
