import { type ContentHasher, createContentHasher, type SessionEntry } from "../core";
import type { ChunkPlan } from "./readSession";

/**
 * The page's half of a parse in the worker: it gets every chunk of the file's bytes after the
 * worker has parsed it and makes the entries the worker's plan names from the text of their lines
 * (`JSON.parse` of the same text gives equal objects). That is cheaper than receiving the
 * worker's entry objects, whose serialising and deserialising costs more than parsing, and the
 * work runs alongside the worker's: each chunk takes a few milliseconds here. It also hashes the
 * bytes, which the worker then need not do.
 */
export class EntryMaker {
	/** The entries made so far: the first final entries of the file, in order. */
	readonly entries: SessionEntry[] = [];
	/**
	 * Each entry's id → its position (the later of equal ids wins), built as the entries come, so
	 * that the tree index need not hash 100k ids after the last one (see `adoptTreeIndex`).
	 */
	readonly byId = new Map<string, number>();
	private readonly decoder = new TextDecoder("utf-8");
	/** The text after the last newline. */
	private rest = "";
	private lineNo = 0;
	/** Entry lines planned so far, ascending; `next` is the first not reached yet. */
	private planned: number[] = [];
	private next = 0;
	/** Lines up to here are covered by a plan. */
	private through = 0;
	/** Complete lines beyond `through`, kept until a plan covers them (not expected to happen). */
	private held: { line: number; text: string }[] = [];
	private readonly hasher: ContentHasher | null;

	/** `hash`: hash the bytes (default true; not when the caller knows the content hash). */
	constructor({ hash = true }: { hash?: boolean } = {}) {
		this.hasher = hash ? createContentHasher() : null;
	}

	/** Takes the next chunk of the file and the plan the worker had after parsing it. */
	add(bytes: Uint8Array, plan: ChunkPlan): void {
		this.hasher?.update(bytes);
		for (const line of plan.entryLines) this.planned.push(line);
		this.through = plan.linesThrough;
		if (this.held.length > 0) {
			const held = this.held;
			this.held = [];
			for (const h of held) this.line(h.line, h.text);
		}
		const text = this.decoder.decode(bytes, { stream: true });
		let start = 0;
		let nl = text.indexOf("\n");
		if (nl === -1) {
			this.rest += text;
			return;
		}
		if (this.rest.length > 0) {
			this.line(++this.lineNo, this.rest + text.slice(0, nl));
			this.rest = "";
			start = nl + 1;
			nl = text.indexOf("\n", start);
		}
		const { planned } = this;
		while (nl !== -1) {
			const lineNo = ++this.lineNo;
			if (lineNo > this.through) this.held.push({ line: lineNo, text: text.slice(start, nl) });
			else if (planned[this.next] === lineNo) {
				this.next++;
				this.push(JSON.parse(lineNo === 1 ? stripBom(text.slice(start, nl)) : text.slice(start, nl)));
			}
			start = nl + 1;
			nl = text.indexOf("\n", start);
		}
		this.rest = text.slice(start);
		this.compact();
	}

	/** The content hash of the bytes added (the digest `readSessionBlob` gives); "" when not hashing. */
	digest(): string {
		return this.hasher?.digest() ?? "";
	}

	/** Takes entries that came as objects (those after the last one made here). */
	addEntries(list: readonly SessionEntry[]): void {
		for (const e of list) this.push(e);
	}

	private push(entry: SessionEntry): void {
		this.byId.set(entry.id, this.entries.length);
		this.entries.push(entry);
	}

	private line(lineNo: number, text: string): void {
		if (lineNo > this.through) this.held.push({ line: lineNo, text });
		else if (this.planned[this.next] === lineNo) {
			this.next++;
			this.push(JSON.parse(lineNo === 1 ? stripBom(text) : text));
		}
	}

	/** Drops planned lines already reached, now and then. */
	private compact(): void {
		if (this.next > 4096 && this.next * 2 > this.planned.length) {
			this.planned = this.planned.slice(this.next);
			this.next = 0;
		}
	}
}

function stripBom(text: string): string {
	return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
