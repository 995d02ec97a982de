import { createContext, useContext } from "react";

/** What clicking an entry id inside a rendered message does (e.g. focus it); none by default. */
export const EntryNavContext = createContext<((id: string) => void) | null>(null);

/** An entry id, clickable when the surrounding view provides navigation. */
export function EntryLink({ id }: { id: string }) {
	const nav = useContext(EntryNavContext);
	if (!nav || !id) return <code className="msg-id">{id || "(none)"}</code>;
	return (
		<button
			type="button"
			className="msg-id msg-id--link"
			title={`Show entry ${id}`}
			onClick={(e) => {
				e.stopPropagation();
				nav(id);
			}}
		>
			{id}
		</button>
	);
}
