/**
 * Spec 1, 4.6, 5, 9 and the mock's choices where they are silent: API-Key auth,
 * per-employer isolation, Content-Type, body size, methods, unknown paths,
 * reference lists.
 */
import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { REFERENCE_LIST_PATHS, type MockServer } from '../../mock/index.js';
import { client, KEY_2, type MockClient, send, useMock, validJob } from './helpers.js';

let mock: MockServer;
let api: MockClient;
useMock((started) => ({ mock, api } = started), { bodyLimit: 64 * 1024 });

describe('authentication (5)', () => {
  const operations: Array<[string, string, unknown?]> = [
    ['GET', '/jobs'],
    ['POST', '/jobs', validJob()],
    ['PUT', '/jobs', validJob({ referenceId: 'x' })],
    ['DELETE', '/jobs', { referenceId: 'x' }],
    ['GET', '/jobs/1'],
    ['PUT', '/jobs/1', { title: 't' }],
    ['DELETE', '/jobs/1'],
  ];
  it.each(operations)('%s %s: 401 without a key and with a wrong key; nothing changes', async (method, path, body) => {
    const job = (await api.post('/jobs', validJob({ referenceId: 'x' }))).json;
    expect(job.id).toBe(1);
    for (const apiKey of [null, '', 'wrong-key', 'DEMO-KEY-1']) {
      const res = await send(mock.url, { method, path, body, apiKey });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ status: 401, code: 'unauthorized' });
      expect(validators.error(res.json).ok).toBe(true);
    }
    expect((await api.get('/jobs/1')).json).toEqual(job);
  });

  it("another employer's job is a 404 for every operation, never a 403, and stays untouched (5.3)", async () => {
    const other = client(mock, KEY_2);
    const job = (await api.post('/jobs', validJob({ referenceId: 'mine' }))).json;
    expect((await other.get(`/jobs/${job.id}`)).status).toBe(404);
    expect((await other.put(`/jobs/${job.id}`, { title: 'stolen' })).status).toBe(404);
    expect((await other.del(`/jobs/${job.id}`)).status).toBe(404);
    expect((await other.post(`/jobs/${job.id}`, undefined, { headers: { 'x-http-method-override': 'DELETE' } })).status).toBe(404);
    expect((await other.del('/jobs', { referenceId: 'mine' })).status).toBe(404);
    expect((await other.get('/jobs')).json.paging.total).toBe(0);
    expect((await other.get('/jobs?q=mine')).json.data).toEqual([]);
    // the same referenceId is free for the other employer (unique per employer)
    const theirs = await other.put('/jobs', validJob({ referenceId: 'mine' }));
    expect(theirs.status).toBe(201);
    expect(theirs.json.employer).toEqual({ id: 102, name: 'Northern Lights Outfitters' });
    expect((await api.get(`/jobs/${job.id}`)).json).toEqual(job);
  });
});

