import {
	createSecretRedactor,
	decodeShareBytes,
	encodeShare,
	MAX_SHARE_FRAGMENT_CHARS,
	MAX_SHARE_TEXT_BYTES,
	redactSecrets,
	type SecretHit,
} from "../../core";
import { yieldToPage } from "../../core/util/yield";
import * as repo from "../../storage/repository";
import { readBlobText } from "../../workers/blobText";
import { ScanCancelled, scanSecretsOffThread } from "../../workers/secretsClient";
import {
	fileNameFromUrl,
	pageAddress,
	resolveSessionUrl,
	sharedFileName,
	shareFragment,
	urlShareLink,
} from "../address";
import { downloadBlob, writeClipboard } from "../browser";
import { fetchSessionBlob } from "../fetchSession";
import { type ExportKind, exportFileName, utf8Length } from "../shareFiles";
import type { GetStore, OpenSession, SetStore, ShareActions, ShareDialogState, ShareState } from "../types";

export const initialShareState: ShareState = { shareDialog: null };

/**
 * What is being shared or exported, kept out of the state (it can be large): the stored bytes
 * when it is the whole stored session (exported as is), or else its text. The text of stored
 * bytes is only read when it is needed (secrets to redact, or small enough for a link): a
 * 100 MB session without secrets exports without ever becoming a string on the page.
 */
interface Draft {
	text: string | null;
	original: Blob | null;
	/**
	 * The export redacted, made from `original` as it streams (it may be larger than
	 * a string can be); its text is never read whole.
	 */
	redacted?: Blob;
}

/** Redacted text gathered into one part of the redacted Blob. */
const REDACT_PART_CHARS = 4 * 1024 * 1024;

/** `redactSecrets` of a Blob's text, streamed: a Blob of the redacted text, made a piece at a time. */
async function redactBlob(blob: Blob, hits: readonly SecretHit[], type: string): Promise<Blob> {
	const redactor = createSecretRedactor(hits);
	const parts: Blob[] = [];
	let pending: string[] = [];
	let chars = 0;
	const keep = (text: string) => {
		pending.push(text);
		chars += text.length;
		if (chars < REDACT_PART_CHARS) return;
		parts.push(new Blob(pending));
		pending = [];
		chars = 0;
	};
	let ran = Date.now();
	await readBlobText(blob, async (text) => {
		keep(redactor.push(text));
		// The page stays usable while a large file is redacted.
		if (Date.now() - ran > 25) {
			await yieldToPage();
			ran = Date.now();
		}
	});
	keep(redactor.finish());
	parts.push(new Blob(pending));
	return new Blob(parts, { type });
}

/** The draft's text, read from its bytes if need be. */
async function draftText(d: Draft): Promise<string> {
	if (d.text === null) d.text = d.original ? await d.original.text() : "";
	return d.text;
}

const exportType = (kind: ExportKind) => (kind === "payload" ? "application/json" : "application/jsonl");
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
const pageHref = () => (typeof location !== "undefined" ? location.href : "http://localhost/");
/** Lets the "preparing" state paint before a long synchronous scan. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The new header's fields of a branch exported from `session`. */
const branchHeader = (session: OpenSession) => ({
	sessionId: crypto.randomUUID(),
	timestamp: new Date().toISOString(),
	parentSession: session.sourceUrl ?? session.fileName,
});

/**
 * What an export of `kind` holds, as the worker that holds the session writes it (a stored
 * session's whole file is its stored bytes). Never read as one string unless it must be.
 */
async function draftFor(session: OpenSession, kind: ExportKind, leafId: string | null): Promise<Draft> {
	if (kind === "session" && session.stored) {
		const body = await repo.loadSessionBody(session.key).catch(() => undefined);
		if (body) return { text: null, original: body };
	}
	const blob = await session.reader.export({
		kind,
		leafId,
		...(kind === "branch" ? { branch: branchHeader(session) } : {}),
	});
	return { text: null, original: blob };
}

