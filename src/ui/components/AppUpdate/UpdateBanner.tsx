import { type Store, useStore } from "../../../store";
import "./AppUpdate.css";

const selectReady = (s: Store) => s.updateReady;
const selectApply = (s: Store) => s.applyUpdate;
const selectDismiss = (s: Store) => s.dismissUpdate;

/** "A new version is ready — Reload": the installed app never swaps itself under the user. */
export function UpdateBanner() {
	const ready = useStore(selectReady);
	const apply = useStore(selectApply);
	const dismiss = useStore(selectDismiss);
	if (!ready) return null;
	return (
		<div className="app-update" role="status" data-testid="app-update">
			<span>A new version is ready.</span>
			<button type="button" className="button button--small button--primary" onClick={() => void apply()}>
				Reload
			</button>
			<button type="button" className="button button--small" onClick={dismiss}>
				Later
			</button>
		</div>
	);
}
