/**
 * @module The mock's caches: a map that keeps at most `capacity` entries and
 * forgets the least recently used. Every cache in the mock only saves work
 * (resolved places, serialized lists, search views): what it holds
 * is what the computation would give again, so one kind of map serves them all.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The value under `key`, marked as the most recently used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** Keeps `value` under `key` as the most recently used, forgetting the least recently used entry past the capacity. */
  set(key: K, value: V): V {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }

  /**
   * The value under `key`, computed and kept when absent.
   *
   * @example
   * const texts = new BoundedMap<number, string>(4);
   * texts.memo(7, (n) => String(n)); // '7', computed once
   */
  memo(key: K, compute: (key: K) => V): V {
    return this.get(key) ?? this.set(key, compute(key));
  }

  /** Every entry, least recently used first; reading them marks none. */
  entries(): IterableIterator<[K, V]> {
    return this.#entries.entries();
  }

  clear(): void {
    this.#entries.clear();
  }
}
