/**
 * @module The forwarding path, a relay at the connection level: each client
 * connection gets its own connection to the target, and bytes go on both
 * ways as they arrive. A response is never touched: status line, raw
 * headers, framing and body bytes (still encoded) reach the client as the
 * target sent them. Of a request only the head changes, and only where it
 * must: Host (unless kept) and the target's base path. A copy of each
 * direction runs through an HTTP parser (http-parser-js) that cuts the
 * streams into exchanges, handed over once a response is complete, so
 * validation never sits between the target and the client.
 */
import { isIP, connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { HTTPParser, methods } from 'http-parser-js';
import type { CapturedExchange } from './captured-exchange.js';

/** Bodies larger than this are forwarded but not kept for validation. */
export const DEFAULT_CAPTURE_LIMIT = 4 * 1024 * 1024;

const CLIENT_GONE = 'the client went away before the response was complete';

/** How long `close()` lets exchanges in flight finish before it cuts their connections. */
const CLOSE_GRACE_MS = 5_000;

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
  /** The `connection` listener for a `net.Server` (`allowHalfOpen: true`: a client that has sent all it will still gets its answer). */
  connection: (client: Socket) => void;
  /** Closes idle connections now and busy ones once their last response is through; resolves when all are gone. */
  close(): Promise<void>;
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
 * The request head for the target: the base path put before an origin-form target, and the Host value
 * replaced (when `host` is given); every other byte as the client sent it.
 *
 * @example
 * rewriteHead(Buffer.from('GET /api/v1.1/jobs HTTP/1.1\r\nhost: proxy:4020\r\n\r\n'), '/base', 'target:4010').toString();
 * // 'GET /base/api/v1.1/jobs HTTP/1.1\r\nhost: target:4010\r\n\r\n'
 */
export function rewriteHead(head: Buffer, prefix: string, host: string | undefined): Buffer {
  if (prefix === '' && host === undefined) return head;
  let text = head.toString('latin1');
  if (prefix !== '') text = text.replace(/^(\s*[^\s]+ )\//, (_, method: string) => `${method}${prefix}/`);
  if (host !== undefined)
    text = text.replace(/(\n)(host)(:[ \t]*)[^\r\n]*/i, (_, nl: string, name: string, colon: string) => `${nl}${name}${colon}${host}`);
  return Buffer.from(text, 'latin1');
}

/** What http-parser-js tells of a message head (its `info`). */
interface HeadInfo {
  versionMajor: number;
  versionMinor: number;
  headers: string[];
  method: number;
  url: string;
  statusCode: number;
  upgrade: boolean;
}

/**
 * One http-parser-js parser over one direction of a connection. `offset` is the parser's read position in the
 * chunk it is executing: not in its typings, but what lets the relay cut a request where its head ends and where
 * the message ends (the version is pinned exactly in package.json, and the pipelined, chunked and split-head cases of
 * test/proxy/relay.test.ts fail if it moves).
 */
interface StreamParser {
  offset: number;
  execute(chunk: Buffer): number | Error;
  finish(): void | Error;
  [HTTPParser.kOnHeadersComplete]: (info: HeadInfo) => number | void;
  [HTTPParser.kOnBody]: (chunk: Buffer, start: number, length: number) => void;
  [HTTPParser.kOnMessageComplete]: () => void;
}

/** http-parser-js's own reader of one head line: it decodes with the package-wide `HTTPParser.encoding`. */
const readLine = (HTTPParser.prototype as unknown as { consumeLine: (this: StreamParser) => string | undefined }).consumeLine;

/**
 * The relay's parsers read head lines as latin1: header values as bytes, the way node:http's rawHeaders gives them
 * (the package's default, ascii, drops the high bit). The package has only a package-wide setting for it, and
 * setting that once would change what every other user of the package in the process reads (autocannon, for one).
 * So each of the relay's parsers reads a line with latin1 in place for that one synchronous call, which decodes and
 * runs no other code; test/proxy/relay.test.ts checks that another parser in the process still reads ascii.
 */
function readLatin1Line(this: StreamParser): string | undefined {
  const shared = HTTPParser.encoding;
  HTTPParser.encoding = 'latin1';
  try {
    return readLine.call(this);
  } finally {
    HTTPParser.encoding = shared;
  }
}

function parserFor(
  type: 'REQUEST' | 'RESPONSE',
  on: { head: (info: HeadInfo) => number | void; body: (bytes: Buffer) => void; end: () => void },
): StreamParser {
  const parser = new HTTPParser(type) as unknown as StreamParser & { consumeLine: typeof readLatin1Line };
  parser.consumeLine = readLatin1Line;
  parser[HTTPParser.kOnHeadersComplete] = on.head;
  parser[HTTPParser.kOnBody] = (chunk, start, length) => on.body(chunk.subarray(start, start + length));
  parser[HTTPParser.kOnMessageComplete] = on.end;
  return parser;
}

interface InFlight {
  exchange: CapturedExchange;
  started: number;
  requestCapture: Capture;
  responseCapture: Capture;
}

interface RelayContext {
  readonly options: ForwarderOptions;
  readonly prefix: string;
  readonly host: string | undefined;
  readonly limit: number;
  readonly nextSeq: () => number;
  readonly closing: () => boolean;
  /** Opens a connection to the target. */
  readonly connect: () => Socket;
}

/** How to reach the target: TCP, or TLS with SNI (not for an IP address) and HTTP/1.1 by ALPN; worked out once. */
function connectorFor(target: URL): () => Socket {
  const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (target.protocol !== 'https:') return () => tcpConnect({ host, port, allowHalfOpen: true });
  const options = { host, port, ALPNProtocols: ['http/1.1'], ...(isIP(host) ? {} : { servername: host }) };
  return () => tlsConnect(options);
}

/**
 * One client connection and its connection to the target (opened with the first request). Requests queue in
 * `#inFlight` in the order they were sent (HTTP/1.1 answers in order, pipelined or not); each response
 * completes the oldest.
 */
class Relay {
  readonly #inFlight: InFlight[] = [];
  readonly #requests: StreamParser;
  readonly #responses: StreamParser;
  #upstream: Socket | undefined;
  /** Bytes of a request head that has not ended yet (a head split over reads). */
  #head: Buffer[] = [];
  /** The chunk the request parser is reading, and where in it the bytes not yet forwarded begin. */
  #chunk: Buffer = Buffer.alloc(0);
  #from = 0;
  #inBody = false;
  /** Set by a request that asks for an upgrade: what follows it from the client is forwarded unread. */
  #upgrading = false;
  #requestsUnread = false;
  /** After a 101, or once the target's bytes do not parse: still forwarded, no longer judged. */
  #responsesUnread = false;
  /** Part of a response has arrived and it is not complete (a 502 can no longer be sent). */
  #responding = false;
  #interim = false;
  /** The client has closed its side (a client that aborts looks the same as one that half-closes). */
  #clientEnded = false;

  constructor(
    private readonly client: Socket,
    private readonly ctx: RelayContext,
  ) {
    client.setNoDelay(true);
    this.#requests = parserFor('REQUEST', {
      head: (info) => this.#requestHead(info),
      body: (bytes) => this.#inFlight.at(-1)?.requestCapture.add(bytes),
      end: () => this.#requestEnd(),
    });
    this.#responses = parserFor('RESPONSE', {
      head: (info) => this.#responseHead(info),
      body: (bytes) => this.#inFlight[0]?.responseCapture.add(bytes),
      end: () => this.#responseEnd(),
    });
    client.on('data', (chunk: Buffer) => this.#fromClient(chunk));
    // Half-closed: the client has sent all it will; the target may still answer.
    client.on('end', () => {
      this.#clientEnded = true;
      if (this.#upstream) this.#upstream.end();
      else client.end();
    });
    client.on('error', () => undefined);
    client.on('close', () => this.#clientClosed());
  }

  /** Closes the connection both ways if nothing is in flight; true if it did. */
  closeIfIdle(): boolean {
    if (this.#inFlight.length > 0) return false;
    this.client.destroy();
    this.#upstream?.destroy();
    return true;
  }

  destroy(): void {
    this.client.destroy();
  }

  #fromClient(chunk: Buffer): void {
    if (this.#requestsUnread) return this.#toUpstream(chunk);
    this.#chunk = chunk;
    this.#from = 0;
    if (this.#requests.execute(chunk) instanceof Error) return this.#badRequest();
    if (this.#inBody || this.#requestsUnread) this.#toUpstream(chunk.subarray(this.#from));
    else if (this.#from < chunk.length) this.#head.push(chunk.subarray(this.#from));
  }

  #requestHead(info: HeadInfo): number {
    const end = this.#requests.offset;
    const last = this.#chunk.subarray(this.#from, end);
    // Most heads arrive in one read: no copy then.
    const head = this.#head.length === 0 ? last : Buffer.concat([...this.#head, last]);
    this.#head = [];
    this.#from = end;
    this.#inBody = true;
    this.#upgrading = info.upgrade;
    const exchange: CapturedExchange = {
      startSeq: this.ctx.nextSeq(),
      startedAt: Date.now(),
      durationMs: 0,
      method: methods[info.method] ?? String(info.method),
      url: info.url,
      requestHeaders: info.headers,
    };
    this.#inFlight.push({
      exchange,
      started: performance.now(),
      requestCapture: new Capture(this.ctx.limit),
      responseCapture: new Capture(this.ctx.limit),
    });
    this.ctx.options.onStart?.(exchange);
    this.#toUpstream(rewriteHead(head, this.ctx.prefix, this.ctx.host));
    return 0;
  }

  #requestEnd(): void {
    const end = this.#requests.offset;
    this.#toUpstream(this.#chunk.subarray(this.#from, end));
    this.#from = end;
    this.#inBody = false;
    if (this.#upgrading) this.#requestsUnread = true;
    const last = this.#inFlight.at(-1);
    if (!last) return;
    const body = last.requestCapture.bytes();
    if (body) last.exchange.requestBody = body;
    if (last.requestCapture.overflow) last.exchange.requestTooLarge = true;
  }

  #toUpstream(bytes: Buffer): void {
    if (bytes.length === 0) return;
    const upstream = (this.#upstream ??= this.#connect());
    // Backpressure both ways: a side that cannot keep up pauses the other (one wait at a time).
    if (!upstream.write(bytes) && !this.client.isPaused()) {
      this.client.pause();
      upstream.once('drain', () => this.client.resume());
    }
  }

  #connect(): Socket {
    const upstream = this.ctx.connect();
    upstream.setNoDelay(true);
    upstream.on('data', (chunk: Buffer) => this.#fromUpstream(chunk));
    upstream.on('end', () => this.#upstreamEnded());
    upstream.on('error', (error) => this.#upstreamFailed(error));
    return upstream;
  }

  #fromUpstream(chunk: Buffer): void {
    // Forwarded first: reading the copy never delays the client.
    if (!this.client.write(chunk) && !this.#upstream!.isPaused()) {
      this.#upstream!.pause();
      this.client.once('drain', () => this.#upstream?.resume());
    }
    if (this.#responsesUnread) return;
    this.#responding = true;
    const parsed = this.#responses.execute(chunk);
    if (parsed instanceof Error) this.#stopReading(`the target's response could not be read: ${parsed.message}`);
  }

  #responseHead(info: HeadInfo): number {
    const current = this.#inFlight[0];
    if (!current) {
      this.#stopReading('the target sent a response to no request');
      return 1;
    }
    // A 1xx other than 101 is interim: the final response to the same request follows.
    this.#interim = info.statusCode >= 100 && info.statusCode < 200 && info.statusCode !== 101;
    if (this.#interim) return 0;
    current.exchange.status = info.statusCode;
    current.exchange.responseHeaders = info.headers;
    if (info.upgrade) this.#responsesUnread = true;
    // RFC 9112 6.3: the answer to a HEAD has no body, whatever its Content-Length says.
    return current.exchange.method === 'HEAD' ? 1 : 0;
  }

  #responseEnd(): void {
    if (this.#interim) {
      this.#interim = false;
      return;
    }
    this.#responding = false;
    const current = this.#inFlight.shift();
    if (!current) return;
    // The target has answered in full and the client has the bytes: from here on, its effects are acknowledged.
    current.exchange.endSeq = this.ctx.nextSeq();
    const answer = current.responseCapture.bytes();
    if (answer) current.exchange.responseBody = answer;
    if (current.responseCapture.overflow) current.exchange.responseTooLarge = true;
    this.#finish(current);
    if (this.ctx.closing()) this.closeIfIdle();
  }

  #finish(current: InFlight, error?: string): void {
    if (error !== undefined) current.exchange.error = error;
    current.exchange.endSeq ??= this.ctx.nextSeq();
    current.exchange.durationMs = performance.now() - current.started;
    // Handed over at once, so exchanges reach the inspector in the order the target finished them.
    this.ctx.options.onEnd(current.exchange);
  }

  /** Every exchange still in flight ends without a response. */
  #failAll(error: string): void {
    for (const current of this.#inFlight.splice(0)) {
      delete current.exchange.status;
      delete current.exchange.responseHeaders;
      const body = current.requestCapture.bytes();
      if (body) current.exchange.requestBody = body;
      this.#finish(current, error);
    }
  }

  #stopReading(error: string): void {
    this.#responsesUnread = true;
    this.#failAll(error);
  }

  #upstreamEnded(): void {
    // A response framed by neither length nor chunks ends with the connection.
    if (this.#responding && !this.#responsesUnread) this.#responses.finish();
    this.#failAll(this.#clientEnded ? CLIENT_GONE : 'the target closed the connection before its response was complete');
    this.client.end();
  }

  #upstreamFailed(error: Error): void {
    if (!this.#responding && this.#inFlight.length > 0 && this.client.writable) {
      const text = `jobs-conformance proxy: cannot reach the target: ${error.message}\n`;
      this.client.end(
        `HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
      );
    } else this.client.destroy();
    this.#failAll(`the target failed: ${error.message}`);
  }

  /** The client sent something that is not HTTP/1.x: answered as node:http would, and the connection closed. */
  #badRequest(): void {
    this.#requestsUnread = true;
    if (this.#inFlight.length === 0) this.client.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else this.client.destroy();
  }

  #clientClosed(): void {
    this.#failAll(CLIENT_GONE);
    this.#upstream?.destroy();
  }
}

/**
 * The relay that forwards to `target` and reports each exchange.
 *
 * @example
 * const forwarder = createForwarder({ target: new URL('http://127.0.0.1:4010'), onEnd: (x) => queue.push(x) });
 * net.createServer({ allowHalfOpen: true }, forwarder.connection).listen(4020);
 */
export function createForwarder(options: ForwarderOptions): Forwarder {
  let seq = 0;
  let closing = false;
  const relays = new Map<Relay, Promise<void>>();
  const ctx: RelayContext = {
    options,
    prefix: options.target.pathname.replace(/\/$/, ''),
    host: options.preserveHost ? undefined : options.target.host,
    limit: options.captureLimit ?? DEFAULT_CAPTURE_LIMIT,
    nextSeq: () => ++seq,
    closing: () => closing,
    connect: connectorFor(options.target),
  };
  return {
    connection: (client) => {
      const relay = new Relay(client, ctx);
      relays.set(relay, new Promise<void>((resolve) => client.once('close', () => resolve(void relays.delete(relay)))));
      if (closing) relay.closeIfIdle();
    },
    close: async () => {
      closing = true;
      for (const relay of relays.keys()) relay.closeIfIdle();
      // A busy connection ends after its last response; one that never finishes is cut after a grace period.
      const grace = setTimeout(() => [...relays.keys()].forEach((relay) => relay.destroy()), CLOSE_GRACE_MS);
      await Promise.all(relays.values());
      clearTimeout(grace);
    },
  };
}
