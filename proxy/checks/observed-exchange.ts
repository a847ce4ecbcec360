/**
 * @module What the checks read of a captured exchange: its operation, the
 * API key it carried (kept in memory only, to keep one model per employer),
 * the bodies decoded (Content-Encoding undone on a copy) and parsed, and
 * its redacted record for a report. Built after the response was forwarded.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { recordedBody } from '../../reports/recorded-body.js';
import { validators } from '../../schemas/index.js';
import type { Exchange, Job, JobList } from '../../schemas/types.gen.js';
import type { Redactor } from '../../reports/redactor.js';
import { API_KEY_HEADER, isSecretHeader, REDACTED } from '../../vocabulary/index.js';
import { headerOf, type CapturedExchange, type RawHeaders } from '../relay/captured-exchange.js';
import { exchangeOperation, type ExchangeOperation } from '../relay/route.js';

export interface Body {
  /** The decoded text; undefined when there was no body, or it could not be kept or decoded (`problem`). */
  text?: string;
  /** The parsed JSON; undefined when the text is not JSON (`jsonError`). */
  json?: unknown;
  jsonError?: string;
  /** Why the body could not be read (too large to keep, unknown encoding). */
  problem?: string;
  /** Bytes travelled (0 when none). */
  bytes: number;
}

export interface ObservedExchange {
  readonly captured: CapturedExchange;
  readonly op: ExchangeOperation;
  /** The API-Key header's value; never leaves memory (reports show REDACTED). */
  readonly apiKey: string | undefined;
  /** The key as it names an employer: undefined without a key, and for a key a recording redacted (employerKeyOf). */
  readonly employerKey: string | undefined;
  readonly request: Body;
  readonly response: Body;
  /** The redacted record a finding carries. */
  record(): Exchange;
  /** The response body as a Job (full) when it validates, else undefined (validated once, shared by every check). */
  job(): Job | undefined;
  /** The response body as a job list when it validates (validated once). */
  list(): JobList | undefined;
}

function decode(bytes: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
    case '':
      return bytes;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(bytes);
    case 'deflate':
      return inflateSync(bytes);
    case 'br':
      return brotliDecompressSync(bytes);
    default:
      throw new Error(`unknown Content-Encoding ${encoding}`);
  }
}

function readBody(bytes: Buffer | undefined, tooLarge: boolean | undefined, headers: RawHeaders | undefined): Body {
  if (tooLarge) return { problem: 'larger than the capture limit: forwarded, not checked', bytes: Number.NaN };
  if (!bytes) return { bytes: 0 };
  let text: string;
  try {
    text = decode(bytes, headerOf(headers, 'content-encoding')).toString('utf8');
  } catch (error) {
    return { problem: `cannot decode: ${(error as Error).message}`, bytes: bytes.length };
  }
  try {
    return { text, json: JSON.parse(text), bytes: bytes.length };
  } catch (error) {
    return { text, jsonError: (error as Error).message, bytes: bytes.length };
  }
}

function recordHeaders(raw: RawHeaders | undefined, redactor: Redactor): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw) return out;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    // Credential headers are never recorded (the shared list).
    const value = isSecretHeader(name) ? REDACTED : redactor.redact(raw[i + 1]!);
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

/**
 * The API-Key of a request as it names an employer. A recording that replaced its keys by REDACTED (the suite's own
 * exchanges.har) names none: every employer would look the same, so the checks that follow employers stay silent.
 *
 * @example
 * employerKeyOf(['API-Key', '[redacted]']); // undefined
 */
export function employerKeyOf(headers: RawHeaders): string | undefined {
  const key = headerOf(headers, API_KEY_HEADER);
  return key === REDACTED ? undefined : key;
}

/**
 * Reads a captured exchange; `targetBase` makes the recorded URL the target's.
 *
 * @example
 * const x = observe(captured, new URL('http://127.0.0.1:4010'), redactor);
 * x.op.kind; // 'create'
 */
export function observe(captured: CapturedExchange, targetBase: URL, redactor: Redactor): ObservedExchange {
  const apiKey = headerOf(captured.requestHeaders, API_KEY_HEADER);
  redactor.add(apiKey);
  const request = readBody(captured.requestBody, captured.requestTooLarge, captured.requestHeaders);
  const response = readBody(captured.responseBody, captured.responseTooLarge, captured.responseHeaders);
  const op = exchangeOperation(captured.method, captured.url, captured.requestHeaders);
  let record: Exchange | undefined;
  let job: { value: Job | undefined } | undefined;
  let list: { value: JobList | undefined } | undefined;
  const valid = <T>(result: { ok: true; value: T } | { ok: false }): { value: T | undefined } => ({
    value: result.ok ? result.value : undefined,
  });
  return {
    captured,
    op,
    apiKey,
    employerKey: employerKeyOf(captured.requestHeaders),
    request,
    response,
    record: () => (record ??= toRecord(captured, request, response, targetBase, redactor)),
    job: () => (job ??= valid(validators.job(response.json))).value,
    list: () => (list ??= valid(validators.jobList(response.json))).value,
  };
}

function toRecord(captured: CapturedExchange, request: Body, response: Body, targetBase: URL, redactor: Redactor): Exchange {
  const bodyText = (body: Body): string | undefined => body.text ?? (body.problem ? `(${body.problem})` : undefined);
  const exchange: Exchange = {
    request: {
      method: captured.method,
      url: `${targetBase.origin}${targetBase.pathname.replace(/\/$/, '')}${captured.url}`,
      headers: recordHeaders(captured.requestHeaders, redactor),
      ...recordedBody(mapDefined(bodyText(request), (text) => redactor.redact(text))),
    },
    durationMs: Math.round(captured.durationMs * 1000) / 1000,
  };
  if (captured.status !== undefined) {
    exchange.response = {
      status: captured.status,
      headers: recordHeaders(captured.responseHeaders, redactor),
      ...recordedBody(mapDefined(bodyText(response), (text) => redactor.redact(text))),
    };
  }
  if (captured.error !== undefined) exchange.error = captured.error;
  return exchange;
}

function mapDefined<T, U>(value: T | undefined, f: (value: T) => U): U | undefined {
  return value === undefined ? undefined : f(value);
}
