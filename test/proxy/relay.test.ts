/**
 * The forwarder is a relay at the connection level: what crosses
 * it is checked here on raw sockets, byte for byte, on the cases a
 * request-by-request proxy gets wrong or cannot see: pipelined requests, a
 * chunked request body (its framing kept), a HEAD answer with a length and
 * no body, an interim 100 Continue, a head split over reads, the base path
 * and Host, a target that cannot be reached, and a client that goes away.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer as createHttpServer, request } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { HTTPParser } from 'http-parser-js';
import { afterEach, describe, expect, it } from 'vitest';
import type { CapturedExchange } from '../../proxy/relay/captured-exchange.js';
import { createForwarder, type Forwarder } from '../../proxy/relay/forwarder.js';
import { runProxy } from '../../proxy/run-proxy.js';
import { rawRequest } from './raw-http.js';
import { until } from './until.js';

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

const listening = (server: Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** A target on a raw socket: it keeps what it received, and answers with `answer(received)` once that returns bytes. */
async function rawTarget(
  answer: (received: Buffer, socket: Socket) => string | undefined,
): Promise<{ port: number; received: () => Buffer; closed: Promise<void> }> {
  let received = Buffer.alloc(0);
  let closedResolve!: () => void;
  const closed = new Promise<void>((resolve) => (closedResolve = resolve));
  const server = createServer((socket) => {
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      pending = Buffer.concat([pending, chunk]);
      const reply = answer(pending, socket);
      if (reply !== undefined) {
        pending = Buffer.alloc(0);
        socket.write(Buffer.from(reply, 'latin1'));
      }
    });
    socket.on('close', () => closedResolve());
  });
  const port = await listening(server);
  open.push({ close: () => new Promise((resolve) => server.close(resolve)) });
  return { port, received: () => received, closed };
}

/** The forwarder on its own server, with every exchange it hands over. */
async function relayTo(
  target: string,
  options: { preserveHost?: boolean; captureLimit?: number } = {},
): Promise<{ port: number; ended: CapturedExchange[]; forwarder: Forwarder }> {
  const ended: CapturedExchange[] = [];
  const forwarder = createForwarder({ target: new URL(target), onEnd: (x) => ended.push(x), ...options });
  const server = createServer({ allowHalfOpen: true }, forwarder.connection);
  const port = await listening(server);
  open.push({ close: () => Promise.all([new Promise((resolve) => server.close(resolve)), forwarder.close()]) });
  return { port, ended, forwarder };
}

