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

const GRAMMARS = {
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

const lowlight = createLowlight(GRAMMARS);

/** The syntax tree of `code` (hast: spans with `hljs-*` classes and text). */
export function highlight(language: CodeLanguage, code: string): Root {
	return lowlight.highlight(language, code);
}
