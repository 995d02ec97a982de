interface Props {
	status: string;
	/** What is happening while preparing ("Reading the session and looking for secrets…"). */
	preparing: string;
	/** What could not be done ("Could not read the session"), followed by the error. */
	failed: string;
	error?: string | null;
}

/** A share or export dialog's copy while it is prepared, or why it could not be. */
export function PrepareStatus({ status, preparing, failed, error }: Props) {
	if (status === "preparing") return <p className="muted">{preparing}</p>;
	if (status !== "failed") return null;
	return (
		<p className="share__problem" role="alert">
			{failed}: {error}
		</p>
	);
}