export function createShareSlice(set: SetStore, get: GetStore): ShareActions {
	// Every change of the dialog starts a generation; late async results of older ones are dropped.
	let generation = 0;
	let draft: Draft | null = null;
	/** Stops the running secret scan (its worker is ended) when the dialog closes or starts over. */
	let scanning: AbortController | null = null;
	const stopScan = () => {
		scanning?.abort();
		scanning = null;
	};

	const patch = (token: number, p: Partial<ShareDialogState>) => {
		if (token !== generation) return;
		set((s) => (s.shareDialog ? { shareDialog: { ...s.shareDialog, ...p } } : {}));
	};

	/**
	 * The draft as it leaves the browser: redacted when asked to and there is anything to redact
	 * (its text has been read by then: see `prepare`).
	 */
	const outgoingText = (dialog: ShareDialogState, d: Draft) => {
		const text = d.text ?? "";
		return dialog.redact && dialog.hits.length > 0 ? redactSecrets(text, dialog.hits) : text;
	};

	const buildLink = async (token: number) => {
		const dialog = get().shareDialog;
		const session = get().session;
		if (!dialog || !session || !draft) return;
		const view = { leaf: dialog.leafId, entry: get().focusedEntryId };
		const page = pageAddress(pageHref());
		if (session.sourceUrl) {
			patch(token, { link: { status: "ready", link: urlShareLink(page, session.sourceUrl, view), from: "url" } });
			return;
		}
		// Stored bytes too large for a link were never read as text.
		const text = draft.text === null ? null : outgoingText(dialog, draft);
		const bytes = text === null ? (draft.original?.size ?? 0) : utf8Length(text);
		if (text === null || bytes > MAX_SHARE_TEXT_BYTES) {
			patch(token, { link: { status: "too-big", chars: null, bytes } });
			return;
		}
		patch(token, { link: { status: "building" } });
		try {
			const fragment = shareFragment(await encodeShare(text), session.fileName, view);
			patch(token, {
				link:
					fragment.length > MAX_SHARE_FRAGMENT_CHARS
						? { status: "too-big", chars: fragment.length, bytes }
						: { status: "ready", link: `${page}#${fragment}`, from: "fragment" },
			});
		} catch (err) {
			patch(token, { link: { status: "failed", reason: errorText(err) } });
		}
	};

	const prepare = async (mode: ShareDialogState["mode"], kind: ExportKind, redact: boolean) => {
		const session = get().session;
		if (!session) return;
		const token = ++generation;
		stopScan();
		const controller = new AbortController();
		scanning = controller;
		const leafId = get().selectedLeafId ?? session.leafId;
		draft = null;
		set({
			shareDialog: {
				mode,
				kind,
				leafId,
				status: "preparing",
				error: null,
				bytes: 0,
				hits: [],
				redact,
				link: mode === "share" ? { status: "building" } : null,
				copied: "idle",
				downloaded: null,
			},
		});
		try {
			await nextTask();
			const next = await draftFor(session, kind, leafId);
			if (token !== generation) return;
			// In a worker: a 100 MB session takes seconds to scan, and the page stays usable meanwhile.
			const hits = await scanSecretsOffThread(next.original ?? next.text ?? "", controller.signal);
			if (scanning === controller) scanning = null;
			if (token !== generation) return;
			const size = next.original?.size ?? utf8Length(next.text ?? "");
			const linkable = mode === "share" && size <= MAX_SHARE_TEXT_BYTES;
			if (next.original && !linkable) {
				// The file is redacted as it streams, never read as one string.
				if (hits.length > 0) next.redacted = await redactBlob(next.original, hits, exportType(kind));
			} else if (hits.length > 0 || linkable) await draftText(next);
			if (token !== generation) return;
			draft = next;
			patch(token, { status: "ready", bytes: size, hits });
			if (mode === "share") await buildLink(token);
		} catch (err) {
			if (err instanceof ScanCancelled) return;
			patch(token, { status: "failed", error: errorText(err) });
		}
	};

	return {
		openShare: () => prepare("share", "session", true),

		openExport: (kind = "session") => prepare("export", kind, get().shareDialog?.redact ?? true),

		async setExportKind(kind) {
			const dialog = get().shareDialog;
			if (dialog?.mode !== "export" || dialog.kind === kind) return;
			await prepare("export", kind, dialog.redact);
		},

		async setRedact(redact) {
			const dialog = get().shareDialog;
			if (!dialog || dialog.redact === redact) return;
			// While the draft is still being prepared the choice is kept, and applies once it is ready.
			if (dialog.status === "preparing") {
				patch(generation, { redact });
				return;
			}
			const token = ++generation;
			patch(token, { redact, copied: "idle", downloaded: null });
			if (dialog.mode === "share" && dialog.status === "ready") await buildLink(token);
		},

		async copyShareLink() {
			const link = get().shareDialog?.link;
			if (link?.status !== "ready") return;
			const token = generation;
			const ok = await writeClipboard(link.link);
			patch(token, { copied: ok ? "copied" : "failed" });
		},

		exportFile() {
			const dialog = get().shareDialog;
			const session = get().session;
			if (dialog?.status !== "ready" || !draft || !session) return null;
			const redacted = dialog.redact && dialog.hits.length > 0;
			const type = exportType(dialog.kind);
			const made = redacted ? draft.redacted : draft.original;
			return {
				blob: made ?? new Blob([outgoingText(dialog, draft)], { type }),
				fileName: exportFileName(session.fileName, dialog.kind, dialog.leafId, redacted),
			};
		},

		downloadExport() {
			const file = get().exportFile();
			if (!file) return;
			downloadBlob(file.blob, file.fileName);
			patch(generation, { downloaded: file.fileName });
		},

		closeShareDialog() {
			generation++;
			stopScan();
			draft = null;
			set({ shareDialog: null });
		},

		async loadUrl(raw) {
			const resolved = resolveSessionUrl(raw, pageHref());
			if (!resolved.ok) {
				get().reportLoadError(raw, resolved.reason);
				return false;
			}
			const url = resolved.url;
			const session = await get().loadSource({
				fileName: fileNameFromUrl(url),
				label: url,
				sourceUrl: url,
				fromLink: true,
				body: async (onProgress) => (await fetchSessionBlob(url, onProgress)).blob,
			});
			return session !== null;
		},

		async loadShared(payload, name) {
			const fileName = sharedFileName(name);
			let chunks: Uint8Array[];
			try {
				// Inflated step by step and given up past the limit: a short link can hide a gigabyte.
				chunks = await decodeShareBytes(payload);
			} catch (err) {
				get().reportLoadError(`${fileName} (shared link)`, errorText(err));
				return false;
			}
			const session = await get().loadSource({
				fileName,
				label: `${fileName} (shared link)`,
				fromLink: true,
				share: { payload, ...(name ? { name } : {}) },
				body: new Blob(chunks as BlobPart[], { type: "application/jsonl" }),
			});
			return session !== null;
		},

		async openAddress({ url, link }) {
			const { share, name, ...view } = link;
			if (url) {
				if (!(await get().loadUrl(url))) return;
			} else if (share) {
				if (!(await get().loadShared(share, name))) return;
			}
			await get().openLink(view);
		},
	};
}
