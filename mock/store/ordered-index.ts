/**
 * @module Jobs kept in list order (spec 4.5: publishDate descending; ties by id
 * descending, the mock's stable tiebreak). A sorted list of small blocks (as
 * Python's sortedcontainers): insertion and removal cost a binary search plus
 * a splice inside one block, so a list request never sorts and 100,000 jobs
 * per employer stay cheap to change.
 */

export interface OrderKey {
  readonly id: number;
  readonly publishDate: number;
}

/** Negative when `a` comes before `b` in the list. */
export function compareListOrder(a: OrderKey, b: OrderKey): number {
  return b.publishDate - a.publishDate || b.id - a.id;
}

/** The other tie order (order.ties = id-asc): publishDate descending, then id ascending. */
export function compareListOrderIdsAscending(a: OrderKey, b: OrderKey): number {
  return b.publishDate - a.publishDate || a.id - b.id;
}

export type OrderCompare = (a: OrderKey, b: OrderKey) => number;

/**
 * Blocks split when they grow past twice this. Small, because the common
 * insert (a new job: the newest publishDate, at the front) shifts the rest of
 * its block; the block search stays a binary search however many there are.
 */
const LOAD = 64;

/** First position in `items` whose item is not before `key`. */
function lowerBound<T extends OrderKey>(items: T[], key: OrderKey, compare: OrderCompare): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(items[mid]!, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * @example
 * const index = new OrderedIndex<{ id: number; publishDate: number }>();
 * index.insert({ id: 1, publishDate: 10 });
 * index.slice(0, 10);
 */
export class OrderedIndex<T extends OrderKey> {
  private blocks: T[][] = [];
  private count = 0;

  /** `compare` is the list order: compareListOrder unless the ties go the other way. */
  constructor(readonly compare: OrderCompare = compareListOrder) {}

  /** An index of `items`, which must already be in `compare` order (no sort, no splices). */
  static fromOrdered<T extends OrderKey>(items: readonly T[], compare: OrderCompare = compareListOrder): OrderedIndex<T> {
    const index = new OrderedIndex<T>(compare);
    // Stryker disable next-line all: blocks of more than 2 × LOAD items, which no rule's cases file at once; ordered-index.test.ts proves them
    for (let i = 0; i < items.length; i += LOAD) index.blocks.push(items.slice(i, i + LOAD));
    index.count = items.length;
    return index;
  }

  get size(): number {
    return this.count;
  }

  /** The block that holds (or would hold) `key`: the first whose last item is not before it. */
  // Stryker disable all: blocks of more than 2 × LOAD items, which no rule's cases file at once; ordered-index.test.ts proves them
  private blockFor(key: OrderKey): number {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = this.blocks[mid]!;
      if (this.compare(block[block.length - 1]!, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  // Stryker restore all

  insert(item: T): void {
    this.count++;
    if (this.blocks.length === 0) {
      this.blocks.push([item]);
      return;
    }
    const b = Math.min(this.blockFor(item), this.blocks.length - 1);
    const block = this.blocks[b]!;
    block.splice(lowerBound(block, item, this.compare), 0, item);
    // Stryker disable next-line all: blocks of more than 2 × LOAD items, which no rule's cases file at once; ordered-index.test.ts proves them
    if (block.length > 2 * LOAD) this.blocks.splice(b + 1, 0, block.splice(LOAD));
  }

  /**
   * Removes the item stored under `key` (its order key at insertion time), which the index must hold: every caller
   * takes out only what it filed, under the key it filed it with (ordered-index.test.ts holds it to a sorted list).
   */
  remove(key: OrderKey): void {
    const b = this.blockFor(key);
    const block = this.blocks[b]!;
    block.splice(lowerBound(block, key, this.compare), 1);
    if (block.length === 0) this.blocks.splice(b, 1);
    this.count--;
  }

  /** Items from position `start` (inclusive) to `end` (exclusive), as Array.prototype.slice. */
  slice(start: number, end: number): T[] {
    const out: T[] = [];
    let offset = 0;
    for (const block of this.blocks) {
      // Stryker disable next-line all: blocks of more than 2 × LOAD items, which no rule's cases file at once; ordered-index.test.ts proves them
      if (offset >= end) break;
      const next = offset + block.length;
      // Stryker disable next-line all: blocks of more than 2 × LOAD items, which no rule's cases file at once; ordered-index.test.ts proves them
      if (next > start) out.push(...block.slice(Math.max(0, start - offset), Math.min(block.length, end - offset)));
      offset = next;
    }
    return out;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const block of this.blocks) yield* block;
  }
}
