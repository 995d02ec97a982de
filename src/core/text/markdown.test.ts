import { describe, expect, it } from "vitest";
import { type Block, type Inline, parseInlines, parseMarkdown, plainText } from "./markdown";
import { safeHref } from "./safeUrl";

const t = (text: string): Inline => ({ type: "text", text });
const para = (...children: Inline[]): Block => ({ type: "paragraph", children });

/** Every inline node of a document, depth first. */
function inlines(blocks: readonly Block[]): Inline[] {
	const out: Inline[] = [];
	const walkInline = (list: readonly Inline[]) => {
		for (const n of list) {
			out.push(n);
			if (n.type === "emphasis" || n.type === "strong" || n.type === "strike" || n.type === "link")
				walkInline(n.children);
		}
	};
	const walk = (list: readonly Block[]) => {
		for (const b of list) {
			switch (b.type) {
				case "paragraph":
				case "heading":
					walkInline(b.children);
					break;
				case "quote":
					walk(b.children);
					break;
				case "list":
					for (const item of b.items) walk(item.children);
					break;
				case "table":
					for (const cell of b.head) walkInline(cell);
					for (const row of b.rows) for (const cell of row) walkInline(cell);
					break;
				default:
					break;
			}
		}
	};
	walk(blocks);
	return out;
}

function allText(blocks: readonly Block[]): string {
	return inlines(blocks)
		.map((n) => (n.type === "text" || n.type === "code" ? n.text : ""))
		.join("");
}

