import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** Absolute path of a file under test/fixtures. */
export function fixturePath(relative: string): string {
	return join(here, "..", "test", "fixtures", relative);
}
