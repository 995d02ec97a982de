import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { UsageAnalytics } from "./UsageAnalytics";
import "./Usage.css";

/**
 * The usage analytics in a modal `<dialog>`: focus moves in and stays inside (Tab wraps around
 * rather than leave for the browser's own controls), Escape and the close button call `onClose`
 * (which returns focus to what opened it).
 */
export function UsageDialog({ onClose }: { onClose(): void }) {
	const ref = useRef<HTMLDialogElement>(null);
	const titleId = useId();
	useEffect(() => {
		const dialog = ref.current;
		if (dialog && !dialog.open) dialog.showModal();
		return () => dialog?.close();
	}, []);
	// Closed before `onClose` runs: the page is no longer inert, so focus can go back to the opener.
	const close = () => {
		ref.current?.close();
		onClose();
	};
	return (
		<dialog
			ref={ref}
			className="usage-dialog"
			data-testid="usage-analytics"
			aria-labelledby={titleId}
			onKeyDown={(e) => {
				if (e.key === "Tab" && ref.current) keepFocusIn(ref.current, e);
			}}
			onCancel={(e) => {
				e.preventDefault();
				close();
			}}
		>
			<header className="usage-dialog__header">
				<h2 id={titleId} className="usage-dialog__title">
					Usage and cost
				</h2>
				<span className="muted small usage-dialog__source">as recorded in the stored sessions</span>
				<button type="button" className="usage-dialog__close" aria-label="Close" onClick={close}>
					×
				</button>
			</header>
			<div className="usage-dialog__body">
				<UsageAnalytics onClose={close} />
			</div>
		</dialog>
	);
}

const TABBABLE = "button, [href], input, select, textarea, summary, [tabindex]";

/** Tab from the dialog's last control goes to its first, Shift+Tab from the first to the last. */
function keepFocusIn(dialog: HTMLElement, e: KeyboardEvent<HTMLElement>): void {
	const tabbable = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
		(el) => el.tabIndex >= 0 && !el.matches(":disabled") && el.getClientRects().length > 0,
	);
	if (tabbable.length === 0) return;
	const first = tabbable[0];
	const last = tabbable[tabbable.length - 1];
	const active = document.activeElement;
	if (e.shiftKey && (active === first || active === dialog)) {
		e.preventDefault();
		last.focus();
	} else if (!e.shiftKey && active === last) {
		e.preventDefault();
		first.focus();
	}
}
