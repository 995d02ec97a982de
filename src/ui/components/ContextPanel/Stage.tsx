import { type ReactNode, useState } from "react";

interface Props {
	id: string;
	step: number | string;
	title: string;
	/** The builder function this stage shows. */
	fn: string;
	count: string;
	defaultOpen?: boolean;
	open?: boolean;
	onOpenChange?(open: boolean): void;
	/** The explainer's current step is about this stage. */
	explained?: boolean;
	children: ReactNode;
}

/** One collapsible stage of the builder pipeline. */
export function Stage({
	id,
	step,
	title,
	fn,
	count,
	defaultOpen = true,
	open,
	onOpenChange,
	explained,
	children,
}: Props) {
	const [localOpen, setLocalOpen] = useState(defaultOpen);
	const isOpen = open ?? localOpen;
	return (
		<section
			className={explained ? "ins-stage is-explain-stage" : "ins-stage"}
			id={`stage-${id}`}
			data-stage={id}
			data-explained={explained || undefined}
			aria-labelledby={`stage-${id}-title`}
		>
			<h3 className="ins-stage__title" id={`stage-${id}-title`}>
				<button
					type="button"
					aria-expanded={isOpen}
					onClick={() => {
						setLocalOpen(!isOpen);
						onOpenChange?.(!isOpen);
					}}
				>
					<span className="ins-stage__chevron" aria-hidden="true">
						{isOpen ? "▾" : "▸"}
					</span>
					<span className="ins-stage__step">{step}</span>
					<span className="ins-stage__name">{title}</span>
					<code className="ins-stage__fn">{fn}</code>
					<span className="ins-stage__count">{count}</span>
				</button>
			</h3>
			{isOpen && <div className="ins-stage__body">{children}</div>}
		</section>
	);
}
