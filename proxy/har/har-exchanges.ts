/**
 * @module HAR entries as the proxy's captured exchanges, so recorded traffic is judged by the very checks that
 * judge live traffic. Which entries are the API's: those under `{base}/api/v1.1`, where the base is given or,
 * when it is not, read off the entries (one base only). Where each sits in the order of events comes from its
 * recorded start and duration, so two requests recorded in flight together are never taken as one after the other.
 */
import type { HarEntry, HarLog } from '../../reports/har/har.js';
import { API_PREFIX } from '../../vocabulary/index.js';
import type { CapturedExchange, RawHeaders } from '../relay/captured-exchange.js';
import { HarInputError } from './har-input-error.js';

export interface HarExchanges {
  /** The server's base address (before `/api/v1.1`), without a trailing slash. */
  base: URL;
  /** The API's exchanges, each with its place in the order of events. */
  exchanges: CapturedExchange[];
  /** Entries outside the API prefix (other hosts, pages, assets), skipped. */
  ignored: number;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Statuses whose responses have no body (RFC 9110, 15.3.5 and 15.4.5). */
const NO_BODY_STATUSES = new Set([204, 304]);

function rawHeaders(list: HarEntry['request']['headers'], drop: readonly string[] = []): RawHeaders {
  const out: string[] = [];
  // HTTP/2 pseudo-headers (`:authority`) are no headers of the message.
  for (const { name, value } of list) if (!name.startsWith(':') && !drop.includes(name.toLowerCase())) out.push(name, value);
  return out;
}

function decoded(text: string, encoding: string | undefined, where: string): Buffer {
  if (encoding === undefined || encoding === '') return Buffer.from(text, 'utf8');
  if (encoding !== 'base64') throw new HarInputError('BAD_BODY', `${where}: unknown body encoding "${encoding}"`, { where, encoding });
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 === 1 || !BASE64.test(compact)) {
    throw new HarInputError('BAD_BODY', `${where}: the body is marked base64 but is not base64`, { where });
  }
  return Buffer.from(compact, 'base64');
}

/** The Content-Length a message's headers declare, if any. */
function declaredLength(headers: HarEntry['request']['headers']): number | undefined {
  const header = headers.find(({ name }) => name.toLowerCase() === 'content-length');
  return header === undefined ? undefined : Number(header.value);
}

/**
 * A body the producer left out (HAR lets it omit the text) is unknown, not empty: it is judged by no body check.
 * Size -1 is HAR's "not available": Playwright writes it for a response the page never read to its end, so
 * only a declared length of 0 (or a status without a body) makes such a body empty.
 */
function bodyOf(
  text: string | undefined,
  size: number,
  encoding: string | undefined,
  where: string,
  empty: () => boolean,
): { body?: Buffer; unknown?: true } {
  if (text === undefined) return size === 0 || (size < 0 && empty()) ? {} : { unknown: true };
  const bytes = decoded(text, encoding, where);
  return bytes.length > 0 ? { body: bytes } : {};
}

/** `{base}` of a URL whose path holds `/api/v1.1` as whole segments, else undefined. */
function baseOf(url: URL): string | undefined {
  const at = url.pathname.search(new RegExp(`${API_PREFIX.replace(/\./g, '\\.')}(?:/|$)`));
  return at < 0 ? undefined : `${url.origin}${url.pathname.slice(0, at)}`;
}

function parsedUrl(entry: HarEntry, index: number): URL {
  try {
    return new URL(entry.request.url);
  } catch (error) {
    throw new HarInputError(
      'NOT_HAR',
      `entry ${index}: request.url ${JSON.stringify(entry.request.url)} is not an absolute URL`,
      { index },
      { cause: error },
    );
  }
}

function chooseBase(entries: readonly HarEntry[], given: URL | undefined): string {
  if (given) return `${given.origin}${given.pathname.replace(/\/+$/, '')}`;
  const bases = new Set(entries.map((entry, index) => baseOf(parsedUrl(entry, index))).filter((base) => base !== undefined));
  if (bases.size > 1) {
    throw new HarInputError(
      'SEVERAL_BASES',
      `the entries reach the API at several addresses (${[...bases].join(', ')}): name one with --base-url`,
      {
        bases: [...bases],
      },
    );
  }
  const [only] = bases;
  if (only === undefined) {
    throw new HarInputError(
      'NO_API_ENTRY',
      `no entry is a request under ${API_PREFIX} (${entries.length} entries): is this the API's traffic? --base-url names the server`,
      {
        entries: entries.length,
      },
    );
  }
  return only;
}

