/**
 * CORS over real HTTP: the API is open to other origins by default (preflight,
 * Expose-Headers with Location), `cors` narrows or closes it; the control API
 * sends no CORS headers and refuses a foreign Origin with 403, so a page on
 * another origin cannot reset the mock (test/browser/cross-origin.browser.test.ts
 * shows the same in Chromium).
 */
import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { send, startMock, validJob } from './helpers.js';

const EVIL = 'http://evil.example';
const APP = 'http://localhost:5173';

const preflight = (url: string, path: string, origin: string, method = 'POST', headers = 'api-key, content-type') =>
  send(url, {
    method: 'OPTIONS',
    path,
    apiKey: null,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const corsHeaders = (headers: Record<string, string>) => Object.keys(headers).filter((h) => h.startsWith('access-control-'));

describe('CORS for the API (default *)', () => {
  it('answers a preflight with the methods, the key, Content-Type and the override header, on any API path', async () => {
    await using mock = await startMock();
    for (const path of ['/jobs', '/jobs/12', '/positiontypes', '/no-such-thing']) {
      const res = await preflight(mock.url, path, EVIL, 'PUT', 'API-Key, Content-Type, X-HTTP-Method-Override, X-Trace');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']?.split(', ')).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
      const allowed = res.headers['access-control-allow-headers']!.toLowerCase().split(', ');
      expect(allowed).toEqual(expect.arrayContaining(['api-key', 'content-type', 'x-http-method-override', 'x-trace']));
    }
  });

  it('lets scripts read Location after a POST, and errors too', async () => {
    await using mock = await startMock();
    const created = await send(mock.url, { method: 'POST', path: '/jobs', body: validJob(), headers: { origin: APP } });
    expect(created.status).toBe(201);
    expect(created.headers['access-control-allow-origin']).toBe('*');
    expect(created.headers['access-control-expose-headers']!.split(', ')).toContain('Location');
    const unauthorized = await send(mock.url, { path: '/jobs', apiKey: null, headers: { origin: APP } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers['access-control-allow-origin']).toBe('*');
  });

  it('adds nothing to a request without Origin (curl, Node clients)', async () => {
    await using mock = await startMock();
    const res = await send(mock.url, { path: '/jobs' });
    expect(corsHeaders(res.headers)).toEqual([]);
    // A plain OPTIONS (no preflight) still gets the core's 204 with Allow.
    const options = await send(mock.url, { method: 'OPTIONS', path: '/jobs', headers: { origin: APP } });
    expect(options.headers.allow).toContain('POST');
  });
});

describe('cors option', () => {
  it("'off' sends no CORS headers, not even to a preflight", async () => {
    await using mock = await startMock({ cors: 'off' });
    const res = await preflight(mock.url, '/jobs', APP);
    expect(corsHeaders(res.headers)).toEqual([]);
    expect(corsHeaders((await send(mock.url, { path: '/jobs', headers: { origin: APP } })).headers)).toEqual([]);
  });

  it('an origin list allows those origins only, echoed with Vary: Origin', async () => {
    await using mock = await startMock({ cors: `${APP}, http://127.0.0.1:3000` });
    const ok = await preflight(mock.url, '/jobs', APP);
    expect(ok.headers['access-control-allow-origin']).toBe(APP);
    expect(ok.headers.vary).toContain('Origin');
    const get = await send(mock.url, { path: '/jobs', headers: { origin: 'http://127.0.0.1:3000' } });
    expect(get.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    const other = await send(mock.url, { path: '/jobs', headers: { origin: EVIL } });
    expect(other.status).toBe(200);
    expect(corsHeaders(other.headers)).toEqual([]);
    expect(other.headers.vary).toBe('Origin');
  });

  it('rejects a value that is not off, * or origins', async () => {
    await expect(startMock({ cors: 'localhost:5173/app' })).rejects.toThrow(/not an origin/);
    await expect(startMock({ controlCors: '*' })).rejects.toThrow(/origins/);
  });
});

describe('the control API stays same-origin', () => {
  it('refuses a cross-origin POST /__control/reset with 403 (the mock error body); the jobs stay', async () => {
    await using mock = await startMock();
    await send(mock.url, { method: 'POST', path: '/jobs', body: validJob() });
    const res = await send(mock.url, { method: 'POST', path: '/__control/reset', apiKey: null, headers: { origin: EVIL } });
    expect(res.status).toBe(403);
    expect(validators.error(res.json).ok).toBe(true);
    expect(res.json.code).toBe('forbidden_origin');
    expect(corsHeaders(res.headers)).toEqual([]);
    expect(mock.core.snapshot().jobs).toHaveLength(1);
    // Neither a preflight nor the other operations get through.
    expect((await preflight(mock.url, '/__control/faults', EVIL)).status).toBe(403);
    const fault = await send(mock.url, {
      method: 'POST',
      path: '/__control/faults',
      apiKey: null,
      body: { status: 500 },
      headers: { origin: 'null' },
    });
    expect(fault.status).toBe(403);
    expect(mock.core.snapshot().faults).toEqual([]);
  });

  it('accepts its own origin and no Origin at all, with no CORS headers', async () => {
    await using mock = await startMock();
    const own = await send(mock.url, { method: 'POST', path: '/__control/reset', apiKey: null, headers: { origin: mock.url } });
    expect(own.status).toBe(204);
    const none = await send(mock.url, { path: '/__control/state', apiKey: null });
    expect(none.status).toBe(200);
    expect(corsHeaders(none.headers)).toEqual([]);
  });

  it('controlCors allows the origins given, with CORS headers for them only', async () => {
    await using mock = await startMock({ controlCors: APP });
    await send(mock.url, { method: 'POST', path: '/jobs', body: validJob() });
    const pre = await preflight(mock.url, '/__control/reset', APP);
    expect([pre.status, pre.headers['access-control-allow-origin']]).toEqual([204, APP]);
    const reset = await send(mock.url, { method: 'POST', path: '/__control/reset', apiKey: null, headers: { origin: APP } });
    expect([reset.status, reset.headers['access-control-allow-origin']]).toEqual([204, APP]);
    expect(mock.core.snapshot().jobs).toEqual([]);
    expect((await send(mock.url, { method: 'POST', path: '/__control/reset', apiKey: null, headers: { origin: EVIL } })).status).toBe(403);
  });
});
