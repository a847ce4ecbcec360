/**
 * The standalone server's node:http adapter over real HTTP: bodies with and
 * without a length, the limit on a chunked body, and a handler that throws
 * (synchronously or not) or answers after a delay. The adapter answers
 * synchronous handlers without a Promise, so both kinds are covered here.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { CoreHandler } from '../../mock/index.js';
import { API, client, KEY_1, type Sent, startMock, validJob } from './helpers.js';

/** POSTs `parts` with Transfer-Encoding: chunked (no Content-Length), one write per part. */
function postChunked(baseUrl: string, parts: string[]): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}${API}/jobs`,
      { method: 'POST', headers: { 'api-key': KEY_1, 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, text, json: JSON.parse(text) });
        });
      },
    );
    // The server may answer 413 and close before every part is written.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    for (const part of parts) req.write(part);
    req.end();
  });
}

describe('node:http adapter', () => {
  it('reads a chunked body (no Content-Length) and answers 413 once one passes the limit', async () => {
    await using mock = await startMock({ bodyLimit: 4096 });
    const text = JSON.stringify(validJob());
    const created = await postChunked(mock.url, [text.slice(0, 40), text.slice(40)]);
    expect(created.status).toBe(201);
    expect(created.headers['content-length']).toBe(String(Buffer.byteLength(created.text)));
    const over = await postChunked(mock.url, [text.slice(0, -1), ' '.repeat(4096), '}']);
    expect(over.status).toBe(413);
    expect(over.json.code).toBe('payload_too_large');
    expect(over.headers.connection).toBe('close');
    expect((await client(mock).get('/jobs')).json.paging.total).toBe(1);
  });

  it('accepts a description of about 2 MB at the default limit (spec 2.1, 8: no technical limit)', async () => {
    await using mock = await startMock();
    const api = client(mock);
    const description = '<p>Responsibilities and qualifications, described at length.</p>'.repeat(32_000);
    expect(description.length).toBeGreaterThan(2_000_000);
    const created = await api.post('/jobs', validJob({ description }));
    expect(created.status).toBe(201);
    expect((await api.get(`/jobs/${created.json.id}`)).json.description).toBe(description);
  });

  it('answers a GET without a body, and one that sends a body anyway', async () => {
    await using mock = await startMock();
    const api = client(mock);
    expect((await api.get('/jobs')).status).toBe(200);
    const withBody = await api.send({ method: 'GET', path: '/jobs', body: '{"ignored":true}' });
    expect(withBody.status).toBe(200);
    expect(withBody.json.paging.total).toBe(0);
  });

  it.each([
    [
      'throws synchronously',
      (): CoreHandler => () => {
        throw new Error('boom');
      },
    ],
    ['rejects', (): CoreHandler => () => Promise.reject(new Error('boom'))],
  ])('a handler that %s gets a 500 internal_error, and the server goes on serving', async (_name, broken) => {
    let calls = 0;
    const transform =
      (next: CoreHandler): CoreHandler =>
      (req) =>
        ++calls === 1 ? broken()(req) : next(req);
    await using mock = await startMock({ transform });
    const api = client(mock);
    const failed = await api.post('/jobs', validJob());
    expect(failed.status).toBe(500);
    expect(failed.json).toMatchObject({ status: 500, code: 'internal_error' });
    expect((await api.post('/jobs', validJob())).status).toBe(201);
  });

  it('waits for a handler that answers later (an injected latency)', async () => {
    await using mock = await startMock();
    mock.core.injectFault({ latencyMs: 100 });
    const started = performance.now();
    const res = await client(mock).post('/jobs', validJob());
    expect(res.status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
  });
});
