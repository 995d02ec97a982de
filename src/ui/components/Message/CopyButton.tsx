import { useEffect, useState } from "react";
import { writeClipboard } from "../../../store/browser";

interface Props {
	/** The text to copy; a function is called only on click (large payloads, text read from the worker). */
	text: string | (() => string | Promise<string>);
	label?: string;
	title?: string;
	testId?: string;
}

/** Copies text to the clipboard and says so. */
export function CopyButton({ text, label = "Copy", title, testId }: Props) {
	const [state, setState] = useState<"idle" | "done" | "failed">("idle");
	useEffect(() => {
		if (state === "idle") return;
		const timer = setTimeout(() => setState("idle"), 1500);
		return () => clearTimeout(timer);
	}, [state]);
	return (
		<button
			type="button"
			className="msg-button"
			title={title ?? "Copy to the clipboard"}
			data-testid={testId ?? "copy-button"}
			onClick={(e) => {
				e.stopPropagation();
				void Promise.resolve(typeof text === "function" ? text() : text)
					.then(writeClipboard)
					.then(
						(ok) => setState(ok ? "done" : "failed"),
						() => setState("failed"),
					);
			}}
		>
			{state === "done" ? "Copied" : state === "failed" ? "Copy failed" : label}
		</button>
	);
}
