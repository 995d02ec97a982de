import type { DialectRules } from "../rules";
import { analyzePiContext, piContextReads, usesNewerPiRules } from "./context";
import { convertMessage } from "./convert";

/**
 * pi's session files, versions 1 to 3 (SPEC §1): read line by line as entries (older versions
 * migrated on load, see `session/migrate.ts`), built by pi's rules (SPEC §3), converted by its
 * `convertToLlm`. The format every file is read as unless another one claims it.
 */
export const piRules: DialectRules = {
	name: "pi",
	label: "pi",
	entryTypes: new Set(),
	roles: new Set(),
	analyze: (entries, leafId, index, path) =>
		analyzePiContext(entries, leafId, index, path, { dialect: "pi", newerRules: usesNewerPiRules(index) }),
	reads: piContextReads,
	convert: convertMessage,
	sumsAlongTree: (_entries, index) => !usesNewerPiRules(index),
	agentLines: false,
	appends: true,
	readOnly: null,
};
