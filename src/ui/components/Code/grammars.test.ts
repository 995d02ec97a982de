import { createLowlight } from "lowlight";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CODE_LANGUAGES, type CodeLanguage } from "../../../core";
import { GRAMMARS } from "./grammars";

/** Every grammar registered at once: the highlighter as it was, to compare with. */
const all = createLowlight(GRAMMARS);

/** Code in each language, with what other grammars highlight inside it (HTML, CSS, script, Ruby). */
const SAMPLES: Record<CodeLanguage, string> = {
	bash: 'for f in *.ts; do echo "$f"; done',
	c: "#include <stdio.h>\nint main(void) { return 0; }",
	cpp: "template <typename T> T twice(T x) { return x * 2; }",
	csharp: "public class A { public int B => 1; }",
	css: "a:hover { color: #fff; }",
	diff: "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new",
	go: 'func main() { fmt.Println("hi") }',
	java: "class A { void b() { System.out.println(1); } }",
	javascript: 'const el = <div className="x">{a}</div>;\nconst s = css`a { color: red; }`;\nconst h = html`<p>hi</p>`;',
	json: '{"a": [1, true, null]}',
	kotlin: 'fun main() = println("hi")',
	markdown: '# Title\n\n<div class="x"><b>html</b></div>\n\n```js\nlet a = 1;\n```',
	python: "def f(x):\n    return x ** 2",
	ruby: "def f(x) = x * 2",
	rust: 'fn main() { println!("hi"); }',
	sql: "SELECT a FROM b WHERE c = 1;",
	swift: "let a: Int = 1",
	typescript: "const el = <T,>(x: T) => <div>{x}</div>;",
	xml: "<html><style>a { color: red; }</style><script>let a = 1 < 2;</script></html>",
	yaml: "a: 1\nb: <%= ruby_code %>\n",
};

describe("grammars registered as code needs them", () => {
	beforeEach(() => {
		vi.resetModules();
	});

	it.each(CODE_LANGUAGES)("highlight %s first, as with every grammar registered", async (language) => {
		const { highlight } = await import("./grammars");
		// Only this language's grammar (and those it embeds) are registered by now.
		expect(highlight(language, SAMPLES[language])).toEqual(all.highlight(language, SAMPLES[language]));
	});

	it("prepares every grammar a few at a time, then highlights as before", async () => {
		const { highlight, prepareGrammars } = await import("./grammars");
		let steps = 0;
		let budget = 0;
		while (!prepareGrammars(() => budget-- > 0)) {
			steps++;
			budget = 3;
		}
		expect(steps).toBeGreaterThan(5);
		for (const language of CODE_LANGUAGES) {
			expect(highlight(language, SAMPLES[language])).toEqual(all.highlight(language, SAMPLES[language]));
		}
	});
});
