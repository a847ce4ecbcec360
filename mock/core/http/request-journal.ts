/**
 * @module The request journal: the last N requests the mock received (not the
 * control API's own), so a test can verify what its client sent. An entry is
 * recorded when the request reaches the core, before it is answered, so
 * requests still in flight (a fault's latency) are visible; status and
 * duration are filled in once answered. Bounded: past N the oldest entry is
 * dropped and counted. Secrets never enter it: the API-Key header (and any
 * header named secret) is redacted, and the key's value is scrubbed from the
 * path, query and body before anything is stored.
 */
import type { CoreRequest, CoreResponse } from './core-types.js';
import { REDACTED, SECRET_HEADERS } from '../../../vocabulary/secrets.js';

/** Default number of entries kept. */
export const DEFAULT_JOURNAL_SIZE = 1000;
/** Bodies are kept up to this many bytes (then `bodyTruncated`). */
export const JOURNAL_BODY_CAP = 64 * 1024;

/** One journaled request, as `GET /__control/requests` and `core.requests()` return it. */
export interface JournalEntry {
  /** 1, 2, 3, ... in arrival order; never reused, not even after a reset. */
  seq: number;
  /** Wall-clock arrival time (ISO 8601), not the mock's clock. */
  receivedAt: string;
  method: string;
  path: string;
  /** The raw query string without `?` ('' when none). */
  query: string;
  /** Lower-case names; secret values replaced by `[redacted]`. */
  headers: Record<string, string>;
  /** The body as UTF-8 text, at most 64 KiB of it; null when the request had none. */
  body: string | null;
  /** The body's full size in bytes. */
  bodyBytes: number;
  bodyTruncated: boolean;
  /** Set once answered. */
  status?: number;
  /** Milliseconds from arrival to the answer, set once answered. */
  durationMs?: number;
}

/** Filters of `GET /__control/requests` and `core.requests()`; all optional, combined with AND. */
export interface JournalFilter {
  /** Only entries with a larger seq (poll with the last seq seen). */
  since?: number;
  /** At most this many entries (the oldest matching first). */
  limit?: number;
  /** Case-insensitive method, e.g. `POST`. */
  method?: string;
  /** The exact path (case-insensitive, a trailing slash ignored), or a prefix ending in `*`: `/api/v1.1/jobs*`. */
  path?: string;
  /** A status (`201`) or a class (`4xx`); requests still in flight match no status. */
  status?: number | string;
}

/** An entry as stored: the arrival time stays a number until someone reads it. */
type StoredEntry = Omit<JournalEntry, 'receivedAt'> & { receivedAt: number };

/** A request as recorded: the entry plus its start time for the duration. */
interface Recorded {
  entry: StoredEntry;
  startedAt: number;
}

const decoder = new TextDecoder();

/** Replaces every occurrence of `secret` in `text`. */
function replaceAll(text: string, secret: string): string {
  return text.includes(secret) ? text.split(secret).join(REDACTED) : text;
}

/** The key as sent, and as a URL or form encoding writes it (in a path, in a query); none without a key. */
function keyForms(key: string | undefined): string[] {
  if (key === undefined || key === '') return [];
  if (/^[\w.~-]+$/.test(key)) return [key]; // nothing an encoding would change
  const forms = new Set([key, encodeURIComponent(key), new URLSearchParams([['', key]]).toString().slice(1)]);
  return [...forms];
}

function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = replaceAll(out, secret);
  return out;
}

