/**
 * Calls between the page and a worker that serves it, and the messages that carry them. A call
 * names a method and its arguments; the server answers with its result or an error, and may send
 * events before it (a stream: an open's progress, a find's batches) and a large array of the
 * result ahead of it in parts (each part is taken in by the page in a task of its own).
 *
 *     page → worker   call {id, method, session?, args}   ·   cancel {id}
 *     worker → page   event {id, value}   ·   part {id, field, items}   ·   result {id, value}   ·   error {id, message}
 *
 * (the parts before an event or a result are put into it)
 *
 * plus `ready` once the worker's script ran and `locked` once it holds the Web Lock the page
 * watches to learn that it died. The same server code runs in the page when no worker can start
 * (see `localPort`): the page cannot tell the two apart.
 */

export type RpcMessage =
	| { type: "call"; id: number; method: string; session: number; args: unknown }
	| { type: "cancel"; id: number }
	| { type: "event"; id: number; value: unknown }
	| { type: "part"; id: number; field: string; items: unknown[] }
	| { type: "result"; id: number; value: unknown }
	| { type: "error"; id: number; message: string; code?: string }
	| { type: "ready" }
	| { type: "locked" };

/** One side of a channel: posts messages and hears the other side's. */
export interface Port {
	post(message: RpcMessage, transfer?: Transferable[]): void;
	listen(listener: (message: RpcMessage) => void): void;
}

/** An error a server throws on purpose: its `code` reaches the caller (see `CallError`). */
export class CodedError extends Error {
	constructor(
		message: string,
		readonly code: string,
	) {
		super(message);
	}
}

/** A call's failure as the caller sees it. */
export class CallError extends Error {
	constructor(
		message: string,
		readonly code?: string,
	) {
		super(message);
	}
}

// ---------------------------------------------------------------------------------------------
// The serving side

/** What a method may do besides returning its result. */
export interface CallContext {
	/** The session the call is about (0: none). */
	readonly session: number;
	/** Sends an event of a stream ahead of the result. */
	emit(value: unknown, transfer?: Transferable[]): void;
	/**
	 * Sends the array `items` for the `field` (a dotted path) of the next event or of the result,
	 * ahead of it, `per` items a message: that value leaves the field out, the caller puts it in.
	 */
	parts(field: string, items: readonly unknown[], per: number): void;
	/** True once the caller cancelled the call (a newer find, a closed dialog). */
	readonly cancelled: boolean;
}

/** A result whose buffers are handed over, not copied. */
export class Transfer<T> {
	constructor(
		readonly value: T,
		readonly transfer: Transferable[],
	) {}
}

export type Handler = (args: never, context: CallContext) => unknown;

/** Answers the calls that reach `port` with `handlers` (by method name). */
export function serve(port: Port, handlers: Readonly<Record<string, Handler>>): void {
	const cancelled = new Set<number>();
	port.listen((message) => {
		if (message.type === "cancel") {
			cancelled.add(message.id);
			return;
		}
		if (message.type !== "call") return;
		const { id, method, session } = message;
		const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
		const context: CallContext = {
			session,
			emit: (value, transfer) => port.post({ type: "event", id, value }, transfer),
			parts: (field, items, per) => {
				for (let i = 0; i < items.length; i += per) {
					port.post({ type: "part", id, field, items: items.slice(i, i + per) });
				}
			},
			get cancelled() {
				return cancelled.has(id);
			},
		};
		const fail = (err: unknown) =>
			port.post({
				type: "error",
				id,
				message: err instanceof Error ? err.message : String(err),
				...(err instanceof CodedError ? { code: err.code } : {}),
			});
		if (!handler) {
			fail(new Error(`no method ${method}`));
			return;
		}
		Promise.resolve()
			.then(() => handler(message.args as never, context))
			.then((value) => {
				if (value instanceof Transfer) port.post({ type: "result", id, value: value.value }, value.transfer);
				else port.post({ type: "result", id, value });
			})
			// A failure, or an answer that could not be sent (it must be plain data), reaches the caller.
			.catch(fail)
			.finally(() => cancelled.delete(id));
	});
}

// ---------------------------------------------------------------------------------------------
// The calling side

interface Pending {
	resolve(value: unknown): void;
	reject(err: Error): void;
	onEvent?: (value: unknown) => void;
	parts?: Map<string, unknown[]>;
}

