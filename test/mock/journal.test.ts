/**
 * The request journal over real HTTP (GET/DELETE /__control/requests, /count)
 * and in process (core.requests() under MSW): filters, in-flight entries,
 * the bound and its dropped counter, the body cap, and no key anywhere in it.
 */
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { createHandlers, MockCore } from '../../mock/index.js';
import { KEY_1, send, startMock, validJob } from './helpers.js';

const control = (url: string, path: string, method = 'GET') => send(url, { method, path: `/__control${path}`, apiKey: null });

describe('GET /__control/requests', () => {
  it('records method, path, query, headers, body, status and duration, oldest first; not the control API itself', async () => {
    await using mock = await startMock();
    const job = validJob();
    const created = await send(mock.url, { method: 'POST', path: '/jobs', body: job, headers: { 'x-trace': 't-1' } });
    await send(mock.url, { path: '/jobs?q=weld&page=1' });
    await send(mock.url, { path: '/../v1.0/jobs', apiKey: null });
    await control(mock.url, '/state');
    const res = await control(mock.url, '/requests');
    expect(res.status).toBe(200);
    const { data, size, dropped } = res.json;
    expect([size, dropped]).toEqual([1000, 0]);
    expect(data.map((e: { method: string; path: string }) => `${e.method} ${e.path}`)).toEqual([
      'POST /api/v1.1/jobs',
      'GET /api/v1.1/jobs',
      'GET /api/v1.0/jobs',
    ]);
    const [post, list, elsewhere] = data;
    expect(post).toMatchObject({
      seq: 1,
      query: '',
      body: JSON.stringify(job),
      bodyBytes: JSON.stringify(job).length,
      bodyTruncated: false,
      status: 201,
    });
    expect(post.headers).toMatchObject({ 'api-key': '[redacted]', 'content-type': 'application/json', 'x-trace': 't-1' });
    expect(post.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(post.receivedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(created.status).toBe(201);
    expect(list).toMatchObject({ seq: 2, query: 'q=weld&page=1', body: null, status: 200 });
    expect(elsewhere.status).toBe(404);
  });

  it('filters by since, limit, method, path (exact or prefix*) and status (code or class); counts with the same filters', async () => {
    await using mock = await startMock();
    const id = (await send(mock.url, { method: 'POST', path: '/jobs', body: validJob() })).json.id;
    await send(mock.url, { path: `/jobs/${id}` });
    await send(mock.url, { path: '/jobs/999' });
    await send(mock.url, { path: '/positiontypes' });
    const seqs = async (query: string) => (await control(mock.url, `/requests?${query}`)).json.data.map((e: { seq: number }) => e.seq);
    expect(await seqs('method=post')).toEqual([1]);
    expect(await seqs('path=/api/v1.1/jobs/')).toEqual([1]);
    expect(await seqs('path=/api/v1.1/jobs/*')).toEqual([2, 3]);
    expect(await seqs('status=4xx')).toEqual([3]);
    expect(await seqs('status=200')).toEqual([2, 4]);
    expect(await seqs('since=2')).toEqual([3, 4]);
    expect(await seqs('since=1&limit=2')).toEqual([2, 3]);
    expect((await control(mock.url, '/requests/count?method=GET&status=2xx')).json).toEqual({ count: 2, dropped: 0 });
    for (const bad of ['since=-1', 'limit=x', 'status=2x', 'status=700'])
      expect((await control(mock.url, `/requests?${bad}`)).status).toBe(400);
  });

  it('shows a request still in flight (a latency fault) without status, then with it', async () => {
    await using mock = await startMock();
    mock.core.injectFault({ latencyMs: 300 });
    const pending = send(mock.url, { path: '/jobs' });
    let inFlight: Array<{ status?: number }> = [];
    for (let i = 0; i < 50 && inFlight.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      inFlight = (await control(mock.url, '/requests?path=/api/v1.1/jobs')).json.data;
    }
    expect(inFlight).toHaveLength(1);
    expect(inFlight[0]!.status).toBeUndefined();
    expect((await control(mock.url, '/requests/count?status=200')).json.count).toBe(0);
    expect((await pending).status).toBe(200);
    const [done] = mock.core.requests();
    expect(done!.status).toBe(200);
    expect(done!.durationMs).toBeGreaterThanOrEqual(250);
  });

  it('keeps the last N and counts the dropped; DELETE empties it; journalSize 0 turns it off', async () => {
    await using mock = await startMock({ journalSize: 3 });
    for (let i = 0; i < 5; i++) await send(mock.url, { path: `/jobs?page=${i + 1}` });
    const { data, dropped } = (await control(mock.url, '/requests')).json;
    expect(data.map((e: { seq: number }) => e.seq)).toEqual([3, 4, 5]);
    expect(dropped).toBe(2);
    expect((await control(mock.url, '/requests', 'DELETE')).status).toBe(204);
    expect((await control(mock.url, '/requests/count')).json).toEqual({ count: 0, dropped: 0 });
    await send(mock.url, { path: '/jobs' });
    expect(mock.core.requests().map((e) => e.seq)).toEqual([6]); // sequence numbers go on
    mock.core.reset();
    expect(mock.core.requests()).toEqual([]);

    await using off = await startMock({ journalSize: 0 });
    await send(off.url, { path: '/jobs' });
    expect((await control(off.url, '/requests')).json).toEqual({ data: [], size: 0, dropped: 0 });
  });

  it('caps a body at 64 KiB with bodyTruncated and the full size', async () => {
    await using mock = await startMock();
    const big = validJob({ description: `<p>${'x'.repeat(100_000)}</p>` });
    await send(mock.url, { method: 'POST', path: '/jobs', body: big });
    const [entry] = mock.core.requests();
    expect(entry!.bodyTruncated).toBe(true);
    expect(entry!.bodyBytes).toBe(JSON.stringify(big).length);
    expect(entry!.body!.length).toBe(64 * 1024);
  });

  it('never holds a key: the header is redacted, the key sent scrubbed from path, query and body; secret headers redacted', async () => {
    await using mock = await startMock({ secretHeaders: ['X-Session'] });
    await send(mock.url, {
      method: 'POST',
      path: '/jobs',
      body: validJob({ title: `Leaked ${KEY_1}` }),
      headers: { 'x-session': 's3cret-session', authorization: 'Bearer tok' },
    });
    await send(mock.url, { path: `/jobs/${KEY_1}?key=${KEY_1}` });
    await send(mock.url, { path: '/jobs', apiKey: 'not-a-real-key' });
    const text = (await control(mock.url, '/requests')).text;
    expect(text).not.toContain(KEY_1);
    expect(text).not.toContain('not-a-real-key');
    expect(text).not.toContain('s3cret-session');
    expect(text).not.toContain('Bearer tok');
    expect(text).toContain('Leaked [redacted]');
    expect(mock.core.requests()[1]).toMatchObject({ path: '/api/v1.1/jobs/[redacted]', query: 'key=[redacted]' });
    // A key that URL encoding changes is scrubbed in its encoded forms too.
    mock.core.addEmployers([{ id: 7, name: 'Odd Key Inc', apiKey: 'k+y/ 1' }]);
    await send(mock.url, { path: `/jobs/${encodeURIComponent('k+y/ 1')}?key=${encodeURIComponent('k+y/ 1')}`, apiKey: 'k+y/ 1' });
    const odd = JSON.stringify(mock.core.requests().at(-1));
    expect(odd).not.toMatch(/k\+y|k%2By|y%2F/i);
  });
});

describe('core.requests() in process (MSW)', () => {
  it('lists what the client sent through the handlers', async () => {
    const core = new MockCore();
    const server = setupServer(...createHandlers({ baseUrl: 'https://jobs.example.test', core }));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const res = await fetch('https://jobs.example.test/api/v1.1/jobs', {
        method: 'POST',
        headers: { 'API-Key': KEY_1, 'Content-Type': 'application/json' },
        body: JSON.stringify(validJob({ referenceId: 'ref-1' })),
      });
      expect(res.status).toBe(201);
      const [entry] = core.requests({ method: 'POST', path: '/api/v1.1/jobs' });
      expect(JSON.parse(entry!.body!).referenceId).toBe('ref-1');
      expect(entry!.headers['api-key']).toBe('[redacted]');
      expect(entry!.status).toBe(201);
    } finally {
      server.close();
    }
  });
});
