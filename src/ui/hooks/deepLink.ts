/** The hash formats live with the store (its actions build links too); the UI reads them here. */
export { formatHash, parseHash } from "../../store/address";
