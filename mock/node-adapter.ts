/**
 * @module The lean node:http adapter: reads the body (with a size limit),
 * builds a CoreRequest without Fetch/Request objects, writes the CoreResponse.
 * It is the standalone server's fast path (bench/RESULTS.md, GET by id against a bare node:http server):
 * no Promise is made unless the handler returns one, and a request without a
 * body is answered in the same tick it arrives.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ApiError } from './core/http/api-error.js';
import { DEFAULT_BODY_LIMIT, type CoreHandler, type CoreRequest, type CoreResponse } from './core/http/core-types.js';
import { isPromise } from './core/http/maybe-async.js';

export { DEFAULT_BODY_LIMIT };

const HOST_RE = /^[A-Za-z0-9.\-:[\]]+$/;

function tooLarge(limit: number): ApiError {
  return new ApiError(413, 'payload_too_large', `The request body is larger than ${limit} bytes`, [], { headers: { connection: 'close' } });
}

/** RFC 9112 6.3: a request with neither header has no body (most GETs), so there is nothing to wait for. */
function hasNoBody(req: IncomingMessage): boolean {
  return req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
}

/** Calls back once: `done` with the body (undefined when empty), or `failed` (a 413 ApiError past the limit, or a stream error). */
function readBody(req: IncomingMessage, limit: number, done: (body: Buffer | undefined) => void, failed: (error: unknown) => void): void {
  if (Number(req.headers['content-length']) > limit) {
    req.resume();
    failed(tooLarge(limit));
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  req.on('data', (chunk: Buffer) => {
    if (settled) return;
    size += chunk.length;
    if (size > limit) {
      settled = true;
      chunks.length = 0;
      failed(tooLarge(limit));
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (settled) return;
    settled = true;
    done(size === 0 ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
  });
  req.on('error', (error) => {
    if (settled) return;
    settled = true;
    failed(error);
  });
}

/** The base URL a Host header gives, or the server's own; the last one is kept, since a client sends the same Host every time. */
function baseUrlOf(fallback: () => string): (host: string | undefined) => string {
  let lastHost: string | undefined;
  let lastUrl = '';
  return (host) => {
    if (host !== undefined && host === lastHost) return lastUrl;
    if (host === undefined || !HOST_RE.test(host)) return fallback();
    lastHost = host;
    lastUrl = `http://${host}`;
    return lastUrl;
  };
}

function coreRequest(req: IncomingMessage, body: Buffer | undefined, baseUrl: (host: string | undefined) => string): CoreRequest {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const headers = req.headers as Record<string, string>;
  return {
    method: req.method ?? 'GET',
    path: q < 0 ? url : url.slice(0, q),
    query: new URLSearchParams(q < 0 ? '' : url.slice(q + 1)),
    headers,
    body,
    baseUrl: baseUrl(headers.host),
  };
}

function write(res: ServerResponse, response: CoreResponse): void {
  // A flat [name, value, ...] list, which writeHead takes as is: the response's headers stay untouched.
  const headers: Array<string | number> = [];
  for (const name of Object.keys(response.headers)) headers.push(name, response.headers[name]!);
  if (response.body !== undefined) headers.push('content-length', Buffer.byteLength(response.body));
  res.writeHead(response.status, headers);
  res.end(response.body);
}

/** Answers with the error's own response, or a 500 for anything that is not an ApiError. */
function fail(res: ServerResponse, error: unknown): void {
  const apiError =
    error instanceof ApiError ? error : new ApiError(500, 'internal_error', 'The mock failed unexpectedly', [], { cause: error });
  if (!res.headersSent && !res.destroyed) write(res, apiError.toResponse());
}

function send(res: ServerResponse, response: CoreResponse): void {
  try {
    write(res, response);
  } catch (error) {
    fail(res, error);
  }
}

/**
 * A node:http request listener over a core handler.
 *
 * @example
 * http.createServer(createNodeListener(dispatch, () => 'http://127.0.0.1:4010'));
 */
export function createNodeListener(handler: CoreHandler, ownUrl: () => string, bodyLimit = DEFAULT_BODY_LIMIT): RequestListener {
  const baseUrl = baseUrlOf(ownUrl);
  const respond = (req: IncomingMessage, res: ServerResponse, body: Buffer | undefined): void => {
    let result: CoreResponse | Promise<CoreResponse>;
    try {
      result = handler(coreRequest(req, body, baseUrl));
    } catch (error) {
      fail(res, error);
      return;
    }
    if (isPromise(result))
      result.then(
        (response) => send(res, response),
        (error: unknown) => fail(res, error),
      );
    else send(res, result);
  };
  return (req, res) => {
    if (hasNoBody(req)) respond(req, res, undefined);
    else
      readBody(
        req,
        bodyLimit,
        (body) => respond(req, res, body),
        (error) => fail(res, error),
      );
  };
}
