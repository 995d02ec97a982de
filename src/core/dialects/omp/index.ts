import { OMP_ENTRY_TYPES, OMP_ROLES } from "../../session/types";
import type { DialectRules } from "../rules";
import { analyzeOmpContext, ompContextReads } from "./context";
import { convertOmpMessage } from "./convert";
import { isOmpMarker, readOmpTitleSlot } from "./recognise";

/**
 * oh-my-pi's files (`formats/oh-my-pi.md`): a title slot on the first line (newer files; older
 * ones are told by an entry only oh-my-pi writes), then pi-shaped entries of its own types and
 * roles; its own context rules (/clear, the context notebook, the post-passes) and conversion.
 */
export const ompRules: DialectRules = {
	name: "oh-my-pi",
	label: "oh-my-pi",
	entryTypes: OMP_ENTRY_TYPES,
	roles: OMP_ROLES,
	claim(first) {
		const slot = readOmpTitleSlot(first);
		return slot ? { dialect: "oh-my-pi", stamp: true, title: slot.title } : null;
	},
	marks: isOmpMarker,
	analyze: analyzeOmpContext,
	reads: ompContextReads,
	convert: convertOmpMessage,
	sumsAlongTree: () => false,
	agentLines: false,
	appends: false,
	readOnly: null,
};
