/**
 * @module Jobs kept in list order (spec 4.5: publishDate descending; ties by id
 * descending, the mock's stable tiebreak). Insertion and removal use binary
 * search, so a list request never sorts.
 */

export interface OrderKey {
  readonly id: number;
  readonly publishDate: number;
}

/** Negative when `a` comes before `b` in the list. */
export function compareListOrder(a: OrderKey, b: OrderKey): number {
  return b.publishDate - a.publishDate || b.id - a.id;
}

/**
 * @example
 * const index = new OrderedIndex<{ id: number; publishDate: number }>();
 * index.insert({ id: 1, publishDate: 10 });
 * index.slice(0, 10);
 */
export class OrderedIndex<T extends OrderKey> {
  private readonly items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  /** First position whose item is not before `key`. */
  private lowerBound(key: OrderKey): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareListOrder(this.items[mid]!, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(item: T): void {
    this.items.splice(this.lowerBound(item), 0, item);
  }

  /** Removes the item stored under `key` (its order key at insertion time). */
  remove(key: OrderKey): boolean {
    const at = this.lowerBound(key);
    const found = this.items[at];
    if (found === undefined || found.id !== key.id) return false;
    this.items.splice(at, 1);
    return true;
  }

  slice(start: number, end: number): T[] {
    return this.items.slice(start, end);
  }

  [Symbol.iterator](): Iterator<T> {
    return this.items[Symbol.iterator]();
  }
}
