import type { ReactNode } from "react";

/** A small stroke icon in the text colour (emoji fonts are not everywhere). */
function StrokeIcon({ children }: { children: ReactNode }) {
	return (
		<svg
			viewBox="0 0 16 16"
			width="13"
			height="13"
			aria-hidden="true"
			fill="none"
			stroke="currentColor"
			strokeWidth="1.5"
		>
			{children}
		</svg>
	);
}

export function PencilIcon() {
	return (
		<StrokeIcon>
			<path d="M11.5 2.5l2 2L6 12l-3 1 1-3 7.5-7.5z" strokeLinejoin="round" />
		</StrokeIcon>
	);
}

export function TrashIcon() {
	return (
		<StrokeIcon>
			<path d="M2.5 4.5h11M6 4.5V3h4v1.5M4 4.5l.7 9h6.6l.7-9M6.5 7v4.5M9.5 7v4.5" strokeLinejoin="round" />
		</StrokeIcon>
	);
}
