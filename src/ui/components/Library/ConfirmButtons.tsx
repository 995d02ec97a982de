interface Props {
	/** The destructive action's label ("Delete", "Remove"). */
	label: string;
	/** `data-testid` of the confirming button (the cancel button gets `cancelTestId`, if any). */
	testId: string;
	cancelTestId?: string;
	small?: boolean;
	onConfirm(): void;
	onCancel(): void;
}

/** The two buttons of an in-page confirmation: the action, and Cancel with the focus (Escape cancels). */
export function ConfirmButtons({ label, testId, cancelTestId, small, onConfirm, onCancel }: Props) {
	const size = small ? " button--small" : "";
	return (
		<>
			<button type="button" className={`button button--danger${size}`} data-testid={testId} onClick={onConfirm}>
				{label}
			</button>
			<button
				type="button"
				className={`button${size}`}
				data-testid={cancelTestId}
				// biome-ignore lint/a11y/noAutofocus: the confirmation takes the focus so Escape/Enter work at once
				autoFocus
				onClick={onCancel}
				onKeyDown={(e) => e.key === "Escape" && onCancel()}
			>
				Cancel
			</button>
		</>
	);
}