/** Puts `items` at the dotted `field` of `value`. */
function assign(value: unknown, field: string, items: unknown[]): void {
	const keys = field.split(".");
	let at = value as Record<string, unknown>;
	for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
	at[keys[keys.length - 1]] = items;
}

/** Calls the methods a `serve`d port answers. */
export class RpcClient {
	private nextId = 1;
	private readonly pending = new Map<number, Pending>();
	private dead: Error | null = null;

	constructor(private readonly port: Port) {
		port.listen((message) => this.hear(message));
	}

	/**
	 * Calls `method` with `args` about `session`; resolves with its result. `onEvent` hears the
	 * events it sends before the result; `signal` cancels it (the promise then rejects).
	 */
	call<R>(
		method: string,
		session: number,
		args: unknown,
		options: { onEvent?: (value: unknown) => void; transfer?: Transferable[]; signal?: AbortSignal } = {},
	): Promise<R> {
		if (this.dead) return Promise.reject(this.dead);
		const id = this.nextId++;
		return new Promise<R>((resolve, reject) => {
			this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, onEvent: options.onEvent });
			const { signal } = options;
			signal?.addEventListener("abort", () => {
				if (!this.pending.delete(id)) return;
				this.port.post({ type: "cancel", id });
				reject(new CallError("cancelled", "cancelled"));
			});
			try {
				this.port.post({ type: "call", id, method, session, args }, options.transfer);
			} catch (err) {
				this.pending.delete(id);
				reject(err instanceof Error ? err : new Error(String(err)));
			}
		});
	}

	/** The server is gone: every call waiting and every later one fails with `reason`. */
	fail(reason: Error): void {
		this.dead = reason;
		for (const p of this.pending.values()) p.reject(reason);
		this.pending.clear();
	}

	private hear(message: RpcMessage): void {
		if (message.type === "call" || message.type === "cancel" || message.type === "ready" || message.type === "locked")
			return;
		const p = this.pending.get(message.id);
		if (!p) return;
		switch (message.type) {
			case "event":
				// The parts sent since the last event are this one's.
				for (const [field, items] of p.parts ?? []) assign(message.value, field, items);
				p.parts = undefined;
				p.onEvent?.(message.value);
				return;
			case "part": {
				p.parts ??= new Map();
				const list = p.parts.get(message.field);
				if (list) for (const item of message.items) list.push(item);
				else p.parts.set(message.field, message.items);
				return;
			}
			case "result":
				this.pending.delete(message.id);
				for (const [field, items] of p.parts ?? []) assign(message.value, field, items);
				p.resolve(message.value);
				return;
			case "error":
				this.pending.delete(message.id);
				p.reject(new CallError(message.message, message.code));
				return;
			default: {
				const never: never = message;
				void never;
			}
		}
	}
}

/**
 * Two ports joined in this thread: what one posts the other hears in a task of its own (as
 * across a worker), so the server code runs in the page where no worker can start.
 */
export function localPorts(): [Port, Port] {
	const listeners: [((m: RpcMessage) => void)[], ((m: RpcMessage) => void)[]] = [[], []];
	const make = (mine: 0 | 1): Port => {
		const theirs = listeners[mine === 0 ? 1 : 0];
		// Each message in a task of its own, in order: one channel, a queue beside it. (In Node the
		// channel keeps the process alive while messages wait, and only then.)
		const queue: RpcMessage[] = [];
		let channel: MessageChannel | null = null;
		const hold = (on: boolean) => {
			const port = channel?.port1 as { ref?: () => void; unref?: () => void } | undefined;
			if (on) port?.ref?.();
			else port?.unref?.();
		};
		const deliver = () => {
			const message = queue.shift();
			if (queue.length === 0) hold(false);
			if (message) for (const listener of theirs) listener(message);
		};
		return {
			post(message, transfer = []) {
				// Copied as a worker's message is (its transferred buffers moved): nothing shared by mistake.
				queue.push(structuredClone(message, { transfer }));
				if (typeof MessageChannel === "undefined") {
					setTimeout(deliver, 0);
					return;
				}
				if (!channel) {
					channel = new MessageChannel();
					channel.port1.onmessage = deliver;
				}
				hold(true);
				channel.port2.postMessage(null);
			},
			listen(listener) {
				listeners[mine].push(listener);
			},
		};
	};
	return [make(0), make(1)];
}
