/**
 * @module One exchange as the forwarder saw it: the exact bytes both ways,
 * the raw header lists, and where it sits in the proxy's order of events
 * (two exchanges are compared only when one ended before the other began).
 */

/** A flat `[name, value, name, value, ...]` list, as node:http gives and takes it (case, order and repeats kept). */
export type RawHeaders = readonly string[];

export interface CapturedExchange {
  /** Event number when the request's head arrived at the proxy. */
  readonly startSeq: number;
  /** Event number when the target's response had fully arrived (undefined while in flight). */
  endSeq?: number;
  readonly startedAt: number;
  durationMs: number;
  readonly method: string;
  /** The request target as the client sent it (path and query). */
  readonly url: string;
  readonly requestHeaders: RawHeaders;
  /** The request body bytes; undefined when empty, or when larger than the capture limit (`requestTooLarge`). */
  requestBody?: Buffer;
  requestTooLarge?: boolean;
  status?: number;
  responseHeaders?: RawHeaders;
  /** The response body bytes as they travelled (still encoded when Content-Encoding is set). */
  responseBody?: Buffer;
  responseTooLarge?: boolean;
  /** A transport failure instead of a response (the target refused, reset or timed out; the client went away). */
  error?: string;
}

/**
 * The first value of header `name` (case-insensitive) in a raw list.
 *
 * @example
 * headerOf(['Content-Type', 'application/json'], 'content-type'); // 'application/json'
 */
export function headerOf(headers: RawHeaders | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (let i = 0; i + 1 < headers.length; i += 2) {
    const candidate = headers[i]!;
    // The length first: most names differ in it, and then no lower-case copy is made (each exchange asks many times).
    if (candidate.length === wanted.length && candidate.toLowerCase() === wanted) return headers[i + 1];
  }
  return undefined;
}