/** A raw client: sends `parts` (each its own write, a tick apart) and resolves with what came back once `done` says so. */
function rawClient(port: number, parts: string[], done: (received: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (done(received)) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('error', reject);
    const writeParts = async (): Promise<void> => {
      for (const part of parts) {
        socket.write(Buffer.from(part, 'latin1'));
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    socket.on('connect', () => {
      writeParts().catch(reject);
    });
  });
}

describe('the relay', () => {
  it('cuts pipelined requests into exchanges, keeps a chunked body framed as sent, and answers them in order', async () => {
    const requests = [
      'GET /api/v1.1/jobs/1 HTTP/1.1\r\nHost: proxy\r\nAPI-Key: k\r\n\r\n',
      'HEAD /api/v1.1/jobs/1 HTTP/1.1\r\nHost: proxy\r\nAPI-Key: k\r\n\r\n',
      'POST /api/v1.1/jobs HTTP/1.1\r\nHost: proxy\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n5\r\n{"a":\r\n3\r\n 1}\r\n0\r\n\r\n',
    ];
    const responses = [
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{"amount":1.0}\n',
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n',
      'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"id\r\n5\r\n":7}\n\r\n0\r\n\r\n',
    ];
    let target = await rawTarget(() => undefined);
    const expected = (port: number): string =>
      requests.join('').replaceAll('Host: proxy', `Host: 127.0.0.1:${port}`).replaceAll(' /api/', ' /base/api/');
    target = await rawTarget((received) => (received.toString('latin1') === expected(target.port) ? responses.join('') : undefined));
    const relay = await relayTo(`http://127.0.0.1:${target.port}/base/`);
    const back = await rawClient(relay.port, [requests.join('')], (r) => r.length >= responses.join('').length);
    expect(target.received().toString('latin1')).toBe(expected(target.port));
    expect(back).toBe(responses.join(''));
    await until(() => relay.ended.length === 3);
    expect(relay.ended.map((x) => [x.method, x.url, x.status, x.requestBody?.toString(), x.responseBody?.toString()])).toEqual([
      ['GET', '/api/v1.1/jobs/1', 200, undefined, '{"amount":1.0}\n'],
      ['HEAD', '/api/v1.1/jobs/1', 200, undefined, undefined],
      // The copies aside are the bodies, without their framing.
      ['POST', '/api/v1.1/jobs', 201, '{"a": 1}', '{"id":7}\n'],
    ]);
    const [first, second, third] = relay.ended as [CapturedExchange, CapturedExchange, CapturedExchange];
    // Pipelined: all three had started before the first answer ended, and they ended in order.
    expect(third.startSeq).toBeLessThan(first.endSeq!);
    expect(first.endSeq!).toBeLessThan(second.endSeq!);
    expect(second.endSeq!).toBeLessThan(third.endSeq!);
  });

  it('puts a head split over several reads back together, keeps Host with preserveHost, and waits out a 100 Continue', async () => {
    const head = 'PUT /api/v1.1/jobs/9 HTTP/1.1\r\nHost: proxy:1\r\nExpect: 100-continue\r\nContent-Length: 11\r\n\r\n';
    const target = await rawTarget((received) => {
      const text = received.toString('latin1');
      if (text === head) return 'HTTP/1.1 100 Continue\r\n\r\n';
      if (text === '{"title":1}') return 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}';
      // On a loaded machine the body may reach the target in the same read as the head's end: answer both at once.
      if (text.endsWith(`\r\n\r\n{"title":1}`)) return 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}';
      return undefined;
    });
    const relay = await relayTo(`http://127.0.0.1:${target.port}`, { preserveHost: true });
    const parts = [head.slice(0, 7), head.slice(7, 40), head.slice(40), '{"title":1}'];
    const back = await rawClient(relay.port, parts, (r) => r.endsWith('{}'));
    expect(back).toBe('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}');
    expect(target.received().toString('latin1')).toBe(head + '{"title":1}');
    await until(() => relay.ended.length === 1);
    expect(relay.ended.map((x) => [x.method, x.status, x.requestBody?.toString(), x.responseBody?.toString()])).toEqual([
      ['PUT', 200, '{"title":1}', '{}'],
    ]);
  });

  it('reads header bytes as latin1 in its own parsers only: another user of http-parser-js in the process still reads ascii', async () => {
    const place = Buffer.from('Montréal — 職人').toString('latin1');
    const target = await rawTarget((received) =>
      received.includes('\r\n\r\n') ? `HTTP/1.1 200 OK\r\nX-Place: ${place}\r\nContent-Length: 0\r\n\r\n` : undefined,
    );
    const relay = await relayTo(`http://127.0.0.1:${target.port}`);
    await rawClient(relay.port, [`GET /api/v1.1/jobs HTTP/1.1\r\nHost: proxy\r\nX-Place: ${place}\r\n\r\n`], (r) => r.endsWith('\r\n\r\n'));
    await until(() => relay.ended.length === 1);
    const [exchange] = relay.ended as [CapturedExchange];
    expect(exchange.requestHeaders).toContain(place);
    expect(exchange.responseHeaders).toContain(place);
    // The package-wide setting is left as the package ships it, and a parser of its own reads with it (ascii: the high bit dropped).
    expect(HTTPParser.encoding).toBe('ascii');
    let headers: string[] = [];
    const other = new HTTPParser(HTTPParser.REQUEST);
    other[HTTPParser.kOnHeadersComplete] = (info) => void (headers = info.headers);
    other.execute(Buffer.from(`GET / HTTP/1.1\r\nX-Place: ${place}\r\n\r\n`, 'latin1'));
    expect(headers).toEqual(['X-Place', Buffer.from(place, 'latin1').toString('ascii')]);
    expect(headers[1]).not.toBe(place);
  });

  it('answers 502 when the target cannot be reached, and counts the exchange as failed, not as a finding', async () => {
    // A port that was free a moment ago: nothing listens there once this server is gone.
    const spare = createServer();
    const port = await listening(spare);
    await new Promise((resolve) => spare.close(resolve));
    await using proxy = await runProxy({ target: `http://127.0.0.1:${port}` });
    const res = await rawRequest(`${proxy.url}/api/v1.1/jobs/1`, { headers: { 'api-key': 'k' } });
    expect(res.status).toBe(502);
    expect(res.body.toString()).toMatch(/^jobs-conformance proxy: cannot reach the target: .*ECONNREFUSED/);
    const report = await proxy.report();
    expect(report.proxy).toMatchObject({ exchanges: 1, failedExchanges: 1 });
    expect(proxy.findings()).toEqual([]);
  });

  it('hands over an exchange whose client went away mid-answer, and closes the connection to the target', async () => {
    const target = await rawTarget(() => 'HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"partial":');
    const relay = await relayTo(`http://127.0.0.1:${target.port}`);
    const back = await rawClient(relay.port, ['GET /api/v1.1/jobs HTTP/1.1\r\nHost: x\r\n\r\n'], (r) => r.includes('partial'));
    expect(back).toContain('Content-Length: 100');
    await target.closed;
    await until(() => relay.ended.length === 1);
    expect(relay.ended[0]).toMatchObject({ method: 'GET', error: 'the client went away before the response was complete' });
    expect(relay.ended[0]!.status).toBeUndefined();
  });

  it('forwards bodies past the capture limit whole both ways, to a reader that waits, and hands them over as too large', async () => {
    const big = randomBytes(6 * 1024 * 1024);
    const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
    let uploaded = '';
    const target = createHttpServer((req, res) => {
      const hash = createHash('sha256');
      req.on('data', (chunk: Buffer) => hash.update(chunk));
      req.on('end', () => {
        uploaded = hash.digest('hex');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': big.length });
        for (let i = 0; i < big.length; i += 64 * 1024) res.write(big.subarray(i, i + 64 * 1024));
        res.end();
      });
    });
    const port = await listening(target);
    open.push({ close: () => new Promise((resolve) => target.close(resolve)) });
    const relay = await relayTo(`http://127.0.0.1:${port}`, { captureLimit: 1024 * 1024 });
    const received = await new Promise<Buffer>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: relay.port, method: 'POST', path: '/api/v1.1/jobs', headers: { 'content-length': big.length } },
        (res) => {
          const chunks: Buffer[] = [];
          // Read nothing for a while: the relay pauses the target meanwhile, and every byte still arrives in order.
          res.pause();
          setTimeout(() => res.resume(), 300);
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        },
      );
      req.on('error', reject);
      req.end(big);
    });
    expect(uploaded).toBe(sha(big));
    expect(received.length).toBe(big.length);
    expect(sha(received)).toBe(sha(big));
    await until(() => relay.ended.length === 1);
    expect(relay.ended[0]).toMatchObject({ status: 200, requestTooLarge: true, responseTooLarge: true });
    expect(relay.ended[0]!.requestBody).toBeUndefined();
    expect(relay.ended[0]!.responseBody).toBeUndefined();
  });
});
