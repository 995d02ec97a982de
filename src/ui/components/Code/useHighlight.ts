import type { Root } from "hast";
import { useEffect, useState } from "react";
import type { CodeLanguage } from "../../../core";

/**
 * Longer code stays plain: highlight.js took 60–180 ms for 20,000 characters of TypeScript on the
 * (shared, busy) development machine, and the main thread must never block that long.
 */
export const MAX_HIGHLIGHT_CHARS = 5_000;

type Highlight = (language: CodeLanguage, code: string) => Root;
let loading: Promise<Highlight> | null = null;
let loaded: Highlight | null = null;

function loadHighlighter(): Promise<Highlight> {
	loading ??= import("./grammars").then((m) => {
		loaded = m.highlight;
		return m.highlight;
	});
	return loading;
}

function run(highlight: Highlight, language: CodeLanguage, code: string): Root | null {
	try {
		return highlight(language, code);
	} catch {
		return null; // a grammar that fails on odd input leaves the code plain
	}
}

/**
 * The highlighted tree of `code`, or null while the highlighter loads, without a language, or
 * for code over `MAX_HIGHLIGHT_CHARS`. The highlighter is fetched the first time code needs it.
 */
export function useHighlight(code: string, language: CodeLanguage | null): Root | null {
	const wanted = language !== null && code.length > 0 && code.length <= MAX_HIGHLIGHT_CHARS;
	const [result, setResult] = useState<{ code: string; language: CodeLanguage; tree: Root | null } | null>(() =>
		wanted && loaded ? { code, language, tree: run(loaded, language, code) } : null,
	);
	useEffect(() => {
		if (!wanted || !language) return;
		let live = true;
		void loadHighlighter().then((highlight) => {
			if (live)
				setResult((prev) =>
					prev?.code === code && prev.language === language
						? prev
						: { code, language, tree: run(highlight, language, code) },
				);
		});
		return () => {
			live = false;
		};
	}, [wanted, language, code]);
	return wanted && result && result.code === code && result.language === language ? result.tree : null;
}