describe("parseMarkdown blocks", () => {
	it("returns nothing for empty input", () => {
		expect(parseMarkdown("")).toEqual([]);
		expect(parseMarkdown("\n\n  \n")).toEqual([]);
	});

	it("splits paragraphs on blank lines and keeps soft breaks", () => {
		expect(parseMarkdown("one\ntwo\n\nthree")).toEqual([para(t("one\ntwo")), para(t("three"))]);
	});

	it("parses a hard break from two trailing spaces or a backslash", () => {
		expect(parseMarkdown("a  \nb")).toEqual([para(t("a"), { type: "break" }, t("b"))]);
		expect(parseMarkdown("a\\\nb")).toEqual([para(t("a"), { type: "break" }, t("b"))]);
	});

	it("parses ATX headings with optional closing hashes", () => {
		expect(parseMarkdown("# One\n## Two ##\n###### Six\n####### seven")).toEqual([
			{ type: "heading", level: 1, children: [t("One")] },
			{ type: "heading", level: 2, children: [t("Two")] },
			{ type: "heading", level: 6, children: [t("Six")] },
			para(t("####### seven")),
		]);
		expect(parseMarkdown("#hashtag")).toEqual([para(t("#hashtag"))]);
	});

	it("parses setext headings", () => {
		expect(parseMarkdown("Title\n=====\n\nSub\n---")).toEqual([
			{ type: "heading", level: 1, children: [t("Title")] },
			{ type: "heading", level: 2, children: [t("Sub")] },
		]);
	});

	it("parses thematic breaks", () => {
		expect(parseMarkdown("a\n\n---\n\n* * *\n___")).toEqual([
			para(t("a")),
			{ type: "rule" },
			{ type: "rule" },
			{ type: "rule" },
		]);
	});

	it("parses fenced code with a language, keeping content verbatim", () => {
		const src = "```ts\nconst a = '<b>*x*</b>';\n\tindented\n```\nafter";
		expect(parseMarkdown(src)).toEqual([
			{ type: "code", lang: "ts", text: "const a = '<b>*x*</b>';\n\tindented" },
			para(t("after")),
		]);
	});

	it("parses tilde fences, longer closing fences and unclosed fences", () => {
		expect(parseMarkdown("~~~\na\n~~~~")).toEqual([{ type: "code", lang: "", text: "a" }]);
		expect(parseMarkdown("````\n```\n````")).toEqual([{ type: "code", lang: "", text: "```" }]);
		expect(parseMarkdown("```py\nprint(1)")).toEqual([{ type: "code", lang: "py", text: "print(1)" }]);
	});

	it("parses indented code but not indented paragraph continuations", () => {
		expect(parseMarkdown("    code\n      more\n\ntext")).toEqual([
			{ type: "code", lang: "", text: "code\n  more" },
			para(t("text")),
		]);
		expect(parseMarkdown("text\n    still text")).toEqual([para(t("text\nstill text"))]);
	});

	it("parses block quotes with nesting and lazy continuation", () => {
		expect(parseMarkdown("> a\nlazy\n>\n> > inner")).toEqual([
			{
				type: "quote",
				children: [para(t("a\nlazy")), { type: "quote", children: [para(t("inner"))] }],
			},
		]);
	});

	it("parses bullet lists with nested lists", () => {
		expect(parseMarkdown("- a\n- b\n  - nested\n- c")).toEqual([
			{
				type: "list",
				ordered: false,
				start: 1,
				tight: true,
				items: [
					{ checked: null, children: [para(t("a"))] },
					{
						checked: null,
						children: [
							para(t("b")),
							{
								type: "list",
								ordered: false,
								start: 1,
								tight: true,
								items: [{ checked: null, children: [para(t("nested"))] }],
							},
						],
					},
					{ checked: null, children: [para(t("c"))] },
				],
			},
		]);
	});

	it("parses ordered lists with their start number and loose lists", () => {
		const [list] = parseMarkdown("3. three\n\n4. four");
		expect(list).toMatchObject({ type: "list", ordered: true, start: 3, tight: false });
		expect(list.type === "list" && list.items.length).toBe(2);
	});

	it("starts a new list when the marker changes", () => {
		const blocks = parseMarkdown("- a\n+ b\n1. c");
		expect(blocks.map((b) => b.type === "list" && b.ordered)).toEqual([false, false, true]);
	});

	it("does not let a number in running text start a list", () => {
		expect(parseMarkdown("In\n2024. it rained")).toEqual([para(t("In\n2024. it rained"))]);
	});

	it("parses task list items", () => {
		const [list] = parseMarkdown("- [x] done\n- [ ] todo\n- plain");
		expect(list.type === "list" && list.items.map((i) => i.checked)).toEqual([true, false, null]);
	});

	it("parses GFM tables with alignment, also right after a paragraph", () => {
		expect(parseMarkdown("Table:\n| a | b | c |\n|:--|:-:|--:|\n| 1 | `x|y` \\| z |\n| only |")).toEqual([
			para(t("Table:")),
			{
				type: "table",
				align: ["left", "center", "right"],
				head: [[t("a")], [t("b")], [t("c")]],
				rows: [
					[[t("1")], [t("`x")], [t("y` | z")]],
					[[t("only")], [], []],
				],
			},
		]);
	});

	it("keeps a pipe line without a delimiter row as a paragraph", () => {
		expect(parseMarkdown("a | b\nc | d")).toEqual([para(t("a | b\nc | d"))]);
	});
});

