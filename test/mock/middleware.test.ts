/**
 * The mock mounted in an express app with createMiddleware from
 * @mswjs/http-middleware, over real HTTP: same behaviour as the standalone server.
 */
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { createJobsMiddleware, type JobsMiddleware } from '../../mock/middleware.js';
import { API, client, send, validJob } from './helpers.js';

let server: Server;
let url: string;
let middleware: JobsMiddleware;
beforeAll(async () => {
  const app = express();
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  middleware = createJobsMiddleware({ bodyLimit: 4096 });
  app.use(middleware);
  app.use((_req, res) => {
    res.status(404).json({ fallthrough: true });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => middleware.core.reset());

describe('express middleware', () => {
  it("serves the API: create (201, Location on the app's own origin), read, list, delete", async () => {
    const api = client({ url });
    const created = await api.post('/jobs', validJob({ salary: { amount: 42, period: { id: 3 } } }));
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`${url}${API}/jobs/${created.json.id}`);
    expect(created.text).toContain('"amount":42.0000');
    expect(validators.job(created.json).ok).toBe(true);
    expect((await api.get(`/jobs/${created.json.id}`)).text).toBe(created.text);
    expect((await api.get('/jobs')).json.paging.total).toBe(1);
    const deleted = await api.del(`/jobs/${created.json.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
  });

  it('rejects malformed JSON with 400 (the bytes reach the handlers untouched)', async () => {
    const res = await client({ url }).post('/jobs', '{"title": ');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('malformed_json');
  });

  it('enforces the body limit itself: 413 past it, no job created', async () => {
    const res = await client({ url }).post('/jobs', validJob({ pad: 'x'.repeat(5000) }));
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('payload_too_large');
    expect(middleware.core.snapshot().jobs).toEqual([]);
  });

  it('401, 415 and reference lists behave as on the standalone server', async () => {
    expect((await send(url, { path: '/jobs', apiKey: null })).status).toBe(401);
    expect((await send(url, { method: 'POST', path: '/jobs', body: validJob(), contentType: 'text/plain' })).status).toBe(415);
    expect((await send(url, { path: '/positiontypes', apiKey: null })).json.data.length).toBeGreaterThan(0);
  });

  it('serves the control API and lets other routes through', async () => {
    expect((await send(url, { method: 'POST', path: '/__control/clock', body: { now: '2025-01-01T00:00:00Z' } })).json).toEqual({
      now: '2025-01-01T00:00:00.000Z',
      frozen: true,
    });
    expect((await send(url, { path: `${url}/health` })).json).toEqual({ ok: true });
    expect((await send(url, { path: `${url}/elsewhere` })).json).toEqual({ fallthrough: true });
  });
});

describe('profiles through the middleware and the MSW handlers', () => {
  it('createJobsMiddleware({ profile, choices }) and createHandlers({ profile }) build their core with that profile', async () => {
    const { createHandlers } = await import('../../mock/handlers/create-handlers.js');
    const { setupServer } = await import('msw/node');
    const jobs = createJobsMiddleware({ profile: 'alt', choices: { 'order.ties': 'id-desc' } });
    expect(jobs.core.profile).toMatchObject({ profile: 'alt', choices: { 'paging.link-form': 'relative', 'order.ties': 'id-desc' } });
    const { MockCore } = await import('../../mock/core/mock-core.js');
    const core = new MockCore({ profile: 'random', profileSeed: 3 });
    expect(core.profile.profileSeed).toBe(3);
    const msw = setupServer(...createHandlers({ baseUrl: 'https://jobs.example.test', profile: 'alt' }));
    msw.listen({ onUnhandledRequest: 'bypass' });
    try {
      const res = await fetch('https://jobs.example.test/api/v1.1/jobs', { headers: { 'API-Key': 'nope' } });
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    } finally {
      msw.close();
    }
    expect(() => createJobsMiddleware({ profile: 'nope' })).toThrow(/unknown profile/);
  });

  it('guards the control API as the server does: a foreign Origin cannot reset it; the journal records API requests', async () => {
    await send(url, { method: 'POST', path: '/jobs', body: validJob() });
    const refused = await send(url, { method: 'POST', path: '/__control/reset', apiKey: null, headers: { origin: 'http://evil.example' } });
    expect([refused.status, refused.json.code]).toEqual([403, 'forbidden_origin']);
    expect(middleware.core.snapshot().jobs).toHaveLength(1);
    expect((await send(url, { method: 'POST', path: '/__control/reset', apiKey: null, headers: { origin: url } })).status).toBe(204);
    await send(url, { path: '/jobs' });
    expect(middleware.core.requests().map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([`GET ${API}/jobs 200`]);
  });
});
