/**
 * The control API under /__control (HTTP) and the same operations on the
 * object createMockServer returns; fault injection; the transform option.
 */
import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { CONTROL_ROUTES, type CoreHandler, type MockServer } from '../../mock/index.js';
import { client, KEY_2, type MockClient, send, startMock, useMock, validJob } from './helpers.js';

let mock: MockServer;
let api: MockClient;
useMock((started) => ({ mock, api } = started), {});

const control = (method: string, path: string, body?: unknown) => send(mock.url, { method, path: `/__control${path}`, body, apiKey: null });

describe('control API over HTTP', () => {
  it('GET /state dumps employers (without keys), jobs as the API returns them, clock and faults', async () => {
    const job = (await api.post('/jobs', validJob())).json;
    const state = (await control('GET', '/state')).json;
    expect(state.employers).toEqual([
      { id: 101, name: 'Maple Leaf Staffing', plan: 'unlimited' },
      { id: 102, name: 'Northern Lights Outfitters', plan: 'standard' },
    ]);
    expect(state.jobs).toEqual([job]);
    expect(JSON.stringify(state)).not.toContain('demo-key');
    expect(state).toMatchObject({ clockFrozen: false, faults: [] });
  });

  it('POST /reset removes jobs, restores employers, clock and faults', async () => {
    await api.post('/jobs', validJob());
    await control('POST', '/employers', [{ id: 5, name: 'Temp', apiKey: 'temp-key' }]);
    await control('POST', '/clock', { now: '2020-01-01T00:00:00Z' });
    await control('POST', '/faults', { status: 500, count: 'unlimited', path: '/jobs/' });
    expect((await control('POST', '/reset')).status).toBe(204);
    const state = (await control('GET', '/state')).json;
    expect(state).toMatchObject({ jobs: [], faults: [], clockFrozen: false });
    expect(state.employers.map((e: { id: number }) => e.id)).toEqual([101, 102]);
    expect((await api.post('/jobs', validJob())).json.id).toBe(1);
  });

  it('POST /employers adds employers with their keys, or renames by id; rejects a bad list with 400', async () => {
    const added = await control('POST', '/employers', [{ id: 9, name: 'Boreal Bakery', apiKey: 'bakery-key', plan: 'unlimited' }]);
    expect(added.status).toBe(200);
    const bakery = client(mock, 'bakery-key');
    const job = (await bakery.post('/jobs', validJob())).json;
    expect(job.employer).toEqual({ id: 9, name: 'Boreal Bakery' });
    await control('POST', '/employers', [{ id: 9, name: 'Boreal Bakery Ltd', apiKey: 'bakery-key-2' }]);
    expect((await bakery.get('/jobs')).status).toBe(401);
    expect((await client(mock, 'bakery-key-2').get(`/jobs/${job.id}`)).json.employer.name).toBe('Boreal Bakery Ltd');
    for (const bad of [
      {},
      [{ id: 0, name: 'x', apiKey: 'k' }],
      [{ id: 3, name: 'x'.repeat(129), apiKey: 'k' }],
      [{ id: 3, name: 'x', apiKey: 'demo-key-1' }],
    ]) {
      const res = await control('POST', '/employers', bad);
      expect(res.status).toBe(400);
      expect(validators.error(res.json).ok).toBe(true);
    }
  });

  it('POST /jobs seeds jobs (by employerId or apiKey, publishDate allowed), all or none', async () => {
    const seeded = await control('POST', '/jobs', {
      employerId: 102,
      jobs: [validJob({ publishDate: '2024-12-24T00:00:00Z' }), validJob()],
    });
    expect(seeded.status).toBe(201);
    expect(seeded.json.data).toHaveLength(2);
    expect(seeded.json.data[0].publishDate).toBe('2024-12-24T00:00:00.000Z');
    expect((await client(mock, KEY_2).get('/jobs')).json.paging.total).toBe(2);
    const bad = await control('POST', '/jobs', { apiKey: 'demo-key-1', jobs: [validJob(), validJob({ title: '' })] });
    expect(bad.status).toBe(400);
    expect((await api.get('/jobs')).json.paging.total).toBe(0);
    expect((await control('POST', '/jobs', { employerId: 999, jobs: [] })).status).toBe(400);
  });

  it('GET/POST /clock set, advance and release the clock', async () => {
    expect((await control('POST', '/clock', { now: '2025-05-05T05:05:05Z' })).json).toEqual({
      now: '2025-05-05T05:05:05.000Z',
      frozen: true,
    });
    expect((await control('POST', '/clock', { advanceMs: 1000 })).json.now).toBe('2025-05-05T05:05:06.000Z');
    expect((await api.post('/jobs', validJob())).json.publishDate).toBe('2025-05-05T05:05:06.000Z');
    expect((await control('POST', '/clock', { real: true })).json.frozen).toBe(false);
    expect((await control('POST', '/clock', { now: 'not a date' })).status).toBe(400);
    expect((await control('GET', '/clock')).json.frozen).toBe(false);
  });

  it('POST /faults: a status for the next N matching requests, then normal again', async () => {
    const job = (await api.post('/jobs', validJob())).json;
    expect(
      (await control('POST', '/faults', { status: 503, count: 2, method: 'GET', path: '/jobs', headers: { 'retry-after': '2' } })).status,
    ).toBe(201);
    expect((await send(mock.url, { path: '/positiontypes', apiKey: null })).status).toBe(200); // path does not match
    const first = await api.get(`/jobs/${job.id}`);
    expect(first.status).toBe(503);
    expect(first.headers['retry-after']).toBe('2');
    expect(first.json.code).toBe('injected_fault');
    expect((await api.get('/jobs')).status).toBe(503);
    expect((await api.get(`/jobs/${job.id}`)).status).toBe(200);
    expect((await control('GET', '/faults')).json.data).toEqual([]);
  });

  it('POST /faults: a body of its own, JSON or text, with its content type', async () => {
    await control('POST', '/faults', {
      status: 503,
      path: '/jobs',
      body: { error: 'maintenance', until: '10:00' },
      headers: { 'Retry-After': '30' },
    });
    const json = await api.get('/jobs');
    expect(json.status).toBe(503);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['retry-after']).toBe('30');
    expect(json.json).toEqual({ error: 'maintenance', until: '10:00' });
    await control('POST', '/faults', { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' });
    const html = await api.get('/jobs');
    expect([html.status, html.headers['content-type'], html.text]).toEqual([502, 'text/html', '<html>Bad gateway</html>']);
    await control('POST', '/faults', { status: 500, body: '' });
    const empty = await api.get('/jobs');
    expect([empty.status, empty.text]).toEqual([500, '']);
    expect((await api.get('/jobs')).status).toBe(200);
    for (const fault of [
      { latencyMs: 1, body: 'x' },
      { status: 500, contentType: '' },
    ])
      expect((await control('POST', '/faults', fault)).status).toBe(400);
  });

  it('POST /faults: latency delays without changing the answer; DELETE /faults clears', async () => {
    await control('POST', '/faults', { latencyMs: 150, count: 'unlimited' });
    const t0 = Date.now();
    expect((await api.get('/jobs')).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    // A latency DELETE did not clear would outlast the test's own timeout (30 s): no upper clock bound needed.
    await control('POST', '/faults', { latencyMs: 60_000, count: 'unlimited' });
    expect((await control('DELETE', '/faults')).status).toBe(204);
    expect((await api.get('/jobs')).status).toBe(200);
  });

  it('rejects an invalid fault with 400; unknown control paths are 404, wrong methods 405', async () => {
    for (const fault of [{}, { status: 200 }, { status: 503, count: 0 }, { latencyMs: -1 }])
      expect((await control('POST', '/faults', fault)).status).toBe(400);
    expect((await control('GET', '/nope')).status).toBe(404);
    expect((await control('DELETE', '/state')).status).toBe(405);
    expect(CONTROL_ROUTES).toContain('POST /reset');
  });
});

describe('programmatic control', () => {
  it('seedJobs, snapshot, setClock/advanceClock, injectFault/clearFaults, addEmployers', async () => {
    mock.core.setClock('2025-01-01T00:00:00Z');
    const [job] = mock.core.seedJobs('demo-key-1', [validJob()]);
    expect(job!.publishDate).toBe('2025-01-01T00:00:00.000Z');
    mock.core.advanceClock(1000);
    expect((await api.post('/jobs', validJob())).json.publishDate).toBe('2025-01-01T00:00:01.000Z');
    expect(mock.core.snapshot().jobs).toHaveLength(2);
    mock.core.injectFault({ status: 429 });
    expect((await api.get('/jobs')).status).toBe(429);
    mock.core.injectFault({ status: 500, count: 'unlimited' });
    mock.core.clearFaults();
    expect((await api.get('/jobs')).status).toBe(200);
    mock.core.addEmployers([{ id: 3, name: 'Third', apiKey: 'third' }]);
    expect((await client(mock, 'third').get('/jobs')).status).toBe(200);
    expect(() => mock.core.seedJobs(12345, [])).toThrow(/no employer/);
  });
});

describe('transform option', () => {
  it('wraps every /api/v1.1 request with raw body bytes and the serialized response, not /__control', async () => {
    const seen: string[] = [];
    const reverseList =
      (next: CoreHandler): CoreHandler =>
      async (req) => {
        seen.push(`${req.method} ${req.path} ${req.body ? new TextDecoder().decode(req.body).slice(0, 10) : '-'}`);
        const res = await next(req);
        if (req.method === 'GET' && req.path.endsWith('/jobs') && typeof res.body === 'string') {
          const parsed = JSON.parse(res.body);
          parsed.data.reverse();
          return { ...res, headers: { ...res.headers, 'x-broken': 'yes' }, body: JSON.stringify(parsed) };
        }
        return res;
      };
    const broken = await startMock({ transform: reverseList, now: '2025-01-01T00:00:00Z' });
    try {
      const b = client(broken);
      await b.post('/jobs', validJob({ title: 'first' }));
      broken.core.advanceClock(1000);
      await b.post('/jobs', '{"title":"second"}');
      await b.post('/jobs', validJob({ title: 'second' }));
      const list = await b.get('/jobs');
      expect(list.headers['x-broken']).toBe('yes');
      expect(list.json.data.map((j: { title: string }) => j.title)).toEqual(['first', 'second']);
      await send(broken.url, { path: '/__control/state', apiKey: null });
      await send(broken.url, { path: '/positiontypes', apiKey: null });
      expect(seen).toEqual([
        'POST /api/v1.1/jobs {"title":"',
        'POST /api/v1.1/jobs {"title":"',
        'POST /api/v1.1/jobs {"title":"',
        'GET /api/v1.1/jobs -',
        'GET /api/v1.1/positiontypes -',
      ]);
    } finally {
      await broken.close();
    }
  });
});