describe("parseInlines", () => {
	it("parses code spans, stripping one surrounding space", () => {
		expect(parseInlines("use `a*b*` and `` ` `` and ` x `")).toEqual([
			t("use "),
			{ type: "code", text: "a*b*" },
			t(" and "),
			{ type: "code", text: "`" },
			t(" and "),
			{ type: "code", text: "x" },
		]);
		expect(parseInlines("`unclosed")).toEqual([t("`unclosed")]);
	});

	it("parses emphasis, strong and strikethrough", () => {
		expect(parseInlines("*a* _b_ **c** __d__ ~~e~~")).toEqual([
			{ type: "emphasis", children: [t("a")] },
			t(" "),
			{ type: "emphasis", children: [t("b")] },
			t(" "),
			{ type: "strong", children: [t("c")] },
			t(" "),
			{ type: "strong", children: [t("d")] },
			t(" "),
			{ type: "strike", children: [t("e")] },
		]);
	});

	it("handles nested emphasis edge cases like CommonMark", () => {
		expect(parseInlines("***a***")).toEqual([{ type: "emphasis", children: [{ type: "strong", children: [t("a")] }] }]);
		expect(parseInlines("*a **b** c*")).toEqual([
			{ type: "emphasis", children: [t("a "), { type: "strong", children: [t("b")] }, t(" c")] },
		]);
		expect(parseInlines("**a*")).toEqual([t("*"), { type: "emphasis", children: [t("a")] }]);
		expect(parseInlines("*a**")).toEqual([{ type: "emphasis", children: [t("a")] }, t("*")]);
		expect(parseInlines("*foo**bar**baz*")).toEqual([
			{ type: "emphasis", children: [t("foo"), { type: "strong", children: [t("bar")] }, t("baz")] },
		]);
		// Rule of three: the inner run cannot close the outer one.
		expect(parseInlines("*foo**bar*")).toEqual([{ type: "emphasis", children: [t("foo**bar")] }]);
		expect(parseInlines("**foo*bar*baz**")).toEqual([
			{ type: "strong", children: [t("foo"), { type: "emphasis", children: [t("bar")] }, t("baz")] },
		]);
	});

	it("does not treat intraword underscores or spaced stars as emphasis", () => {
		expect(parseInlines("snake_case_name")).toEqual([t("snake_case_name")]);
		expect(parseInlines("a * b * c")).toEqual([t("a * b * c")]);
		expect(parseInlines("2*3*4")).toEqual([t("2"), { type: "emphasis", children: [t("3")] }, t("4")]);
		expect(parseInlines("**")).toEqual([t("**")]);
		expect(parseInlines("~single~")).toEqual([t("~single~")]);
	});

	it("honours backslash escapes", () => {
		expect(parseInlines("\\*not\\* \\[x\\] \\\\ \\a")).toEqual([t("*not* [x] \\ \\a")]);
	});

	it("parses links with titles, nested brackets and parentheses", () => {
		expect(parseInlines('[a *b*](https://x.dev/p_(1) "T")')).toEqual([
			{
				type: "link",
				href: "https://x.dev/p_(1)",
				title: "T",
				children: [t("a "), { type: "emphasis", children: [t("b")] }],
			},
		]);
		expect(parseInlines("[[x]](https://a.b)")).toEqual([{ type: "link", href: "https://a.b", children: [t("[x]")] }]);
		expect(parseInlines("[mail](mailto:a@b.c)")).toEqual([
			{ type: "link", href: "mailto:a@b.c", children: [t("mail")] },
		]);
		expect(parseInlines("[x](<https://a.b/with space>)")).toEqual([t("[x](<https://a.b/with space>)")]);
	});

	it("does not nest links inside links", () => {
		const nodes = parseInlines("[a [b](https://in.side) c](https://out.side)");
		const links = nodes.filter((n) => n.type === "link");
		expect(links.length).toBe(1);
		expect(links[0]).toMatchObject({ href: "https://out.side" });
		expect(plainText(nodes)).toBe("a [b](https://in.side) c");
	});

	it("keeps brackets that are no link as text", () => {
		expect(parseInlines("[not a link] and [x] (y)")).toEqual([t("[not a link] and [x] (y)")]);
		expect(parseInlines("[unclosed (y)")).toEqual([t("[unclosed (y)")]);
		expect(parseInlines("[x]\n(https://a.b)")[0]).toEqual(t("[x]\n("));
	});

	it("turns images into image nodes with alt text, never anything loadable", () => {
		expect(parseInlines("![a *cat*](https://img.example/cat.png)")).toEqual([
			{ type: "image", href: "https://img.example/cat.png", alt: "a cat" },
		]);
	});

	it("parses autolinks and bare URLs without trailing punctuation", () => {
		expect(parseInlines("<https://a.b/c> and see https://x.y/z_(1)). Or (https://q.r).")).toEqual([
			{ type: "link", href: "https://a.b/c", children: [t("https://a.b/c")] },
			t(" and see "),
			{ type: "link", href: "https://x.y/z_(1)", children: [t("https://x.y/z_(1)")] },
			t("). Or ("),
			{ type: "link", href: "https://q.r", children: [t("https://q.r")] },
			t(")."),
		]);
		expect(parseInlines("xhttps://a.b")).toEqual([t("xhttps://a.b")]);
	});
});

