import type { UseStore } from "idb-keyval";

/**
 * A sturdier `createStore` for idb-keyval: the database is opened with a time limit (a blocked
 * or hung open fails instead of waiting forever), a connection that closes under the page
 * (another tab upgrades or deletes the database, the user clears site data) is opened again, and
 * every failure becomes a `StorageError` that says what kind of failure it was.
 */

/** Why storing failed: out of space, no usable IndexedDB at all, or something else. */
export type StorageProblem = "quota" | "unavailable" | "failed";

export class StorageError extends Error {
	readonly kind: StorageProblem;
	constructor(kind: StorageProblem, message: string, options?: { cause?: unknown }) {
		super(message, options);
		this.name = "StorageError";
		this.kind = kind;
	}
}

/** How long opening a database may take before it counts as unavailable. */
const OPEN_TIMEOUT_MS = 8000;
/** After a failed open, later calls fail at once for this long rather than waiting again. */
const RETRY_AFTER_MS = 30_000;

const UNAVAILABLE_NAMES = new Set(["SecurityError", "InvalidStateError", "NotFoundError", "VersionError"]);

function explain(err: unknown): string {
	if (err instanceof Error || err instanceof DOMException) {
		const message = err.message.replace(/\.+$/, "");
		return message ? `${err.name}: ${message}` : err.name;
	}
	return err === null || err === undefined ? "no reason given" : String(err);
}

/**
 * The `StorageError` for `err`. A QuotaExceededError is out of space, and so is a write whose
 * transaction was aborted without a reason of its own (some browsers report a full disk that
 * way); errors saying the database cannot be used at all make it unavailable.
 */
export function toStorageError(err: unknown, write: boolean): StorageError {
	if (err instanceof StorageError) return err;
	const name = err instanceof Error || err instanceof DOMException ? err.name : "";
	if (name === "QuotaExceededError") {
		return new StorageError("quota", "the browser has no more storage space for this site", { cause: err });
	}
	if (write && (name === "AbortError" || err === null || err === undefined)) {
		return new StorageError("quota", "the browser aborted the write (storage is probably full)", { cause: err });
	}
	if (UNAVAILABLE_NAMES.has(name)) {
		return new StorageError("unavailable", `IndexedDB cannot be used (${explain(err)})`, { cause: err });
	}
	return new StorageError("failed", explain(err), { cause: err });
}

/** Opens `name`, creating `store` in it when missing (also in a database someone else created). */
function openDatabase(name: string, store: string, version?: number): Promise<IDBDatabase> {
	return new Promise<IDBDatabase>((resolve, reject) => {
		let settled = false;
		let blocked = false;
		let timer: ReturnType<typeof setTimeout> | undefined;
		const fail = (reason: string, cause?: unknown) => {
			if (settled) return;
			settled = true;
			if (timer !== undefined) clearTimeout(timer);
			reject(new StorageError("unavailable", reason, { cause }));
		};
		let request: IDBOpenDBRequest;
		try {
			if (typeof indexedDB === "undefined" || !indexedDB) throw new Error("this browser offers no IndexedDB");
			request = version === undefined ? indexedDB.open(name) : indexedDB.open(name, version);
		} catch (err) {
			fail(`IndexedDB cannot be opened (${explain(err)})`, err);
			return;
		}
		timer = setTimeout(
			() =>
				fail(
					blocked
						? "the database is held open by another tab of this site: close it and reload"
						: `IndexedDB did not answer within ${OPEN_TIMEOUT_MS / 1000} seconds`,
				),
			OPEN_TIMEOUT_MS,
		);
		request.onblocked = () => {
			blocked = true;
		};
		request.onupgradeneeded = () => {
			const db = request.result;
			if (!db.objectStoreNames.contains(store)) db.createObjectStore(store);
		};
		request.onerror = (event) => {
			event.preventDefault();
			fail(`IndexedDB refused to open (${explain(request.error)})`, request.error);
		};
		request.onsuccess = () => {
			const db = request.result;
			if (settled) {
				db.close();
				return;
			}
			if (!db.objectStoreNames.contains(store)) {
				// The database exists without our store: add it with a version change.
				const next = db.version + 1;
				db.close();
				settled = true;
				if (timer !== undefined) clearTimeout(timer);
				openDatabase(name, store, next).then(resolve, reject);
				return;
			}
			settled = true;
			if (timer !== undefined) clearTimeout(timer);
			resolve(db);
		};
	});
}

export interface RobustStore extends UseStore {
	/** Forgets the connection and any remembered failure: the next call opens the database again. */
	reset(): void;
}

/** An idb-keyval store over `dbName`/`storeName` (see the module comment). */
export function openStore(dbName: string, storeName: string): RobustStore {
	let connection: Promise<IDBDatabase> | null = null;
	let failure: { error: StorageError; at: number } | null = null;

	const connect = (): Promise<IDBDatabase> => {
		if (connection) return connection;
		if (failure && Date.now() - failure.at < RETRY_AFTER_MS) return Promise.reject(failure.error);
		const pending: Promise<IDBDatabase> = openDatabase(dbName, storeName).then(
			(db) => {
				const drop = () => {
					if (connection === pending) connection = null;
				};
				// Let another tab upgrade or delete the database; the next call here reopens it.
				db.onversionchange = () => {
					db.close();
					drop();
				};
				db.onclose = drop;
				failure = null;
				return db;
			},
			(err: unknown) => {
				if (connection === pending) connection = null;
				const error = toStorageError(err, false);
				failure = { error, at: Date.now() };
				throw error;
			},
		);
		connection = pending;
		return pending;
	};

	const use = async <T>(mode: IDBTransactionMode, callback: (store: IDBObjectStore) => T | PromiseLike<T>) => {
		const write = mode === "readwrite";
		for (let attempt = 0; ; attempt++) {
			const current = connect();
			const db = await current;
			let tx: IDBTransaction;
			try {
				tx = db.transaction(storeName, mode);
			} catch (err) {
				// The connection closed meanwhile (InvalidStateError): open it again, once.
				if (connection === current) connection = null;
				if (attempt === 0) continue;
				throw toStorageError(err, write);
			}
			try {
				return await callback(tx.objectStore(storeName));
			} catch (err) {
				throw toStorageError(err, write);
			}
		}
	};
	const reset = () => {
		connection = null;
		failure = null;
	};
	return Object.assign(use, { reset });
}