function normalPath(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

function statusMatcher(status: number | string): (s: number | undefined) => boolean {
  const text = String(status).toLowerCase();
  if (/^[1-5]xx$/.test(text)) return (s) => s !== undefined && Math.floor(s / 100) === Number(text[0]);
  return (s) => s === Number(text);
}

/** A predicate for one filter (all fields optional). */
function matcher(filter: JournalFilter): (e: StoredEntry) => boolean {
  const method = filter.method?.toUpperCase();
  const path = filter.path === undefined ? undefined : normalPath(filter.path);
  const prefix = path?.endsWith('*') ? path.slice(0, -1) : undefined;
  const status = filter.status === undefined ? undefined : statusMatcher(filter.status);
  const since = filter.since ?? 0;
  return (e) =>
    e.seq > since &&
    (method === undefined || e.method.toUpperCase() === method) &&
    (path === undefined || (prefix !== undefined ? normalPath(e.path).startsWith(prefix) : normalPath(e.path) === path)) &&
    (status === undefined || status(e.status));
}

/**
 * @example
 * const journal = new RequestJournal({ size: 1000 });
 * const recorded = journal.record(req);       // on arrival
 * journal.answered(recorded, res);            // once answered
 * journal.list({ method: 'POST', path: '/api/v1.1/jobs' });
 */
export class RequestJournal {
  /** A ring of at most `size` entries; `next` is where the next one goes. */
  private ring: StoredEntry[] = [];
  private next = 0;
  private seq = 0;
  #dropped = 0;
  private readonly secretHeaders: Set<string>;

  /** `size` (a non-negative integer, checked by MockCore) 0 turns the journal off: record() then does nothing. */
  constructor(readonly size = DEFAULT_JOURNAL_SIZE, secretHeaders: readonly string[] = []) {
    this.secretHeaders = new Set([...SECRET_HEADERS, ...secretHeaders.map((h) => h.toLowerCase())]);
  }

  /** Entries dropped (the oldest first) to keep the last `size`, since the last clear. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Records a request on arrival; undefined when the journal is off. */
  record(req: CoreRequest): Recorded | undefined {
    if (this.size === 0) return undefined;
    const key = keyForms(req.headers['api-key']);
    const headers: Record<string, string> = {};
    for (const name of Object.keys(req.headers)) {
      const value = req.headers[name]!;
      headers[name] = this.secretHeaders.has(name) ? REDACTED : scrub(value, key);
    }
    const bytes = req.body?.byteLength ?? 0;
    const truncated = bytes > JOURNAL_BODY_CAP;
    const body = req.body === undefined ? null : scrub(decoder.decode(truncated ? req.body.subarray(0, JOURNAL_BODY_CAP) : req.body), key);
    const query = req.query.size === 0 ? '' : req.query.toString();
    const entry: StoredEntry = {
      seq: ++this.seq,
      receivedAt: Date.now(),
      method: req.method,
      path: scrub(req.path, key),
      query: query === '' ? '' : scrub(query, key),
      headers,
      body,
      bodyBytes: bytes,
      bodyTruncated: truncated,
    };
    if (this.ring.length < this.size) this.ring.push(entry);
    else {
      this.ring[this.next] = entry;
      this.#dropped++;
    }
    this.next = (this.next + 1) % this.size;
    return { entry, startedAt: performance.now() };
  }

  /** Fills in the status and duration of a recorded request. */
  answered(recorded: Recorded | undefined, res: CoreResponse): void {
    if (recorded === undefined) return;
    recorded.entry.status = res.status;
    recorded.entry.durationMs = Math.round((performance.now() - recorded.startedAt) * 1000) / 1000;
  }

  /** The entries in arrival order, oldest first. */
  private ordered(): StoredEntry[] {
    return this.ring.length < this.size ? this.ring : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }

  /** Matching entries, oldest first (copies: changing them changes nothing here). */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const match = matcher(filter);
    const limit = filter.limit ?? Infinity;
    const found: JournalEntry[] = [];
    for (const entry of this.ordered()) {
      if (found.length >= limit) break;
      if (match(entry)) found.push({ ...entry, receivedAt: new Date(entry.receivedAt).toISOString(), headers: { ...entry.headers } });
    }
    return found;
  }

  /** How many entries match (`limit` is ignored). */
  count(filter: JournalFilter = {}): number {
    const match = matcher(filter);
    return this.ordered().filter(match).length;
  }

  /** Empties the journal and its dropped counter; sequence numbers go on. */
  clear(): void {
    this.ring = [];
    this.next = 0;
    this.#dropped = 0;
  }
}
