/**
 * An array of `length` items whose item `i` is `at(i)`, asked when it is read (`at` keeps what it
 * makes, if it should be made once). It is an array to every reader: `length`, indexing, the
 * array methods and iteration, `Array.isArray`, its own keys. Not to be written to.
 */
export function lazyArray<T>(length: number, at: (i: number) => T): T[] {
	/** The item index a property names, else -1. */
	const indexOf = (prop: string | symbol): number => {
		if (typeof prop !== "string") return -1;
		// A canonical index ("0", "17", not "017" or "1e3"), read digit by digit: no string made.
		const n = prop.length;
		if (n === 0 || n > 10) return -1;
		const first = prop.charCodeAt(0) - 48;
		if (first < 0 || first > 9 || (first === 0 && n > 1)) return -1;
		let i = first;
		for (let k = 1; k < n; k++) {
			const digit = prop.charCodeAt(k) - 48;
			if (digit < 0 || digit > 9) return -1;
			i = i * 10 + digit;
		}
		return i < length ? i : -1;
	};
	// Its length is answered, not set: an empty array given a length of two million holds a backing
	// store of that many holes (15 MB, 9 ms), which a large session's page made twice per tip.
	const target: T[] = [];
	return new Proxy(target, {
		get(t, prop, receiver) {
			if (prop === "length") return length;
			const i = indexOf(prop);
			return i >= 0 ? at(i) : Reflect.get(t, prop, receiver);
		},
		// Array methods that skip holes (filter, forEach, map, some…) ask first whether an item is there.
		has(t, prop) {
			return indexOf(prop) >= 0 || Reflect.has(t, prop);
		},
		// Its items are its own properties too (Object.keys, deep equality).
		ownKeys(t) {
			const keys: (string | symbol)[] = [];
			for (let i = 0; i < length; i++) keys.push(String(i));
			return keys.concat(Reflect.ownKeys(t));
		},
		getOwnPropertyDescriptor(t, prop) {
			const i = indexOf(prop);
			if (i >= 0) return { value: at(i), writable: true, enumerable: true, configurable: true };
			const own = Reflect.getOwnPropertyDescriptor(t, prop);
			return prop === "length" && own ? { ...own, value: length } : own;
		},
	});
}