function captured(entry: HarEntry, index: number, url: URL, base: string): Omit<CapturedExchange, 'startSeq'> {
  const where = `entry ${index} (${entry.request.method} ${entry.request.url})`;
  // The suite marks what it abridged: that text is not the body as sent, so it is judged like an omitted one.
  const request = bodyOf(
    entry.request.postData?._abridged ? undefined : entry.request.postData?.text,
    entry.request.bodySize,
    entry.request.postData?._encoding,
    `${where}, request`,
    () => (declaredLength(entry.request.headers) ?? 0) === 0,
  );
  const failed = entry.response.status === 0;
  const response = failed
    ? {}
    : bodyOf(
        entry.response.content._abridged ? undefined : entry.response.content.text,
        entry.response.content.size,
        entry.response.content.encoding,
        `${where}, response`,
        () => NO_BODY_STATUSES.has(entry.response.status) || declaredLength(entry.response.headers) === 0,
      );
  return {
    startedAt: Date.parse(entry.startedDateTime),
    durationMs: Math.max(0, entry.time),
    method: entry.request.method.toUpperCase(),
    url: `${url.pathname.slice(new URL(base).pathname.replace(/\/+$/, '').length)}${url.search}`,
    requestHeaders: rawHeaders(entry.request.headers),
    ...(request.body ? { requestBody: request.body } : {}),
    ...(request.unknown ? { requestTooLarge: true } : {}),
    ...(failed
      ? { error: entry.response._failureText ?? 'no response recorded' }
      : {
          status: entry.response.status,
          // HAR keeps the body decoded: its Content-Encoding no longer describes the bytes here.
          responseHeaders: rawHeaders(entry.response.headers, ['content-encoding']),
          ...(response.body ? { responseBody: response.body } : {}),
          ...(response.unknown ? { responseTooLarge: true } : {}),
        }),
  };
}

/** Each exchange's start and end as numbered events: in time order, a start before an end at the same instant. */
function sequence(exchanges: Array<Omit<CapturedExchange, 'startSeq'>>): CapturedExchange[] {
  const events = exchanges.flatMap((x, index) => [
    { index, at: x.startedAt, end: false },
    { index, at: x.startedAt + x.durationMs, end: true },
  ]);
  events.sort((a, b) => a.at - b.at || Number(a.end) - Number(b.end) || a.index - b.index);
  const seq = new Map<number, { start?: number; end?: number }>();
  events.forEach((event, n) => {
    const at = seq.get(event.index) ?? {};
    if (event.end) at.end = n;
    else at.start = n;
    seq.set(event.index, at);
  });
  return exchanges.map((x, index) => ({ ...x, startSeq: seq.get(index)!.start!, endSeq: seq.get(index)!.end! }));
}

/**
 * The API's exchanges of a HAR log, in the order of events.
 *
 * @example
 * const { exchanges, ignored } = harExchanges(har, new URL('http://127.0.0.1:4010'));
 */
export function harExchanges(har: HarLog, baseUrl?: URL): HarExchanges {
  const entries = har.log.entries;
  const base = chooseBase(entries, baseUrl);
  const prefix = `${base}${API_PREFIX}`;
  const api: Array<Omit<CapturedExchange, 'startSeq'>> = [];
  let ignored = 0;
  entries.forEach((entry, index) => {
    const url = parsedUrl(entry, index);
    const href = `${url.origin}${url.pathname}`;
    if (href === prefix || href.startsWith(`${prefix}/`)) api.push(captured(entry, index, url, base));
    else ignored++;
  });
  if (api.length === 0) {
    throw new HarInputError('NO_API_ENTRY', `no entry is a request under ${prefix} (${entries.length} entries ignored)`, {
      prefix,
      ignored,
    });
  }
  return { base: new URL(base), exchanges: sequence(api), ignored };
}