describe('reference lists (4.6)', () => {
  // Section 4: "All endpoints require authentication"; 4.6 calls only /positiontypes a plain GET a browser can try.
  const KEYED = new Set(['/categories', '/locations']);

  it.each(REFERENCE_LIST_PATHS)('GET %s with the key returns {data: [...]}; only the category and location lists need it', async (path) => {
    const res = await send(mock.url, { path });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const validator = {
      '/positiontypes': validators.positionTypeList,
      '/categories': validators.categoryList,
      '/locations': validators.locationList,
      '/salaryperiods': validators.salaryPeriodList,
      '/applicantroutingtypes': validators.applicantRoutingTypeList,
    }[path]!;
    expect(validator(res.json).ok).toBe(true);
    expect(res.json.data.length).toBeGreaterThan(1);
    const keyless = KEYED.has(path) ? 401 : 200;
    expect((await send(mock.url, { path, apiKey: null })).status).toBe(keyless);
    expect((await send(mock.url, { path, apiKey: 'wrong' })).status).toBe(keyless);
    expect((await send(mock.url, { method: 'POST', path, body: {} })).status).toBe(405);
  });

  it('names fit their limits: position type 10, category 40 (8)', async () => {
    for (const p of (await api.get('/positiontypes')).json.data) expect(Array.from(p.name as string).length).toBeLessThanOrEqual(10);
    for (const c of (await api.get('/categories')).json.data) expect(Array.from(c.name as string).length).toBeLessThanOrEqual(40);
    expect((await api.get('/salaryperiods')).json.data.map((p: { id: number }) => p.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('every listed id can be used in a job', async () => {
    const categories = (await api.get('/categories')).json.data as Array<{ id: number; name: string }>;
    const types = (await api.get('/positiontypes')).json.data as Array<{ id: number; name: string }>;
    for (const [i, c] of categories.entries()) {
      const t = types[i % types.length]!;
      const res = await api.post('/jobs', validJob({ categories: [{ id: c.id }], positionType: { id: t.id } }));
      expect(res.json.categories).toEqual([c]);
      expect(res.json.positionType).toEqual(t);
    }
  });
});

describe('Content-Type (1)', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8'])('accepts %s', async (contentType) => {
    expect((await api.post('/jobs', validJob(), { contentType })).status).toBe(201);
  });

  it.each([null, 'text/plain', 'application/x-www-form-urlencoded', 'text/json'])(
    '415 for %s on POST, PUT and DELETE with a body',
    async (contentType) => {
      const job = (await api.post('/jobs', validJob({ referenceId: 'ct' }))).json;
      for (const [method, path, body] of [
        ['POST', '/jobs', validJob()],
        ['PUT', `/jobs/${job.id}`, { title: 'x' }],
        ['PUT', '/jobs', { referenceId: 'ct', title: 'x' }],
        ['DELETE', '/jobs', { referenceId: 'ct' }],
      ] as const) {
        const res = await send(mock.url, { method, path, body, contentType });
        expect(res.status).toBe(415);
        expect(res.json.code).toBe('unsupported_media_type');
      }
      expect((await api.get(`/jobs/${job.id}`)).json).toEqual(job);
    },
  );

  it('needs no Content-Type on DELETE /jobs/{id} or the override without a body', async () => {
    const job = (await api.post('/jobs', validJob())).json;
    expect(
      (await send(mock.url, { method: 'POST', path: `/jobs/${job.id}`, headers: { 'X-HTTP-Method-Override': 'DELETE' } })).status,
    ).toBe(204);
  });
});

describe('malformed and oversized bodies', () => {
  it.each(['', '{', '{"title": }', 'null', '[]', '"job"', '42', '{"a":1}{"b":2}', '\u00ef\u00bb\u00bf{}'])(
    '400 for body %j',
    async (body) => {
      const res = await api.post('/jobs', body);
      expect(res.status).toBe(400);
      expect(['malformed_json', 'validation_failed']).toContain(res.json.code);
    },
  );

  it('400 for invalid UTF-8', async () => {
    const res = await api.post('/jobs', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]));
    expect(res.status).toBe(400);
  });

  it('400 for nesting deeper than 64 levels; 201 for deep unknown fields within it', async () => {
    expect((await api.post('/jobs', `{"x":${'['.repeat(5000)}${']'.repeat(5000)}}`)).status).toBe(400);
    expect((await api.post('/jobs', validJob({ x: JSON.parse(`${'['.repeat(60)}${']'.repeat(60)}`) }))).status).toBe(201);
  });

  it('413 above the body limit (64 KiB here, 64 MiB by default), accepted at the limit', async () => {
    const filler = (size: number) => {
      const body = JSON.stringify(validJob({ pad: '' }));
      return body.replace('"pad":""', `"pad":"${'x'.repeat(size - body.length)}"`);
    };
    const atLimit = filler(64 * 1024);
    expect(Buffer.byteLength(atLimit)).toBe(64 * 1024);
    expect((await api.post('/jobs', atLimit)).status).toBe(201);
    const over = await api.post('/jobs', filler(64 * 1024 + 1));
    expect(over.status).toBe(413);
    expect(over.json.code).toBe('payload_too_large');
    expect((await api.get('/jobs')).json.paging.total).toBe(1);
  });

  it('__proto__ and constructor keys are inert data', async () => {
    const res = await api.post(
      '/jobs',
      '{"__proto__":{"status":"active","polluted":1},"constructor":{"prototype":{"x":1}},' + JSON.stringify(validJob()).slice(1),
    );
    expect(res.status).toBe(201);
    expect(res.json.status).toBe('draft');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('methods and paths', () => {
  it.each([
    ['PATCH', '/jobs'],
    ['PATCH', '/jobs/1'],
    ['TRACE', '/jobs/1'],
    ['POST', '/jobs/1'],
  ])('405 with Allow for %s %s', async (method, path) => {
    const res = await api.send({ method, path, body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toMatch(/GET/);
    expect(res.json.code).toBe('method_not_allowed');
  });

  it('HEAD acts as GET without a body; OPTIONS lists the methods', async () => {
    const head = await api.send({ method: 'HEAD', path: '/jobs' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const options = await api.send({ method: 'OPTIONS', path: '/jobs/5', apiKey: null });
    expect(options.status).toBe(204);
    expect(options.headers.allow).toContain('DELETE');
  });

  it.each(['/nope', '/jobs/1/extra', '/'])('404 JSON for unknown path %s', async (path) => {
    const res = await api.get(path);
    expect(res.status).toBe(404);
    expect(validators.error(res.json).ok).toBe(true);
  });

  it('404 JSON outside the API root, e.g. another version (9)', async () => {
    const res = await send(mock.url, { path: `${mock.url}/api/v1.0/jobs` });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('not_found');
  });

  it('tolerates a trailing slash and any case in the path', async () => {
    expect((await api.get('/jobs/')).status).toBe(200);
    expect((await send(mock.url, { path: `${mock.url}/API/V1.1/PositionTypes`, apiKey: null })).status).toBe(200);
  });
});
