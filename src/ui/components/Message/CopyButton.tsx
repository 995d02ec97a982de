import { useEffect, useState } from "react";

/** The Clipboard API where the page is a secure context; else the old select-and-copy way. */
async function writeClipboard(text: string): Promise<boolean> {
	try {
		await navigator.clipboard.writeText(text);
		return true;
	} catch {
		const area = document.createElement("textarea");
		area.value = text;
		area.setAttribute("readonly", "");
		area.style.position = "fixed";
		area.style.opacity = "0";
		document.body.append(area);
		area.select();
		try {
			return document.execCommand("copy");
		} catch {
			return false;
		} finally {
			area.remove();
		}
	}
}

interface Props {
	/** The text to copy; a function is called only on click (large payloads). */
	text: string | (() => string);
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
				void writeClipboard(typeof text === "function" ? text() : text).then((ok) => setState(ok ? "done" : "failed"));
			}}
		>
			{state === "done" ? "Copied" : state === "failed" ? "Copy failed" : label}
		</button>
	);
}
