import { type ReactNode, useMemo } from "react";
import { type Clip, type CodeLanguage, valueAt } from "../../../core";
import type { TextSource as Source } from "../../../store";
import { useOpenSession } from "../../hooks/useSession";
import { clipsByText, type TextSource, TextSourceContext } from "./textSource";

interface Props {
	/** Where the value came from (an entry, or a message of a tip's context). */
	source: Source;
	/** The value shown, and the strings the worker cut in it. */
	value: unknown;
	clips: readonly Clip[];
	language?: CodeLanguage | null;
	children: ReactNode;
}

/** Gives the views inside what they need to read more of the long texts of `value` (see `TextSource`). */
export function ValueSource({ source, value, clips, language = null, children }: Props) {
	const session = useOpenSession();
	const reader = session?.reader;
	const context = useMemo<TextSource>(
		() => ({
			clips: clipsByText(clips, (clip) => valueAt(value, clip.path)),
			more: (path, from, to) =>
				reader ? reader.text(source, path, from, to) : Promise.reject(new Error("the session is closed")),
			language,
		}),
		[clips, value, reader, source, language],
	);
	return <TextSourceContext.Provider value={context}>{children}</TextSourceContext.Provider>;
}

/** `ValueSource` of the entry at `position`. */
export function EntrySource({
	position,
	value,
	clips,
	children,
}: {
	position: number;
	value: unknown;
	clips: readonly Clip[];
	children: ReactNode;
}) {
	const source = useMemo<Source>(() => ({ of: "entry", position }), [position]);
	return (
		<ValueSource source={source} value={value} clips={clips}>
			{children}
		</ValueSource>
	);
}
