/**
 * @module The forwarding path: every request goes to the target and every
 * response comes back as it was sent (status, reason, the raw header list
 * in its order and case, the body bytes, still encoded). Nothing here parses
 * a body: the bytes are copied aside while they stream, and the exchange is
 * handed over only once the response is complete, so validation never sits
 * between the target and the client.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Pool, type Dispatcher } from 'undici';
import type { CapturedExchange, RawHeaders } from './captured-exchange.js';

/** Bodies larger than this are forwarded but not kept for validation. */
export const DEFAULT_CAPTURE_LIMIT = 4 * 1024 * 1024;

export interface ForwarderOptions {
  /** The target's base address (`http://127.0.0.1:4010`, or with a path prefix). */
  target: URL;
  /** Send the client's Host header on; by default the target's host is sent (virtual hosts, TLS). */
  preserveHost?: boolean;
  captureLimit?: number;
  /** A request head arrived (the exchange is still in flight). */
  onStart?: (exchange: CapturedExchange) => void;
  /** The exchange is over: response forwarded in full, or failed. */
  onEnd: (exchange: CapturedExchange) => void;
}

export interface Forwarder {
  handler: RequestListener;
  /** Closes the pooled connections to the target. */
  close(): void;
}

/** Copies chunks aside up to a limit; past it, keeps nothing (the body is then not validated). */
class Capture {
  readonly #chunks: Buffer[] = [];
  #size = 0;
  overflow = false;
  constructor(private readonly limit: number) {}
  add(chunk: Buffer): void {
    if (this.overflow) return;
    this.#size += chunk.length;
    if (this.#size > this.limit) {
      this.overflow = true;
      this.#chunks.length = 0;
    } else this.#chunks.push(chunk);
  }
  bytes(): Buffer | undefined {
    if (this.overflow || this.#size === 0) return undefined;
    return this.#chunks.length === 1 ? this.#chunks[0] : Buffer.concat(this.#chunks, this.#size);
  }
}

/**
 * RFC 9110 7.6.1: hop-by-hop fields belong to one connection and are not forwarded (undici refuses them);
 * the body's framing is the connection's too: the proxy sends the same bytes with its own framing.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/**
 * The request's raw headers for the target: hop-by-hop ones (and those Connection names) left out, Host replaced unless kept.
 *
 * @example
 * upstreamHeaders(['Host', 'proxy:4020', 'Connection', 'keep-alive', 'API-Key', 'k'], 'target:4010'); // ['Host', 'target:4010', 'API-Key', 'k']
 */
export function upstreamHeaders(raw: RawHeaders, host: string | undefined): string[] {
  const named = new Set<string>();
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'connection') for (const name of raw[i + 1]!.split(',')) named.add(name.trim().toLowerCase());
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name)) continue;
    out.push(raw[i]!, host !== undefined && name === 'host' ? host : raw[i + 1]!);
  }
  return out;
}

/** RFC 9112 6.3: a request with neither header has no body (most GETs): nothing to stream. */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
}

/** The request body, streamed to the target while a copy is kept aside. */
async function* streamed(req: IncomingMessage, capture: Capture): AsyncGenerator<Buffer> {
  for await (const chunk of req) {
    capture.add(chunk as Buffer);
    yield chunk as Buffer;
  }
}

const latin1 = (buffers: Buffer[]): string[] => buffers.map((b) => b.toString('latin1'));

/**
 * The request listener that forwards to `target` (undici, a keep-alive pool), and reports each exchange.
 *
 * @example
 * const forwarder = createForwarder({ target: new URL('http://127.0.0.1:4010'), onEnd: (x) => queue.push(x) });
 * http.createServer(forwarder.handler).listen(4020);
 */
export function createForwarder(options: ForwarderOptions): Forwarder {
  const { target } = options;
  const pool = new Pool(target.origin, { connections: 256, keepAliveTimeout: 4_000 });
  const prefix = target.pathname.replace(/\/$/, '');
  const limit = options.captureLimit ?? DEFAULT_CAPTURE_LIMIT;
  const host = options.preserveHost ? undefined : target.host;
  let seq = 0;

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    // The target's own Date header (if any) is forwarded; node must not add one.
    res.sendDate = false;
    const exchange: CapturedExchange = {
      startSeq: ++seq,
      startedAt: Date.now(),
      durationMs: 0,
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      requestHeaders: req.rawHeaders,
    };
    const started = performance.now();
    options.onStart?.(exchange);
    const requestCapture = new Capture(limit);
    const responseCapture = new Capture(limit);
    let settled = false;
    let abort: ((reason?: Error) => void) | undefined;
    const finish = (error?: string): void => {
      if (settled) return;
      settled = true;
      if (error !== undefined) exchange.error = error;
      exchange.endSeq ??= ++seq;
      exchange.durationMs = performance.now() - started;
      const body = requestCapture.bytes();
      if (body) exchange.requestBody = body;
      if (requestCapture.overflow) exchange.requestTooLarge = true;
      options.onEnd(exchange);
    };
    const body = hasBody(req) ? streamed(req, requestCapture) : null;
    const dispatchHandler: Dispatcher.DispatchHandler = {
      onConnect: (abortRequest) => {
        abort = abortRequest;
      },
      onHeaders: (statusCode, rawHeaders, resume, statusText) => {
        exchange.status = statusCode;
        exchange.responseHeaders = latin1(rawHeaders as unknown as Buffer[]);
        res.writeHead(statusCode, statusText, exchange.responseHeaders as string[]);
        res.on('drain', resume);
        return true;
      },
      onData: (chunk) => {
        responseCapture.add(chunk);
        return res.write(chunk);
      },
      onComplete: () => {
        // The target has answered in full: from here on, its effects are acknowledged.
        exchange.endSeq = ++seq;
        const answer = responseCapture.bytes();
        if (answer) exchange.responseBody = answer;
        if (responseCapture.overflow) exchange.responseTooLarge = true;
        res.end();
        // Handed over at once, so exchanges reach the inspector in the order the target finished them.
        finish();
      },
      onError: (error) => {
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`jobs-conformance proxy: cannot reach the target: ${error.message}\n`);
        } else res.destroy(error);
        finish(`the target failed: ${error.message}`);
      },
    } as Dispatcher.DispatchHandler;
    pool.dispatch({ origin: target.origin, method: exchange.method as Dispatcher.HttpMethod, path: prefix + exchange.url, headers: upstreamHeaders(req.rawHeaders, host), body: body as unknown as Dispatcher.DispatchOptions["body"] }, dispatchHandler);
    res.on('close', () => {
      if (!settled && !res.writableFinished) {
        abort?.(new Error('the client went away'));
        finish('the client went away before the response was complete');
      }
    });
  };
  return { handler, close: () => void pool.close().catch(() => undefined) };
}
