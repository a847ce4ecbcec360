/**
 * @module The forwarding path: every request goes to the target and every
 * response comes back as it was sent (status, reason, the raw header list
 * in its order and case, the body bytes, still encoded). Nothing here parses
 * a body: the bytes are copied aside while they stream, and the exchange is
 * handed over only once the response is complete, so validation never sits
 * between the target and the client.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
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

function withHost(headers: RawHeaders, host: string): string[] {
  const out = [...headers];
  for (let i = 0; i + 1 < out.length; i += 2) if (out[i]!.toLowerCase() === 'host') out[i + 1] = host;
  return out;
}

/**
 * The request listener that forwards to `target`, and reports each exchange.
 *
 * @example
 * const forwarder = createForwarder({ target: new URL('http://127.0.0.1:4010'), onEnd: (x) => queue.push(x) });
 * http.createServer(forwarder.handler).listen(4020);
 */
export function createForwarder(options: ForwarderOptions): Forwarder {
  const { target } = options;
  const secure = target.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: 256 }) : new HttpAgent({ keepAlive: true, maxSockets: 256 });
  const prefix = target.pathname.replace(/\/$/, '');
  const limit = options.captureLimit ?? DEFAULT_CAPTURE_LIMIT;
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
    let settled = false;
    const finish = (error?: string): void => {
      if (settled) return;
      settled = true;
      if (error !== undefined) exchange.error = error;
      exchange.endSeq ??= ++seq;
      exchange.durationMs = performance.now() - started;
      options.onEnd(exchange);
    };

    const headers = options.preserveHost ? req.rawHeaders : withHost(req.rawHeaders, target.host);
    const upstream = send(
      { protocol: target.protocol, hostname: target.hostname, port: target.port, method: exchange.method, path: prefix + exchange.url, headers: headers as string[], agent },
      (answer) => {
        const responseCapture = new Capture(limit);
        exchange.status = answer.statusCode ?? 502;
        exchange.responseHeaders = answer.rawHeaders;
        res.writeHead(exchange.status, answer.statusMessage, answer.rawHeaders);
        answer.on('data', (chunk: Buffer) => {
          responseCapture.add(chunk);
          if (!res.write(chunk)) {
            answer.pause();
            res.once('drain', () => answer.resume());
          }
        });
        answer.on('end', () => {
          // The target has answered in full: from here on, its effects are acknowledged.
          exchange.endSeq = ++seq;
          const body = responseCapture.bytes();
          if (body) exchange.responseBody = body;
          if (responseCapture.overflow) exchange.responseTooLarge = true;
          res.end();
          // Handed over at once, so exchanges reach the inspector in the order the target finished them.
          finish();
        });
        answer.on('error', (error) => {
          res.destroy(error);
          finish(`response from the target failed: ${error.message}`);
        });
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`jobs-conformance proxy: cannot reach the target: ${error.message}\n`);
      } else res.destroy(error);
      finish(`cannot reach the target: ${error.message}`);
    });
    req.on('data', (chunk: Buffer) => {
      requestCapture.add(chunk);
      if (!upstream.write(chunk)) {
        req.pause();
        upstream.once('drain', () => req.resume());
      }
    });
    req.on('end', () => {
      const body = requestCapture.bytes();
      if (body) exchange.requestBody = body;
      if (requestCapture.overflow) exchange.requestTooLarge = true;
      upstream.end();
    });
    res.on('close', () => {
      if (!settled && !res.writableFinished) {
        upstream.destroy();
        finish('the client went away before the response was complete');
      }
    });
  };
  return { handler, close: () => agent.destroy() };
}
