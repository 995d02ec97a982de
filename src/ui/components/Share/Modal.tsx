import { type ReactNode, useEffect, useId, useRef } from "react";
import "./Share.css";

interface Props {
	title: string;
	testId: string;
	onClose(): void;
	children: ReactNode;
}

/** A modal dialog (the native `<dialog>`: focus stays inside, Escape closes it). */
export function Modal({ title, testId, onClose, children }: Props) {
	const ref = useRef<HTMLDialogElement>(null);
	const titleId = useId();
	useEffect(() => {
		const dialog = ref.current;
		if (dialog && !dialog.open) dialog.showModal();
		return () => dialog?.close();
	}, []);
	return (
		<dialog
			ref={ref}
			className="modal"
			data-testid={testId}
			aria-labelledby={titleId}
			onCancel={(e) => {
				e.preventDefault();
				onClose();
			}}
		>
			<header className="modal__header">
				<h2 id={titleId} className="modal__title">
					{title}
				</h2>
				<button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
					×
				</button>
			</header>
			<div className="modal__body">{children}</div>
		</dialog>
	);
}