describe("hostile input", () => {
	it("keeps raw HTML as literal text", () => {
		const src =
			"<script>window.__pwned=1</script>\n\n<img src=x onerror=alert(1)>\n\n<a href='javascript:alert(1)'>x</a>";
		const blocks = parseMarkdown(src);
		expect(blocks).toEqual([
			para(t("<script>window.__pwned=1</script>")),
			para(t("<img src=x onerror=alert(1)>")),
			para(t("<a href='javascript:alert(1)'>x</a>")),
		]);
	});

	it("renders javascript:, data:, vbscript: and relative links as their source text", () => {
		for (const src of [
			"[x](javascript:alert(1))",
			"[x](JaVaScRiPt:alert(1))",
			"[x](data:text/html;base64,PHNjcmlwdD4=)",
			"[x](vbscript:msgbox(1))",
			"[x](/relative/path)",
			"[x](#anchor)",
			"[x](file:///etc/passwd)",
			"[x](//evil.example)",
			"![x](data:image/svg+xml,<svg onload=alert(1)>)",
			"![x](javascript:alert(1))",
			"<javascript:alert(1)>",
			"[x](&#106;avascript:alert(1))",
		]) {
			const nodes = parseInlines(src);
			expect(nodes.some((n) => n.type === "link" || n.type === "image")).toBe(false);
			expect(plainText(nodes)).toBe(src);
		}
	});

	it("rejects links whose scheme is hidden by whitespace or control characters", () => {
		expect(parseInlines("[x](java\tscript:alert(1))").some((n) => n.type === "link")).toBe(false);
		expect(safeHref(" https://a.b")).toBeNull();
		expect(safeHref("https://a.b\u0000")).toBeNull();
		expect(safeHref("https://")).toBeNull();
	});

	it("bounds deep nesting instead of overflowing the stack", () => {
		const deepQuote = `${"> ".repeat(5000)}x`;
		expect(allText(parseMarkdown(deepQuote))).toContain("x");
		const deepList = `${"- ".repeat(5000)}x`;
		expect(() => parseMarkdown(deepList)).not.toThrow();
		const deepLinks = `${"[".repeat(3000)}x${"](https://a.b)".repeat(3000)}`;
		expect(() => parseMarkdown(deepLinks)).not.toThrow();
	});

	it("stays fast on pathological input", () => {
		const inputs = [
			"*a ".repeat(20000),
			"_".repeat(50000),
			"[".repeat(20000),
			`${"`".repeat(5000)}x`,
			"**a*".repeat(10000),
			"<".repeat(20000),
			"![[".repeat(5000),
			"| a ".repeat(3000),
			"> - ".repeat(3000),
			"http://a ".repeat(5000),
		];
		const start = Date.now();
		for (const src of inputs) parseMarkdown(src);
		expect(Date.now() - start).toBeLessThan(5000);
	});

	it("never throws on random input and only ever links to safe targets", () => {
		let seed = 12345;
		const rand = () => {
			seed = (seed * 1103515245 + 12345) & 0x7fffffff;
			return seed / 0x7fffffff;
		};
		const alphabet = [
			..."ab \n\n\t*_~`[]()<>!#>-+|:\\\"'1.)=",
			"http://x.y",
			"javascript:",
			"data:",
			"```",
			"    ",
			"- ",
			"1. ",
			"> ",
			"<script>",
			"](",
			"](https://ok.example/",
			"\u0000",
			"é",
			"🌲",
		];
		for (let round = 0; round < 1500; round++) {
			const len = Math.floor(rand() * 200);
			let src = "";
			for (let i = 0; i < len; i++) src += alphabet[Math.floor(rand() * alphabet.length)];
			let blocks: Block[] = [];
			expect(() => {
				blocks = parseMarkdown(src);
			}, src).not.toThrow();
			for (const node of inlines(blocks)) {
				if (node.type === "link" || node.type === "image") expect(safeHref(node.href), src).toBe(node.href);
			}
		}
	});
});
