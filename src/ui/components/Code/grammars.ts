/**
 * The highlighter, loaded on demand (`import("./grammars")`) so that the first screen never waits
 * for it: lowlight over highlight.js grammars, one for each of core's `CODE_LANGUAGES`.
 */

import type { Root } from "hast";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import csharp from "highlight.js/lib/languages/csharp";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import kotlin from "highlight.js/lib/languages/kotlin";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import ruby from "highlight.js/lib/languages/ruby";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import swift from "highlight.js/lib/languages/swift";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";
import type { CodeLanguage } from "../../../core";

/** Our grammars by language (see core `CODE_LANGUAGES`). */
export const GRAMMARS = {
	bash,
	c,
	cpp,
	csharp,
	css,
	diff,
	go,
	java,
	javascript,
	json,
	kotlin,
	markdown,
	python,
	ruby,
	rust,
	sql,
	swift,
	typescript,
	xml,
	yaml,
} satisfies Record<CodeLanguage, unknown>;

/**
 * The grammars each one embeds (its highlight.js `subLanguage`s that are among ours): registered
 * with it, so that the code inside is highlighted as it is with every grammar registered.
 */
const EMBEDS: Partial<Record<CodeLanguage, readonly CodeLanguage[]>> = {
	javascript: ["xml", "css"],
	typescript: ["xml", "css"],
	markdown: ["xml"],
	xml: ["css", "javascript"],
	yaml: ["ruby"],
};

/**
 * Grammars are registered one by one, as code needs them or when the page is idle
 * (`prepareGrammars`): registering all twenty at once when this module loaded took one task of
 * 25-60 ms, while a large session was loading.
 */
const lowlight = createLowlight();

function ensure(language: CodeLanguage): void {
	if (lowlight.registered(language)) return;
	lowlight.register({ [language]: GRAMMARS[language] });
	for (const other of EMBEDS[language] ?? []) ensure(other);
}

/** Grammars registered and compiled (highlight.js compiles one the first time it highlights). */
const prepared = new Set<CodeLanguage>();

/** The syntax tree of `code` (hast: spans with `hljs-*` classes and text). */
export function highlight(language: CodeLanguage, code: string): Root {
	ensure(language);
	const tree = lowlight.highlight(language, code);
	prepared.add(language);
	return tree;
}

/**
 * Whether `language`'s grammar is compiled: highlighting with it costs no more than the code's
 * length (compiling one can take 10 ms or more).
 */
export function isPrepared(language: CodeLanguage): boolean {
	return prepared.has(language);
}

/**
 * Registers and compiles (by highlighting nothing) the grammars not prepared yet, one at a time
 * while `more()` says there is time; true once every grammar is.
 */
export function prepareGrammars(more: () => boolean): boolean {
	for (const language of Object.keys(GRAMMARS) as CodeLanguage[]) {
		if (prepared.has(language)) continue;
		if (!more()) return false;
		highlight(language, "");
	}
	return true;
}
