/**
 * The proxy forwards byte for byte: status, reason, the raw
 * header list (order, case, repeats) and the body bytes are what the target
 * sent, including what a JSON round trip would change: `1.0`, `50000.0000`,
 * integers above 2^53, whitespace, a gzip body (forwarded encoded), and
 * non-ASCII text; and it adds no header of its own.
 */
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/index.js';
import { runProxy, type ProxyServer } from '../../proxy/run-proxy.js';
import { headersWithout, rawRequest } from './raw-http.js';

/** Bodies a re-serializing proxy would change, served as they are written here. */
const FIXED: Record<string, { headers: string[]; body: Buffer }> = {
  '/decimals': { headers: ['Content-Type', 'application/json'], body: Buffer.from('{"salary":{"amount":1.0,"maxAmount":50000.0000}}') },
  '/big-integer': { headers: ['Content-Type', 'application/json'], body: Buffer.from('{"id":9007199254740993,"n":12345678901234567890}') },
  '/whitespace': { headers: ['Content-Type', 'application/json'], body: Buffer.from('{\n  "title" :  "a",\t"x":[ 1 ,2 ]\n}\n') },
  '/gzip': {
    headers: ['Content-Type', 'application/json', 'Content-Encoding', 'gzip', 'X-Repeated', 'one', 'x-repeated', 'two'],
    body: gzipSync('{"amount":50000.0000}'),
  },
  '/non-ascii': {
    headers: ['Content-Type', 'application/json; charset=utf-8'],
    body: Buffer.from('{"title":"Pâtissière à Montréal — 職人 🍰","d":"\\u00e9"}'),
  },
  // UTF-8 bytes in a header value (written through node as the latin1 string of those bytes): forwarded as they are.
  '/non-ascii-header': {
    headers: ['Content-Type', 'application/json', 'X-Place', Buffer.from('Montréal — 職人').toString('latin1')],
    body: Buffer.from('{}'),
  },
};

let fixed: Server;
let fixedUrl: string;
let fixedConnections = 0;
let mock: MockServer;
let toFixed: ProxyServer;
let toMock: ProxyServer;

beforeAll(async () => {
  fixed = createServer((req, res) => {
    const route = FIXED[req.url ?? ''];
    req.resume();
    if (!route) {
      res.writeHead(404, 'Nothing Here', ['Content-Length', '0']);
      res.end();
      return;
    }
    res.writeHead(200, 'Fine Thanks', [...route.headers, 'Content-Length', String(route.body.length)]);
    res.end(route.body);
  });
  fixed.on('connection', () => fixedConnections++);
  await new Promise<void>((resolve) => fixed.listen(0, '127.0.0.1', resolve));
  fixedUrl = `http://127.0.0.1:${(fixed.address() as AddressInfo).port}`;
  mock = await createMockServer({ port: 0, now: '2026-03-01T08:00:00Z' });
  toFixed = await runProxy({ target: fixedUrl });
  toMock = await runProxy({ target: mock.url, preserveHost: true });
});

afterAll(async () => {
  await toFixed?.close();
  await toMock?.close();
  await mock?.close();
  await new Promise<void>((resolve) => fixed.close(() => resolve()));
});

