/**
 * @module The suite's exchanges as a HAR 1.2 log (`exchanges.har` beside the reports), so a run opens in any HAR
 * viewer and replays with tools that read HAR (Playwright's routeFromHAR). The exchanges come already redacted
 * from the suite's one HTTP choke point; each entry names its rule (`_ruleId`) and case (`_caseId`).
 */
import type { Exchange } from '../../schemas/types.gen.js';
import type { ToolInfo } from '../tool-info.js';
import type { HarContent, HarEntry, HarLog, HarNameValue } from './har.js';

/** One exchange of the run, as the client recorded it, with when it started and whose case sent it. */
export interface TimedExchange {
  exchange: Exchange;
  startedAt: Date;
  ruleId?: string;
}

/** HAR counts what it does not know as -1 (HAR 1.2: headersSize, bodySize). */
const UNKNOWN = -1;

function headerList(headers: Readonly<Record<string, string>>): HarNameValue[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function queryList(url: string): HarNameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function mimeTypeOf(headers: Readonly<Record<string, string>> | undefined): string {
  return headers?.['content-type'] ?? '';
}

const TRUNCATED = 'body truncated by the suite (the report keeps the first part, or leaves out the jobs of others)';
const ABRIDGED = { comment: TRUNCATED, _abridged: true } as const;

function contentOf(response: NonNullable<Exchange['response']>): HarContent {
  const text = response.body ?? undefined;
  return {
    size: text === undefined ? 0 : Buffer.byteLength(text),
    mimeType: mimeTypeOf(response.headers),
    ...(text !== undefined ? { text } : {}),
    ...(response.bodyTruncated ? ABRIDGED : {}),
  };
}

function entryOf({ exchange, startedAt, ruleId }: TimedExchange): HarEntry {
  const { request } = exchange;
  const response = exchange.response ?? undefined;
  const body = request.body ?? undefined;
  return {
    startedDateTime: startedAt.toISOString(),
    time: exchange.durationMs,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(request.headers),
      queryString: queryList(request.url),
      ...(body !== undefined
        ? { postData: { mimeType: mimeTypeOf(request.headers), text: body, ...(request.bodyTruncated ? ABRIDGED : {}) } }
        : {}),
      headersSize: UNKNOWN,
      bodySize: body === undefined ? 0 : Buffer.byteLength(body),
    },
    response: response
      ? {
          status: response.status,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: headerList(response.headers),
          content: contentOf(response),
          redirectURL: response.headers.location ?? '',
          headersSize: UNKNOWN,
          bodySize: response.body == null ? 0 : Buffer.byteLength(response.body),
        }
      : // A transport failure: HAR has no entry without a response, so status 0, as browsers record a failed request.
        {
          status: 0,
          statusText: '',
          httpVersion: '',
          cookies: [],
          headers: [],
          content: { size: 0, mimeType: '' },
          redirectURL: '',
          headersSize: UNKNOWN,
          bodySize: UNKNOWN,
          ...(exchange.error ? { _failureText: exchange.error } : {}),
        },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    ...(ruleId !== undefined ? { _ruleId: ruleId } : {}),
    ...(exchange.caseId !== undefined ? { _caseId: exchange.caseId } : {}),
  };
}

/** The exchanges in the order they started, the order of a HAR log's entries. */
function inStartOrder(exchanges: readonly TimedExchange[]): TimedExchange[] {
  return [...exchanges].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
}

/**
 * The run's exchanges, in the order they started, as one HAR 1.2 log.
 *
 * @example
 * const har = harOfExchanges(recorded, toolInfo);
 * await writeFile('exchanges.har', JSON.stringify(har));
 */
export function harOfExchanges(exchanges: readonly TimedExchange[], tool: ToolInfo): HarLog {
  return { log: { version: '1.2', creator: { name: tool.name, version: tool.version }, entries: inStartOrder(exchanges).map(entryOf) } };
}

/**
 * The text of harOfExchanges's log (JSON.stringify's, to the character) in pieces of about `pieceSize` characters,
 * each ending at the end of an entry. A run's log is tens of megabytes: built, scrubbed and written whole, it cost
 * about twice the time its pieces do, and held the whole text in memory twice.
 *
 * @example
 * for (const piece of harJsonPieces(recorded, toolInfo)) await file.write(piece);
 */
export function* harJsonPieces(exchanges: readonly TimedExchange[], tool: ToolInfo, pieceSize = 1 << 20): Generator<string> {
  const { log } = harOfExchanges([], tool);
  let piece = `{"log":{"version":${JSON.stringify(log.version)},"creator":${JSON.stringify(log.creator)},"entries":[`;
  let separator = '';
  for (const timed of inStartOrder(exchanges)) {
    piece += separator + JSON.stringify(entryOf(timed));
    separator = ',';
    if (piece.length >= pieceSize) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}]}}`;
}
