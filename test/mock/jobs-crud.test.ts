/**
 * Spec 3, 4.1-4.4, 4.7: create, read, partial update, archive/re-publish,
 * create-or-update by referenceId, delete, method override, defaults, round trip.
 */
import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import type { MockServer } from '../../mock/index.js';
import { API, type MockClient, useMock, validJob } from './helpers.js';

let mock: MockServer;
let api: MockClient;
useMock((started) => ({ mock, api } = started), {});

describe('POST /jobs (4.2)', () => {
  it('creates: 201, Location {base_url}/api/v1.1/jobs/<id>, the full job valid against job.schema.json', async () => {
    const res = await api.post('/jobs', validJob());
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(validators.job(res.json).ok).toBe(true);
    expect(res.headers.location).toBe(`${mock.url}${API}/jobs/${res.json.id}`);
    const got = await api.get(`/jobs/${res.json.id}`);
    expect(got.status).toBe(200);
    expect(got.text).toBe(res.text);
  });

  it('applies the defaults of 2.1/4.2: draft, confidential/autoRefresh/plusCommission false, closeDate = publishDate + 60 days, referenceId null', async () => {
    mock.core.setClock('2025-01-10T08:00:00.000Z');
    const res = await api.post('/jobs', validJob({ salary: { amount: 10, period: { id: 5 } } }));
    expect(res.json).toMatchObject({
      status: 'draft',
      confidential: false,
      autoRefresh: false,
      referenceId: null,
      publishDate: '2025-01-10T08:00:00.000Z',
      closeDate: '2025-03-11T08:00:00.000Z',
      salary: { plusCommission: false, maxAmount: null, period: { id: 5, name: 'Hourly' } },
    });
  });

  it('keeps given values: status, closeDate, confidential, autoRefresh, referenceId', async () => {
    const body = validJob({ status: 'active', closeDate: '2030-05-01', confidential: true, autoRefresh: true, referenceId: 'ref-1' });
    const res = await api.post('/jobs', body);
    expect(res.json).toMatchObject({
      status: 'active',
      closeDate: '2030-05-01',
      confidential: true,
      autoRefresh: true,
      referenceId: 'ref-1',
    });
  });

  it('writes salary amounts with four decimal places in the response text (2.5)', async () => {
    const res = await api.post('/jobs', validJob({ salary: { amount: 50000, maxAmount: 60000.5, period: { id: 1 } } }));
    expect(res.text).toContain('"amount":50000.0000');
    expect(res.text).toContain('"maxAmount":60000.5000');
    const list = await api.get('/jobs/' + res.json.id);
    expect(list.text).toContain('"amount":50000.0000');
  });

  it("rounds amounts with more than four decimals to four (the mock's choice)", async () => {
    const res = await api.post('/jobs', validJob({ salary: { amount: 12.34567, period: { id: 5 } } }));
    expect(res.text).toContain('"amount":12.3457');
  });

  it('rejects a second POST with the same referenceId with 409, and creates nothing (4.2, 7.1)', async () => {
    expect((await api.post('/jobs', validJob({ referenceId: 'dup' }))).status).toBe(201);
    const second = await api.post('/jobs', validJob({ referenceId: 'dup' }));
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ status: 409, code: 'duplicate_reference_id' });
    expect(validators.error(second.json).ok).toBe(true);
    expect((await api.get('/jobs')).json.paging.total).toBe(1);
  });

  it('routes: email job has applicationUrl null; URL job has applicationEmail null (2.1)', async () => {
    const email = await api.post('/jobs', validJob({ applicationUrl: 'https://ignored.example' }));
    expect(email.json).toMatchObject({
      applicantRoutingType: { id: 1, name: 'Email' },
      applicationEmail: 'jobs@example.com',
      applicationUrl: null,
    });
    const url = await api.post('/jobs', validJob({ applicantRoutingType: { id: 2 }, applicationUrl: 'https://apply.example/1' }));
    expect(url.json).toMatchObject({
      applicantRoutingType: { id: 2, name: 'URL' },
      applicationEmail: null,
      applicationUrl: 'https://apply.example/1',
    });
  });

  it('fills names from the reference lists and echoes location descriptions', async () => {
    const res = await api.post(
      '/jobs',
      validJob({
        locations: [{ description: 'Toronto' }, { description: '100 Mile House, BC' }],
        categories: [{ id: 12 }],
        positionType: { id: 5 },
      }),
    );
    expect(res.json.locations).toEqual([
      { id: 1, name: 'Toronto, ON', description: 'Toronto', type: 'city' },
      { id: expect.any(Number), name: '100 Mile House, BC', description: '100 Mile House, BC', type: 'city' },
    ]);
    expect(res.json.categories).toEqual([{ id: 12, name: 'Information Technology' }]);
    expect(res.json.positionType).toEqual({ id: 5, name: 'Internship' });
  });
});

