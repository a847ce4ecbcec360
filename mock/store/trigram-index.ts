/**
 * @module An inverted index of the 3-character substrings (trigrams) of each
 * job's search text, so `q` (spec 4.5: title and referenceId) does not have to
 * read every job of a large employer. Every q.match form matches a substring
 * of the text (a word, a prefix, the whole referenceId), and every text
 * containing the needle contains each of the needle's trigrams, so the
 * shortest posting list among them holds every match: callers still check the
 * match on each candidate, which keeps the result exactly that of a full scan.
 *
 * Postings are plain arrays of handles (compact: about 8 bytes per trigram
 * of a job). Removing an item only marks its handle dead; the whole index is
 * rebuilt once dead handles outnumber live ones.
 */

/** Needles shorter than this have no trigram: callers scan. */
export const TRIGRAM = 3;

interface Handle<T> {
  readonly item: T;
  dead: boolean;
}

function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + TRIGRAM <= text.length; i++) grams.add(text.slice(i, i + TRIGRAM));
  return grams;
}

/**
 * @example
 * const index = new TrigramIndex<{ id: number }>();
 * const job = { id: 1 };
 * index.add(job, 'welder\u0000ref-1');
 * index.candidates('weld'); // [job]
 */
export class TrigramIndex<T> {
  #postings = new Map<string, Array<Handle<T>>>();
  readonly #live = new Map<T, { handle: Handle<T>; text: string }>();
  #dead = 0;

  /** Indexes `item` under the trigrams of `text` (replacing what it was indexed under). */
  add(item: T, text: string): void {
    if (this.#live.has(item)) this.remove(item);
    const handle: Handle<T> = { item, dead: false };
    this.#live.set(item, { handle, text });
    this.#post(handle, text);
  }

  /** Forgets `item`. */
  remove(item: T): void {
    const entry = this.#live.get(item);
    if (!entry) return;
    entry.handle.dead = true;
    this.#live.delete(item);
    if (++this.#dead > this.#live.size + 1_000) this.#rebuild();
  }

  /**
   * A superset of the items whose text contains `needle` (from the shortest
   * posting of its trigrams), or undefined when `needle` is shorter than a trigram.
   */
  candidates(needle: string): T[] | undefined {
    if (needle.length < TRIGRAM) return undefined;
    let shortest: Array<Handle<T>> | undefined;
    for (const gram of trigramsOf(needle)) {
      const posting = this.#postings.get(gram);
      if (!posting) return [];
      if (!shortest || posting.length < shortest.length) shortest = posting;
    }
    const items: T[] = [];
    for (const handle of shortest!) if (!handle.dead) items.push(handle.item);
    return items;
  }

  #post(handle: Handle<T>, text: string): void {
    for (const gram of trigramsOf(text)) {
      const posting = this.#postings.get(gram);
      if (posting) posting.push(handle);
      else this.#postings.set(gram, [handle]);
    }
  }

  #rebuild(): void {
    this.#postings = new Map();
    this.#dead = 0;
    for (const { handle, text } of this.#live.values()) this.#post(handle, text);
  }
}
