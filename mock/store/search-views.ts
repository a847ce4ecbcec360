/**
 * @module The results of an employer's recent `q` searches (spec 4.5), each
 * kept as its own list-ordered index (all matches and one per status) and
 * updated by every change to the employer's jobs. Paging through a broad
 * search, or asking the same one again, then costs a page instead of a count
 * of every match: the exact `paging.total` is the view's size. Only the most
 * recently used needles are kept, so each change checks a bounded number.
 */
import { BoundedMap } from './bounded-map.js';
import { compareListOrder, OrderedIndex, type OrderCompare, type OrderKey } from './ordered-index.js';
import { JOB_STATUSES, type JobStatus } from './stored-job.js';

/** What a view needs of a job: its order key, its status and its lower-cased search text. */
export interface Searchable extends OrderKey {
  readonly status: JobStatus;
  readonly search: string;
}

/** q.match = substring: the needle anywhere in the title or the referenceId. */
export function substringMatch(search: string, needle: string): boolean {
  return search.includes(needle);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * q.match = word-prefix: the needle starts a word of the title (a word starts
 * after anything but a letter or digit) or starts the referenceId. `search` is
 * `title\u0000referenceId`, lower-cased.
 */
export function wordPrefixMatch(search: string, needle: string): boolean {
  const sep = search.indexOf('\u0000');
  if (search.startsWith(needle, sep + 1)) return true;
  for (let at = search.indexOf(needle); at !== -1 && at + needle.length <= sep; at = search.indexOf(needle, at + 1)) {
    if (at === 0 || !WORD_CHAR.test(search[at - 1]!)) return true;
  }
  return false;
}

const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** The title's words: split at white space only (`-`, `_` and `.` join), less the punctuation at their ends. */
function titleWords(title: string): string[] {
  return title
    .split(/\s+/u)
    .map((word) => word.replace(EDGE_PUNCTUATION, ''))
    .filter((word) => word !== '');
}

/**
 * q.match = word: the needle is one whole word of the title, or the whole
 * referenceId (one token). A word ends at white space only, so `jc1-k2` is one
 * word and neither `jc1` nor `k2` finds it: the strictest reading of word
 * matching, which a tokenizer splitting at `-` or `_` also satisfies. A match
 * is always a substring of the search text, so the trigram index still gives
 * a superset of the matches. `search` is `title\u0000referenceId`, lower-cased.
 */
export function wholeWordMatch(search: string, needle: string): boolean {
  const sep = search.indexOf('\u0000');
  return search.slice(sep + 1) === needle || titleWords(search.slice(0, sep)).includes(needle);
}

const SEARCH_MATCHES: Readonly<Record<string, (search: string, needle: string) => boolean>> = {
  substring: substringMatch,
  'word-prefix': wordPrefixMatch,
  word: wholeWordMatch,
};

/** The matcher of a q.match value (substring for an unknown one: the choices are validated before). */
export function searchMatchOf(value: string | undefined): (search: string, needle: string) => boolean {
  return SEARCH_MATCHES[String(value)] ?? substringMatch;
}

/** One needle's matches in list order. */
export class SearchView<T extends OrderKey> {
  constructor(
    readonly all: OrderedIndex<T>,
    readonly byStatus: Record<JobStatus, OrderedIndex<T>>,
  ) {}

  /** A view of `matches`, which must already be in list order. */
  static fromOrdered<T extends OrderKey>(
    matches: readonly T[],
    statusOf: (item: T) => JobStatus,
    compare: OrderCompare = compareListOrder,
  ): SearchView<T> {
    const split: Record<JobStatus, T[]> = { active: [], archived: [], draft: [] };
    for (const item of matches) split[statusOf(item)].push(item);
    const byStatus = {} as Record<JobStatus, OrderedIndex<T>>;
    for (const status of JOB_STATUSES) byStatus[status] = OrderedIndex.fromOrdered(split[status], compare);
    return new SearchView(OrderedIndex.fromOrdered(matches, compare), byStatus);
  }

  /** The matches, all or of one status. */
  of(status: JobStatus | undefined): OrderedIndex<T> {
    return status ? this.byStatus[status] : this.all;
  }
}

/** How many needles an employer's views remember. */
export const SEARCH_VIEWS_KEPT = 16;

/**
 * @example
 * const views = new SearchViews<JobEntry>();
 * const view = views.viewOf('welder', () => SearchView.fromOrdered(matches, statusOf));
 * views.added(entry, { ...entry, status: entry.job.status, search: entry.search });
 */
export class SearchViews<T extends OrderKey> {
  readonly #views: BoundedMap<string, SearchView<T>>;

  /** Whether a job's search text matches a needle (q.match); substring unless set. */
  match: (search: string, needle: string) => boolean = substringMatch;

  constructor(capacity = SEARCH_VIEWS_KEPT) {
    this.#views = new BoundedMap(capacity);
  }

  /** The view of `needle`: the remembered one (marked recently used), else `build()`'s, kept in place of the least recently used. */
  viewOf(needle: string, build: () => SearchView<T>): SearchView<T> {
    return this.#views.memo(needle, build);
  }

  /** A job appeared (or reappeared after a change) as `state`. */
  added(item: T, state: Searchable): void {
    for (const [needle, view] of this.#views.entries()) {
      if (!this.match(state.search, needle)) continue;
      view.all.insert(item);
      view.byStatus[state.status].insert(item);
    }
  }

  /** A job left `state` (its order key, status and search text before the change or removal). */
  removed(state: Searchable): void {
    for (const [needle, view] of this.#views.entries()) {
      if (!this.match(state.search, needle)) continue;
      view.all.remove(state);
      view.byStatus[state.status].remove(state);
    }
  }

  /** Forgets every view. */
  // Stryker disable all: only a choice switch and the control API's reset forget the views; a run does neither
  clear(): void {
    this.#views.clear();
  }
  // Stryker restore all
}
