/**
 * Values derived from an object and kept with it (a tree index's entry codes, its dialect), each
 * under a named key: the object owns them, so they live and die with it, and code that needs one
 * is handed the object rather than looking it up in a module-level map. Made when first asked.
 */
export class Derived {
	private readonly values = new Map<DerivedKey<unknown>, unknown>();

	/** The value under `key`, made by `make` on first use. */
	get<T>(key: DerivedKey<T>, make: () => T): T {
		if (this.values.has(key)) return this.values.get(key) as T;
		const value = make();
		this.values.set(key, value);
		return value;
	}

	/** Sets the value under `key` (one known without making it, e.g. from a file's scan). */
	set<T>(key: DerivedKey<T>, value: T): void {
		this.values.set(key, value);
	}
}

/** A named key of a `Derived` value of type `T`. */
export interface DerivedKey<T> {
	readonly name: string;
	/** Never set: carries `T`. */
	readonly type?: T;
}

export const derivedKey = <T>(name: string): DerivedKey<T> => ({ name });