describe('bytes through the proxy equal bytes from the target', () => {
  it.each(Object.keys(FIXED))('%s', async (path) => {
    const direct = await rawRequest(`${fixedUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } });
    const proxied = await rawRequest(`${toFixed.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(proxied.status).toBe(direct.status);
    expect(proxied.statusMessage).toBe(direct.statusMessage);
    // Date is the only header a target sets anew on each answer; its name and place must still match.
    expect(headersWithout(proxied.rawHeaders, ['date'])).toEqual(headersWithout(direct.rawHeaders, ['date']));
    expect(proxied.body.equals(direct.body)).toBe(true);
    expect(proxied.body.equals(FIXED[path]!.body)).toBe(true);
  });

  it("keeps the mock's 50000.0000 amount and every header of a created job", async () => {
    const body = JSON.stringify({
      referenceId: 'fwd-1',
      title: 'Baker',
      description: '<p>Bread</p>',
      locations: [{ description: 'Toronto, ON' }],
      categories: [{ id: 1 }],
      positionType: { id: 1 },
      applicantRoutingType: { id: 1 },
      applicationEmail: 'jobs@example.com',
      salary: { amount: 50000, period: { id: 1 } },
    });
    const headers = { 'api-key': 'demo-key-1', 'content-type': 'application/json' };
    const proxied = await rawRequest(`${toMock.url}/api/v1.1/jobs`, { method: 'PUT', headers, body });
    expect(proxied.body.toString()).toContain('"amount":50000.0000');
    const direct = await rawRequest(`${mock.url}/api/v1.1/jobs`, { method: 'PUT', headers, body });
    const proxiedAgain = await rawRequest(`${toMock.url}/api/v1.1/jobs`, { method: 'PUT', headers, body });
    // The same idempotent PUT, answered twice: once directly, once through the proxy (Location differs only by the Host the client used).
    expect(headersWithout(proxiedAgain.rawHeaders, ['date', 'location'])).toEqual(headersWithout(direct.rawHeaders, ['date', 'location']));
    expect(proxiedAgain.body.equals(direct.body)).toBe(true);
    await toMock.settled();
    expect(toMock.findings()).toEqual([]);
  });

  it('keeps connections alive: sequential requests through the proxy reuse one connection to the target', async () => {
    await using proxy = await runProxy({ target: fixedUrl });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const before = fixedConnections;
    for (let i = 0; i < 5; i++) expect((await rawRequest(`${proxy.url}/decimals`, { agent })).status).toBe(200);
    expect(fixedConnections - before).toBe(1);
    agent.destroy();
  });

  // The target ends its answer only once the client holds the first chunk: a proxy that buffered would never deliver
  // it, and the test would time out. No clock in the assertions.
  it('streams: the first chunk reaches the client while the target is still writing', async () => {
    let firstChunkArrived!: () => void;
    const clientHasFirstChunk = new Promise<void>((resolve) => (firstChunkArrived = resolve));
    const slow = createServer((req, res) => {
      req.resume();
      res.writeHead(200, ['Content-Type', 'application/json']);
      res.write('{"first":');
      void clientHasFirstChunk.then(() => res.end('1}'));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    await using proxy = await runProxy({ target: `http://127.0.0.1:${(slow.address() as AddressInfo).port}` });
    const chunks = await new Promise<string[]>((resolve, reject) => {
      const received: string[] = [];
      request(`${proxy.url}/stream`, (res) => {
        res.on('data', (chunk: Buffer) => {
          received.push(chunk.toString());
          firstChunkArrived();
        });
        res.on('end', () => resolve(received));
      })
        .on('error', reject)
        .end();
    });
    expect(chunks.join('')).toBe('{"first":1}');
    expect(chunks[0]).toBe('{"first":');
    await new Promise<void>((resolve) => slow.close(() => resolve()));
  });

  it('forwards request bodies unchanged (the target sees the bytes the client sent)', async () => {
    let seen: Buffer | undefined;
    const echo = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen = Buffer.concat(chunks);
        res.writeHead(204);
        res.end();
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    await using proxy = await runProxy({ target: `http://127.0.0.1:${(echo.address() as AddressInfo).port}` });
    const sent = Buffer.from('{ "salary" : { "amount" : 1.0 }, "n": 9007199254740993, "t": "Montréal" }');
    await rawRequest(`${proxy.url}/anything`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: sent });
    expect(seen?.equals(sent)).toBe(true);
    await new Promise<void>((resolve) => echo.close(() => resolve()));
  });

  it('validates the decoded copy of a gzip body', async () => {
    const bad = createServer((req, res) => {
      req.resume();
      const body = gzipSync(
        JSON.stringify({ data: [], paging: { total: 5, page: 1, pages: 1, pageSize: 10, previous: null, next: null } }),
      );
      res.writeHead(200, ['Content-Type', 'application/json', 'Content-Encoding', 'gzip', 'Content-Length', String(body.length)]);
      res.end(body);
    });
    await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
    await using proxy = await runProxy({ target: `http://127.0.0.1:${(bad.address() as AddressInfo).port}` });
    const res = await rawRequest(`${proxy.url}/api/v1.1/jobs`, { headers: { 'api-key': 'k-1' } });
    expect(res.rawHeaders).toContain('gzip');
    await proxy.settled();
    // The only page says total 5 but holds none: only the decoded body can tell.
    expect(proxy.findings().map((f) => f.ruleId)).toEqual(['jobs.paging.page-length']);
    await new Promise<void>((resolve) => bad.close(() => resolve()));
  });
});
