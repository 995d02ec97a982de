/**
 * Writes the small bad-input fixtures (test/fixtures/bad/*) from the table in test/badInputs.ts,
 * and the hostile session (test/fixtures/hostile/payloads.jsonl) from test/hostileSession.ts.
 * The big ones (50 MB lines, floods) are made by the tests at run time, never committed.
 * Run: `npx tsx scripts/make-bad-fixtures.ts`; src/workers/readSession.test.ts checks the files
 * still match the table.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BAD_INPUTS } from "../test/badInputs";
import { FIXTURES_DIR } from "../test/fixtures";
import { hostileSessionText } from "../test/hostileSession";

const OUT = join(FIXTURES_DIR, "bad");
mkdirSync(OUT, { recursive: true });
for (const input of BAD_INPUTS) {
	if (input.big) continue;
	writeFileSync(join(OUT, input.name), input.bytes());
	console.log(`wrote bad/${input.name}: ${input.what}`);
}

mkdirSync(join(FIXTURES_DIR, "hostile"), { recursive: true });
writeFileSync(join(FIXTURES_DIR, "hostile", "payloads.jsonl"), hostileSessionText());
console.log("wrote hostile/payloads.jsonl");
