/**
 * @module The lean node:http adapter: reads the body (with a size limit),
 * builds a CoreRequest without Fetch/Request objects, writes the CoreResponse.
 * It is the standalone server's fast path (see the throughput targets).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ApiError } from './api-error.js';
import { DEFAULT_BODY_LIMIT, type CoreHandler, type CoreRequest, type CoreResponse } from './core/core-types.js';

export { DEFAULT_BODY_LIMIT };

const HOST_RE = /^[A-Za-z0-9.\-:[\]]+$/;

function tooLarge(limit: number): ApiError {
  return new ApiError(413, 'payload_too_large', `The request body is larger than ${limit} bytes`, [], { headers: { connection: 'close' } });
}

/** Resolves with the body, undefined when empty, or rejects with a 413 ApiError. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    req.resume();
    return Promise.reject(tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(size === 0 ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    });
    req.on('error', (error) => {
      if (!failed) reject(error);
      failed = true;
    });
  });
}

function write(res: ServerResponse, response: CoreResponse): void {
  const headers: Record<string, string | number> = { ...response.headers };
  if (response.body !== undefined) headers['content-length'] = Buffer.byteLength(response.body);
  res.writeHead(response.status, headers);
  res.end(response.body);
}

/**
 * A node:http request listener over a core handler.
 *
 * @example
 * http.createServer(createNodeListener(dispatch, () => 'http://127.0.0.1:4010'));
 */
export function createNodeListener(handler: CoreHandler, baseUrl: () => string, bodyLimit = DEFAULT_BODY_LIMIT): RequestListener {
  return (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const host = req.headers.host;
    const run = async (): Promise<CoreResponse> => {
      const body = await readBody(req, bodyLimit);
      const coreRequest: CoreRequest = {
        method: req.method ?? 'GET',
        path: q < 0 ? url : url.slice(0, q),
        query: new URLSearchParams(q < 0 ? '' : url.slice(q + 1)),
        headers: req.headers as Record<string, string>,
        body,
        baseUrl: host !== undefined && HOST_RE.test(host) ? `http://${host}` : baseUrl(),
      };
      return handler(coreRequest);
    };
    const fail = (error: unknown): void => {
      const apiError = error instanceof ApiError ? error : new ApiError(500, 'internal_error', 'The mock failed unexpectedly', [], { cause: error });
      if (!res.headersSent && !res.destroyed) write(res, apiError.toResponse());
    };
    run().then((response) => {
      try {
        write(res, response);
      } catch (error) {
        fail(error);
      }
    }, fail);
  };
}
