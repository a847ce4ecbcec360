/**
 * @module The request journal: the last N requests the mock received (not the
 * control API's own), so a test can verify what its client sent. An entry is
 * recorded when the request reaches the core, before it is answered, so
 * requests still in flight (a fault's latency) are visible; status and
 * duration are filled in once answered. Bounded: past N the oldest entry is
 * dropped and counted. Recording costs little: an entry keeps references to
 * what the request already holds (its headers object, a copy of its body
 * bytes) and two numbers, and is written out only when read. Secrets never
 * leave it: in everything it returns the API-Key header (and any header named
 * secret) is redacted, and the key's value is scrubbed from the path, query
 * and body.
 */
import type { CoreRequest, CoreResponse } from './core-types.js';
import { API_KEY_HEADER, REDACTED, SECRET_HEADERS } from '../../../vocabulary/secrets.js';

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

/**
 * An entry as recorded: the request's own headers object (adapters hand each
 * request a fresh one and nothing changes it), a copy of its body bytes (at
 * most JOURNAL_BODY_CAP of them), the times on the monotonic clock. Written
 * out as a JournalEntry, redacted, when read.
 */
class StoredEntry {
  status: number | undefined = undefined;
  answeredAt = 0;
  /** The scrubbed path, made the first time a filter reads it. */
  #path: string | undefined;

  constructor(
    readonly seq: number,
    readonly startedAt: number,
    readonly method: string,
    readonly rawPath: string,
    readonly rawQuery: string,
    readonly headers: Readonly<Record<string, string>>,
    readonly body: Uint8Array | undefined,
    readonly bodyBytes: number,
  ) {}

  /** The API key as sent and in its encoded forms: what is scrubbed from the rest. */
  keys(): string[] {
    return keyForms(this.headers[API_KEY_HEADER]);
  }

  path(): string {
    return (this.#path ??= scrub(this.rawPath, this.keys()));
  }
}

/** A request as recorded, for answered(). */
type Recorded = StoredEntry;

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
    (path === undefined || (prefix !== undefined ? normalPath(e.path()).startsWith(prefix) : normalPath(e.path()) === path)) &&
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
  constructor(
    readonly size = DEFAULT_JOURNAL_SIZE,
    secretHeaders: readonly string[] = [],
  ) {
    this.secretHeaders = new Set([...SECRET_HEADERS, ...secretHeaders.map((h) => h.toLowerCase())]);
  }

  /** Entries dropped (the oldest first) to keep the last `size`, since the last clear. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Records a request on arrival; undefined when the journal is off. Nothing is copied but the body's bytes. */
  record(req: CoreRequest): Recorded | undefined {
    if (this.size === 0) return undefined;
    const body = req.body;
    const bytes = body === undefined ? 0 : body.byteLength;
    // A copy: the adapter's buffer may be a slice of a larger one, which the entry would otherwise keep alive.
    const kept = body === undefined ? undefined : new Uint8Array(body.subarray(0, JOURNAL_BODY_CAP));
    const query = req.query.size === 0 ? '' : req.query.toString();
    const entry = new StoredEntry(++this.seq, performance.now(), req.method, req.path, query, req.headers, kept, bytes);
    if (this.ring.length < this.size) this.ring.push(entry);
    else {
      this.ring[this.next] = entry;
      this.#dropped++;
    }
    this.next = this.next + 1 === this.size ? 0 : this.next + 1;
    return entry;
  }

  /** Fills in the status and duration of a recorded request. */
  answered(recorded: Recorded | undefined, res: CoreResponse): void {
    if (recorded === undefined) return;
    recorded.status = res.status;
    recorded.answeredAt = performance.now();
  }

  /** An entry as returned: redacted, scrubbed, its body decoded, its times as ISO text and milliseconds. */
  private written(entry: StoredEntry): JournalEntry {
    const key = entry.keys();
    const headers: Record<string, string> = {};
    for (const name of Object.keys(entry.headers)) {
      headers[name] = this.secretHeaders.has(name) ? REDACTED : scrub(entry.headers[name]!, key);
    }
    const written: JournalEntry = {
      seq: entry.seq,
      receivedAt: new Date(Math.round(performance.timeOrigin + entry.startedAt)).toISOString(),
      method: entry.method,
      path: entry.path(),
      query: entry.rawQuery === '' ? '' : scrub(entry.rawQuery, key),
      headers,
      body: entry.body === undefined ? null : scrub(decoder.decode(entry.body), key),
      bodyBytes: entry.bodyBytes,
      bodyTruncated: entry.bodyBytes > JOURNAL_BODY_CAP,
    };
    if (entry.status !== undefined) {
      written.status = entry.status;
      written.durationMs = Math.round((entry.answeredAt - entry.startedAt) * 1000) / 1000;
    }
    return written;
  }

  /** The entries in arrival order, oldest first. */
  private ordered(): StoredEntry[] {
    return this.ring.length < this.size ? this.ring : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }

  /** Matching entries, oldest first (written out on each call: changing them changes nothing here). */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const match = matcher(filter);
    const limit = filter.limit ?? Infinity;
    const found: JournalEntry[] = [];
    for (const entry of this.ordered()) {
      if (found.length >= limit) break;
      if (match(entry)) found.push(this.written(entry));
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
