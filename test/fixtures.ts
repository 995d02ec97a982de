import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), "fixtures");

/** Names of the golden sessions (each has NAME.jsonl and NAME.expected.json). */
export function goldenNames(): string[] {
	return readdirSync(join(FIXTURES_DIR, "golden"))
		.filter((f) => f.endsWith(".jsonl"))
		.map((f) => f.replace(/\.jsonl$/, ""))
		.sort();
}

export function readFixture(relative: string): string {
	return readFileSync(join(FIXTURES_DIR, relative), "utf8");
}

export interface ExpectedLeaf {
	contextEntryIds: string[];
	context: { messages: unknown[]; thinkingLevel: string; model: { provider: string; modelId: string } | null };
	llm: unknown[];
}

export interface GoldenExpected {
	file: string;
	defaultLeaf: ExpectedLeaf;
	nullLeaf: ExpectedLeaf;
	leaves: Record<string, ExpectedLeaf>;
}

export function readGolden(name: string): { text: string; expected: GoldenExpected } {
	return {
		text: readFixture(`golden/${name}.jsonl`),
		expected: JSON.parse(readFixture(`golden/${name}.expected.json`)) as GoldenExpected,
	};
}
