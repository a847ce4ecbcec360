/**
 * @module The single choke point for HTTP. Every request the suite sends goes
 * through `createClient().request`: it applies the per-request timeout, tags
 * X-Conformance-Case-Id, records the exchange (redacted, bodies truncated) into
 * the current case's log, and tells the run's listeners about every response,
 * which is how created jobs are tracked for cleanup whatever rule created them.
 * It also keeps the run to --rate-limit, waits out 429/503 rate limits
 * (suites/http/retry-policy.ts) and adds the --header headers.
 */
import { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import { recordedBody } from '../../reports/recorded-body.js';
import type { Exchange } from '../../schemas/types.gen.js';
import type { TimedExchange } from '../../reports/har/exchanges-har.js';
import { currentCase } from '../contract/case-scope.js';
import { SuiteError, TransportError, messageOf } from '../contract/errors.js';
import type { Redactor } from '../../reports/redactor.js';
import type { RequestPacer } from './request-pacer.js';
import type { RetryPolicy } from './retry-policy.js';
import { dispatchOnce } from './dispatch-once.js';
import type { ApiResponse, Client, RequestOptions } from '../contract/rule.js';
import { API_KEY_HEADER, NEAR_MISS_KEY_KINDS, nearMissKey } from '../../vocabulary/index.js';

// Bodies are recorded the way every report records them (the proxy's too).
export { MAX_RECORDED_BODY } from '../../reports/recorded-body.js';

/** Whose key a client sends: decides which key cleanup uses and which env var a curl names. */
export type KeyOwner = 'primary' | 'second';

/** What a listener learns about each response (never the key). */
export interface ObservedResponse {
  owner: KeyOwner;
  method: string;
  url: URL;
  status: number;
  headers: Record<string, string>;
  json: unknown;
  /** False when the request carried another key than the owner's (or none). */
  ownKey: boolean;
}

export interface ClientOptions {
  /** API root, e.g. `http://127.0.0.1:4010/api/v1.1` (no trailing slash). */
  apiRoot: string;
  apiKey: string;
  owner: KeyOwner;
  timeoutMs: number;
  redactor: Redactor;
  /** Aborts in-flight requests when the run is interrupted. */
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
  /** Case id sent outside any case (preflight, discovery, cleanup). */
  defaultCaseId?: string;
  onResponse?: (response: ObservedResponse) => void;
  onRequest?: () => void;
  /** Told each exchange once it is over (answered or failed), already redacted: the run's HAR log. */
  onExchange?: (recorded: TimedExchange) => void;
  /** Spaces requests under --rate-limit; shared by every client of the run. */
  pacer?: RequestPacer;
  /** Bounds the requests in flight; shared by every client of the run (suites/engine/concurrency-governor.ts). */
  gate?: RequestGate;
  /** Retries rate-limited requests; shared by every client of the run. */
  retry?: RetryPolicy;
  /** --header headers sent with every request (a rule's own headers win). */
  extraHeaders?: Readonly<Record<string, string>>;
}

/** A bound on the requests in flight: a request takes a slot before it is sent and gives it back once answered. */
export interface RequestGate {
  acquire(): Promise<void>;
  release(): void;
}

/** The env var a curl reproducer names for each owner's key. */
export const KEY_ENV: Record<KeyOwner, string> = { primary: 'JOBS_API_KEY', second: 'JOBS_SECOND_API_KEY' };

/** Connections per rule in flight: its own request, and the cleanup of its last case running beside it. */
export const CONNECTIONS_PER_RULE = 2;
/** Connections beyond those: a rule may send a few requests at once (the concurrency rules race up to 6, a case's cleanup deletes 4 at once). */
export const PARALLEL_HEADROOM = 8;

/**
 * A keep-alive agent whose connect timeout follows --timeout-ms, with a pool per origin sized to
 * `concurrency` (CONNECTIONS_PER_RULE per rule in flight, plus PARALLEL_HEADROOM): enough that a
 * request seldom waits for a socket, few enough to stay polite. Close it when the run ends.
 */
export function createAgent(timeoutMs: number, concurrency = 1): Agent {
  return new Agent({
    connect: { timeout: timeoutMs },
    keepAliveTimeout: 2_000,
    connections: concurrency * CONNECTIONS_PER_RULE + PARALLEL_HEADROOM,
  });
}

/**
 * Creates a Client for one API key.
 *
 * @example
 * const client = createClient({ apiRoot, apiKey, owner: 'primary', timeoutMs: 10_000, redactor });
 * const res = await client.request({ method: 'GET', path: '/jobs', query: { q: 'jc1a2b3c-' } });
 */
export function createClient(options: ClientOptions): Client {
  const root = new URL(options.apiRoot);
  return {
    apiRoot: options.apiRoot,
    request: <T>(req: RequestOptions) => send<T>(options, root, req),
    nearMissKeyKinds: () => NEAR_MISS_KEY_KINDS.filter((kind) => nearMissKey(options.apiKey, kind) !== undefined),
  };
}

/** The API-Key value `req` asks for: the client's own, none, a given one, or a near miss of the client's own. */
function keyOf(options: ClientOptions, req: RequestOptions): string | null {
  const asked = req.apiKey === undefined ? options.apiKey : req.apiKey;
  if (asked === null || typeof asked === 'string') return asked;
  const variant = nearMissKey(options.apiKey, asked.nearMiss);
  if (variant === undefined) throw new SuiteError('INTERNAL', `the key has no near miss "${asked.nearMiss}" (ask nearMissKeyKinds first)`);
  return variant;
}

function buildUrl(apiRoot: string, root: URL, req: RequestOptions): URL {
  const url = /^https?:\/\//i.test(req.path) ? new URL(req.path) : new URL(apiRoot + req.path);
  // Never send a key to another host, even if a paging link points there.
  if (url.origin !== root.origin) {
    throw new SuiteError('INTERNAL', `refusing to send the API key to ${url.origin} (target is ${root.origin})`);
  }
  for (const [name, value] of Object.entries(req.query ?? {})) {
    if (value !== undefined) url.searchParams.append(name, String(value));
  }
  return url;
}

function buildBody(req: RequestOptions): string | undefined {
  if (req.rawBody !== undefined) return req.rawBody;
  if (req.body === undefined) return undefined;
  return JSON.stringify(req.body);
}

/** `body` in two chunks: a stream, which undici sends with Transfer-Encoding: chunked and no Content-Length. */
function inChunks(body: string): Readable {
  const bytes = Buffer.from(body, 'utf8');
  const half = Math.floor(bytes.length / 2);
  return Readable.from([bytes.subarray(0, half), bytes.subarray(half)]);
}

function buildHeaders(options: ClientOptions, req: RequestOptions, body: string | undefined, caseId: string): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-conformance-case-id': caseId };
  for (const [name, value] of Object.entries(options.extraHeaders ?? {})) headers[name.toLowerCase()] = value;
  const key = keyOf(options, req);
  if (key !== null) headers[API_KEY_HEADER] = key;
  const contentType = req.contentType === undefined ? (body === undefined ? null : 'application/json') : req.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  for (const [name, value] of Object.entries(req.headers ?? {})) headers[name.toLowerCase()] = value;
  return headers;
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Each answer's JSON as parsed here, by its recorded exchange, when the recorded body is the answer as sent. */
const parsedAnswers = new WeakMap<Exchange, unknown>();

/**
 * The JSON of an exchange's answer, as the client parsed it when it came (the body recorded is then the answer as sent,
 * neither cut nor redacted), so a reader of a case's exchanges need not parse a body again; else undefined.
 *
 * @example
 * const answer = parsedAnswerOf(exchange); // { json: { id: 1000001, ... } }
 */
export function parsedAnswerOf(exchange: Exchange): { json: unknown } | undefined {
  return parsedAnswers.has(exchange) ? { json: parsedAnswers.get(exchange) } : undefined;
}

const BYTE_ORDER_MARK = '\uFEFF';
// Keeps a byte order mark, so a rule can see what the server sent (one decoder: decode() without stream keeps no state).
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The body as JSON, or undefined; a byte order mark before it is read past (RFC 8259 8.1: a parser may ignore one). */
function parseJson(text: string): unknown {
  const json = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  if (json.trim() === '') return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

function transportError(error: unknown, timedOut: boolean, options: ClientOptions, method: string, url: URL): TransportError {
  const where = `${method} ${url.pathname}`;
  const context = { method, path: url.pathname };
  if (options.signal?.aborted) return new TransportError('INTERRUPTED', `${where}: run interrupted`, { cause: error, context });
  const code = (error as { code?: string } | undefined)?.code ?? '';
  if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new TransportError('REQUEST_TIMEOUT', `${where}: no response within ${options.timeoutMs} ms`, { cause: error, context });
  }
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause?.code ?? code;
  const detail = cause ? `${cause}` : messageOf(error);
  return new TransportError('TARGET_UNREACHABLE', `${where}: no response from ${url.origin} (${detail})`, { cause: error, context });
}

/** Sends one request, pacing it and retrying it while the target rate-limits it. */
async function send<T>(options: ClientOptions, root: URL, req: RequestOptions): Promise<ApiResponse<T>> {
  for (let retry = 0; ; retry++) {
    await options.pacer?.take(options.signal);
    await options.gate?.acquire();
    let response: ApiResponse<T>;
    try {
      response = await sendOnce<T>(options, root, req);
    } finally {
      options.gate?.release();
    }
    // Every attempt stays in the case's log; only the last one's answer reaches the rule.
    const wait = options.retry?.waitBeforeRetry(response, retry, `${response.exchange.request.method} ${req.path.split('?')[0]}`);
    if (wait === undefined) return response;
    await options.retry!.wait(wait, options.signal);
  }
}

async function sendOnce<T>(options: ClientOptions, root: URL, req: RequestOptions): Promise<ApiResponse<T>> {
  const url = buildUrl(options.apiRoot, root, req);
  const method = req.method.toUpperCase();
  const body = buildBody(req);
  const log = currentCase();
  const caseId = log?.caseId ?? options.defaultCaseId ?? 'run';
  const headers = buildHeaders(options, req, body, caseId);
  const { redactor } = options;
  const exchange: Exchange = {
    caseId,
    request: {
      method,
      url: redactor.redact(url.href),
      // The framing undici gives a streamed body, recorded so the reproducer sends it the same way.
      headers: redactor.redactHeaders(req.chunked ? { ...headers, 'transfer-encoding': 'chunked' } : headers),
      ...recordedBody(body === undefined ? undefined : redactor.redact(body)),
    },
    durationMs: 0,
  };
  const key = headers[API_KEY_HEADER];
  if (key === options.apiKey) exchange.request.keyEnv = KEY_ENV[options.owner];
  log?.exchanges.push(exchange);
  options.onRequest?.();
  const startedAt = new Date();

  // One controller per request for the whole-request timeout and the run's abort
  // (cheaper than AbortSignal.timeout + AbortSignal.any on every request).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`no response within ${options.timeoutMs} ms`, 'TimeoutError'));
  }, options.timeoutMs);
  timer.unref();
  const runSignal = options.signal;
  const onRunAbort = (): void => controller.abort(runSignal?.reason);
  if (runSignal?.aborted) onRunAbort();
  else runSignal?.addEventListener('abort', onRunAbort, { once: true });
  const signal = controller.signal;
  const started = performance.now();
  try {
    const res = await dispatchOnce(options.dispatcher, url, {
      method,
      headers,
      body: req.chunked && body !== undefined ? inChunks(body) : body,
      signal,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const text = utf8.decode(res.body);
    const recorded = req.recordResponse ? req.recordResponse(text) : text;
    const responseHeaders = flattenHeaders(res.headers);
    exchange.durationMs = Math.round(performance.now() - started);
    exchange.response = {
      status: res.statusCode,
      headers: redactor.redactHeaders(responseHeaders),
      ...recordedBody(text === '' ? undefined : redactor.redact(recorded)),
      // A body the rule abridged (other employers' jobs left out) is not the answer as sent: say so, as for a cut one.
      ...(recorded !== text ? { bodyTruncated: true as const } : {}),
    };
    const json = parseJson(text) as T | undefined;
    if (exchange.response.body === text) parsedAnswers.set(exchange, json);
    options.onResponse?.({
      owner: options.owner,
      method,
      url,
      status: res.statusCode,
      headers: responseHeaders,
      json,
      ownKey: key === options.apiKey,
    });
    return { status: res.statusCode, headers: responseHeaders, text, json, exchange };
  } catch (error) {
    exchange.durationMs = Math.round(performance.now() - started);
    const failure = transportError(error, timedOut, options, method, url);
    exchange.error = redactor.redact(failure.message);
    throw failure;
  } finally {
    clearTimeout(timer);
    runSignal?.removeEventListener('abort', onRunAbort);
    options.onExchange?.({ exchange, startedAt, ...(log?.ruleId !== undefined ? { ruleId: log.ruleId } : {}) });
  }
}
