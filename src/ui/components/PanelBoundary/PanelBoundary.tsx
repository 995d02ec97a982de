import { Component, type ErrorInfo, type ReactNode } from "react";
import "./PanelBoundary.css";

interface Props {
	/** What the panel is, for the message ("graph", "library", …). */
	name: string;
	/** When this changes (another session opens) a failed panel tries again by itself. */
	resetKey?: string | null;
	children: ReactNode;
}

interface State {
	error: Error | null;
	resetKey: string | null | undefined;
}

/**
 * Keeps a rendering failure inside one panel: the panel says what went wrong and offers to try
 * again, while the rest of the page (and the open session) stays usable.
 */
export class PanelBoundary extends Component<Props, State> {
	state: State = { error: null, resetKey: this.props.resetKey };

	static getDerivedStateFromError(error: unknown): Partial<State> {
		return { error: error instanceof Error ? error : new Error(String(error)) };
	}

	static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
		return props.resetKey !== state.resetKey ? { resetKey: props.resetKey, error: null } : null;
	}

	componentDidCatch(error: Error, info: ErrorInfo): void {
		console.error(`The ${this.props.name} panel failed`, error, info.componentStack);
	}

	render(): ReactNode {
		const { error } = this.state;
		if (!error) return this.props.children;
		return (
			<div className="panel-error" role="alert" data-testid="panel-error">
				<p>
					The {this.props.name} panel stopped on an error: {error.message}
				</p>
				<button type="button" onClick={() => this.setState({ error: null })}>
					Try again
				</button>
			</div>
		);
	}
}