describe('round trip (4.2): a GET result without id and referenceId, posted back, creates an equal job', () => {
  it.each([
    ['email routing with salary', validJob({ referenceId: 'rt', status: 'active', confidential: true, closeDate: '2031-01-01T00:00:00Z' })],
    [
      'URL routing, no salary',
      validJob({ applicantRoutingType: { id: 2 }, applicationUrl: 'http://x.example/a', salary: null, applicationEmail: undefined }),
    ],
  ])('%s', async (_name, body) => {
    mock.core.setClock('2025-02-01T00:00:00Z');
    const first = (await api.post('/jobs', body)).json;
    const { id: _id, referenceId: _ref, ...again } = first;
    const second = await api.post('/jobs', again);
    expect(second.status).toBe(201);
    const { id: id2, referenceId: ref2, ...rest2 } = second.json;
    expect(ref2).toBeNull();
    expect(id2).not.toBe(first.id);
    expect(rest2).toEqual(again);
  });
});

describe('GET /jobs/{id} (4.1)', () => {
  it.each(['999999', '2147483647', '2147483648', '99999999999999', 'abc', '-1', '1.5', '0'])('404 for /jobs/%s', async (id) => {
    await api.post('/jobs', validJob());
    const res = await api.get(`/jobs/${id}`);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('PUT /jobs/{id} (4.3): partial updates', () => {
  it('changes only the fields sent', async () => {
    const created = (await api.post('/jobs', validJob({ referenceId: 'p1' }))).json;
    const res = await api.put(`/jobs/${created.id}`, { title: 'New title' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...created, title: 'New title' });
  });

  it('archives and re-publishes by status, other fields unchanged (3)', async () => {
    const created = (await api.post('/jobs', validJob({ status: 'active' }))).json;
    const archived = await api.put(`/jobs/${created.id}`, { status: 'archived' });
    expect(archived.json).toEqual({ ...created, status: 'archived' });
    const active = await api.put(`/jobs/${created.id}`, { status: 'active' });
    expect(active.json).toEqual(created);
  });

  it("allows every transition from and to draft (the mock's choice)", async () => {
    const created = (await api.post('/jobs', validJob())).json;
    for (const status of ['active', 'draft', 'archived', 'draft']) {
      expect((await api.put(`/jobs/${created.id}`, { status })).json.status).toBe(status);
    }
  });

  it('ignores read-only and unknown fields (id, publishDate, employer, names)', async () => {
    const created = (await api.post('/jobs', validJob())).json;
    const res = await api.put(`/jobs/${created.id}`, {
      id: 5,
      publishDate: '2000-01-01',
      employer: { id: 9, name: 'x' },
      whatever: [1],
      title: 'T',
    });
    expect(res.json).toEqual({ ...created, title: 'T' });
  });

  it('validates the merged job: switching to URL routing needs applicationUrl', async () => {
    const created = (await api.post('/jobs', validJob())).json;
    const bad = await api.put(`/jobs/${created.id}`, { applicantRoutingType: { id: 2 } });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toContainEqual(expect.objectContaining({ path: '/applicationUrl' }));
    expect((await api.get(`/jobs/${created.id}`)).json).toEqual(created);
    const good = await api.put(`/jobs/${created.id}`, { applicantRoutingType: { id: 2 }, applicationUrl: 'https://a.example' });
    expect(good.json).toMatchObject({ applicationEmail: null, applicationUrl: 'https://a.example' });
  });

  it('merges a partial salary into the stored one (4.2 lists each salary field), by id and by referenceId', async () => {
    const created = (
      await api.post(
        '/jobs',
        validJob({ referenceId: 's1', salary: { amount: 50000, maxAmount: 70000, period: { id: 1 }, plusCommission: true } }),
      )
    ).json;
    const byId = await api.put(`/jobs/${created.id}`, { salary: { amount: 60000, period: { id: 2 } } });
    expect(byId.json.salary).toMatchObject({ amount: 60000, maxAmount: 70000, period: { id: 2 }, plusCommission: true });
    const byRef = await api.put('/jobs', { referenceId: 's1', salary: { plusCommission: false } });
    expect(byRef.status).toBe(200);
    expect(byRef.json.salary).toMatchObject({ amount: 60000, maxAmount: 70000, period: { id: 2 }, plusCommission: false });
    // A merged maxAmount below the amount is refused (the mock's answer; accepting is not conformant)
    expect((await api.put(`/jobs/${created.id}`, { salary: { amount: 80000 } })).status).toBe(400);
    expect((await api.put(`/jobs/${created.id}`, { salary: null })).json.salary).toBeNull();
    expect((await api.put(`/jobs/${created.id}`, { salary: { plusCommission: true } })).status).toBe(400);
  });

  it('an empty body changes nothing', async () => {
    const created = (await api.post('/jobs', validJob())).json;
    expect((await api.put(`/jobs/${created.id}`, {})).json).toEqual(created);
  });

  it('can change the referenceId, but not to one in use (409)', async () => {
    const a = (await api.post('/jobs', validJob({ referenceId: 'a' }))).json;
    await api.post('/jobs', validJob({ referenceId: 'b' }));
    expect((await api.put(`/jobs/${a.id}`, { referenceId: 'b' })).status).toBe(409);
    expect((await api.put(`/jobs/${a.id}`, { referenceId: 'c' })).json.referenceId).toBe('c');
    expect((await api.put('/jobs', validJob({ referenceId: 'a' }))).status).toBe(201);
  });

  it('404 for an unknown id', async () => {
    expect((await api.put('/jobs/424242', { title: 'x' })).status).toBe(404);
  });
});

describe('PUT /jobs (4.3 form 2): by referenceId in the body', () => {
  it('creates with an unknown referenceId: 201 and Location, as POST would', async () => {
    const res = await api.put('/jobs', validJob({ referenceId: 'new-1' }));
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${mock.url}${API}/jobs/${res.json.id}`);
    expect(res.json.referenceId).toBe('new-1');
  });

  it('updates with a known referenceId: only referenceId plus status is a valid body', async () => {
    const created = (await api.put('/jobs', validJob({ referenceId: 'r', status: 'active' }))).json;
    const res = await api.put('/jobs', { referenceId: 'r', status: 'archived' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...created, status: 'archived' });
  });

  it('is idempotent: the same PUT twice gives one job with the same content', async () => {
    const body = validJob({ referenceId: 'idem' });
    const first = await api.put('/jobs', body);
    const second = await api.put('/jobs', body);
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.json).toEqual(first.json);
    expect((await api.get('/jobs')).json.paging.total).toBe(1);
  });

  it('400 without a referenceId; 400 when creating with a partial body', async () => {
    const none = await api.put('/jobs', validJob());
    expect(none.status).toBe(400);
    expect(none.json.fieldErrors).toContainEqual(expect.objectContaining({ path: '/referenceId', rule: 'required' }));
    const partial = await api.put('/jobs', { referenceId: 'nope', title: 'only a title' });
    expect(partial.status).toBe(400);
    expect((await api.get('/jobs')).json.paging.total).toBe(0);
  });
});

describe('DELETE (4.4) and method override (4.7)', () => {
  it('DELETE /jobs/{id}: 204 with no body; then 404', async () => {
    const created = (await api.post('/jobs', validJob())).json;
    const res = await api.del(`/jobs/${created.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
    expect((await api.get(`/jobs/${created.id}`)).status).toBe(404);
    expect((await api.del(`/jobs/${created.id}`)).status).toBe(404);
  });

  it('DELETE /jobs with {referenceId}: 204; unknown referenceId 404; missing 400', async () => {
    await api.post('/jobs', validJob({ referenceId: 'gone' }));
    expect((await api.del('/jobs', { referenceId: 'gone' })).status).toBe(204);
    expect((await api.del('/jobs', { referenceId: 'gone' })).status).toBe(404);
    expect((await api.del('/jobs', {})).status).toBe(400);
  });

  it('POST /jobs/{id} with X-HTTP-Method-Override: DELETE deletes (204, no body)', async () => {
    const created = (await api.post('/jobs', validJob())).json;
    const res = await api.post(`/jobs/${created.id}`, undefined, { headers: { 'X-HTTP-Method-Override': 'DELETE' } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await api.get(`/jobs/${created.id}`)).status).toBe(404);
  });

  it('POST /jobs with override DELETE and {referenceId} deletes by reference', async () => {
    await api.post('/jobs', validJob({ referenceId: 'ovr' }));
    const res = await api.post('/jobs', { referenceId: 'ovr' }, { headers: { 'x-http-method-override': 'delete' } });
    expect(res.status).toBe(204);
    expect((await api.get('/jobs')).json.paging.total).toBe(0);
  });

  it('POST /jobs/{id} without an override is 405; an unknown override value is 405', async () => {
    const created = (await api.post('/jobs', validJob())).json;
    const plain = await api.post(`/jobs/${created.id}`, {});
    expect(plain.status).toBe(405);
    expect(plain.headers.allow).toContain('GET');
    expect((await api.post(`/jobs/${created.id}`, undefined, { headers: { 'X-HTTP-Method-Override': 'PATCH' } })).status).toBe(405);
    expect((await api.get(`/jobs/${created.id}`)).status).toBe(200);
  });
});
