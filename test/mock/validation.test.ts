/**
 * Spec 2.1-2.6, 4.2, 8: every request rule and limit, each accepted at its
 * boundary and rejected just past it, with a 400 that names the field and rule.
 * Limits count Unicode code points: an emoji is one character.
 */
import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { type MockClient, useMock, validJob } from './helpers.js';

let api: MockClient;
useMock((started) => ({ api } = started), {});

const EMOJI = '😀'; // one code point, two UTF-16 units

/** [name, accepted overrides, rejected overrides, path, rule] */
const BOUNDARIES: Array<[string, Record<string, unknown>, Record<string, unknown>, string, string]> = [
  ['title 256 code points (8)', { title: EMOJI.repeat(256) }, { title: EMOJI.repeat(257) }, '/title', 'maxLength'],
  ['title ASCII 256', { title: 't'.repeat(256) }, { title: 't'.repeat(257) }, '/title', 'maxLength'],
  ['title not empty', { title: 't' }, { title: '' }, '/title', 'minLength'],
  ['referenceId 50 (8)', { referenceId: EMOJI.repeat(50) }, { referenceId: EMOJI.repeat(51) }, '/referenceId', 'maxLength'],
  [
    'applicationEmail 50 (8)',
    { applicationEmail: `${'e'.repeat(38)}@example.com` },
    { applicationEmail: `${'e'.repeat(39)}@example.com` },
    '/applicationEmail',
    'maxLength',
  ],
  [
    'applicationEmail required with routing 1 (4.2)',
    { applicationEmail: 'a@b.c' },
    { applicationEmail: undefined },
    '/applicationEmail',
    'required',
  ],
  [
    'applicationUrl 200 (8)',
    { applicantRoutingType: { id: 2 }, applicationUrl: `https://${'u'.repeat(192)}` },
    { applicantRoutingType: { id: 2 }, applicationUrl: `https://${'u'.repeat(193)}` },
    '/applicationUrl',
    'maxLength',
  ],
  [
    'applicationUrl scheme (4.2)',
    { applicantRoutingType: { id: 2 }, applicationUrl: 'http://a.example' },
    { applicantRoutingType: { id: 2 }, applicationUrl: 'ftp://a.example' },
    '/applicationUrl',
    'pattern',
  ],
  [
    'applicationUrl required with routing 2 (4.2)',
    { applicantRoutingType: { id: 2 }, applicationUrl: 'https://a' },
    { applicantRoutingType: { id: 2 } },
    '/applicationUrl',
    'required',
  ],
  [
    'routing type 1 or 2 (2.6)',
    { applicantRoutingType: { id: 1 } },
    { applicantRoutingType: { id: 3 } },
    '/applicantRoutingType/id',
    'enum',
  ],
  [
    'locations at most 3 (8)',
    { locations: [{ description: 'Ottawa' }, { description: 'Halifax, NS' }, { description: 'Iqaluit, NU' }] },
    { locations: [{ description: 'A' }, { description: 'B' }, { description: 'C' }, { description: 'D' }] },
    '/locations',
    'maxItems',
  ],
  ['locations at least 1 (8)', { locations: [{ description: 'Ottawa' }] }, { locations: [] }, '/locations', 'minItems'],
  [
    'categories at most 3 (8)',
    { categories: [{ id: 1 }, { id: 2 }, { id: 3 }] },
    { categories: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] },
    '/categories',
    'maxItems',
  ],
  ['categories at least 1 (8)', { categories: [{ id: 20 }] }, { categories: [] }, '/categories', 'minItems'],
  ['category id must exist (2.3)', { categories: [{ id: 20 }] }, { categories: [{ id: 21 }] }, '/categories/0/id', 'reference'],
  ['position type id must exist (2.4)', { positionType: { id: 7 } }, { positionType: { id: 8 } }, '/positionType/id', 'reference'],
  ['category id Int32', { categories: [{ id: 1 }] }, { categories: [{ id: 2147483648 }] }, '/categories/0/id', 'maximum'],
  [
    'salary period 1-5 (2.5)',
    { salary: { amount: 1, period: { id: 5 } } },
    { salary: { amount: 1, period: { id: 6 } } },
    '/salary/period/id',
    'enum',
  ],
  [
    'salary period required with an amount (2.5)',
    { salary: { amount: 1, period: { id: 1 } } },
    { salary: { amount: 1 } },
    '/salary/period',
    'dependentRequired',
  ],
  [
    'salary object needs an amount (mock)',
    { salary: null },
    { salary: { period: { id: 1 }, plusCommission: true } },
    '/salary/amount',
    'required',
  ],
  [
    'maxAmount not below amount (mock)',
    { salary: { amount: 10, maxAmount: 10, period: { id: 1 } } },
    { salary: { amount: 10, maxAmount: 9.9999, period: { id: 1 } } },
    '/salary/maxAmount',
    'minimum',
  ],
  ['status enum (3)', { status: 'archived' }, { status: 'closed' }, '/status', 'enum'],
  ['closeDate ISO 8601', { closeDate: '2030-02-28T12:00:00Z' }, { closeDate: '28/02/2030' }, '/closeDate', 'format'],
  ['confidential boolean', { confidential: true }, { confidential: 'yes' }, '/confidential', 'type'],
  [
    'location City, PC with a valid code (2.2)',
    { locations: [{ description: 'Whitehorse, YT' }] },
    { locations: [{ description: 'Seattle, WA' }] },
    '/locations/0/description',
    'pattern',
  ],
  [
    'location description 300 (8)',
    { locations: [{ description: 'a'.repeat(300) }] },
    { locations: [{ description: 'a'.repeat(301) }] },
    '/locations/0/description',
    'maxLength',
  ],
  [
    'description: a with href and target (2.1)',
    { description: '<a href="https://x" target="_blank">x</a>' },
    { description: '<a target="_blank">x</a>' },
    '/description',
    'x-html-allowlist',
  ],
  [
    'description: no attributes on other tags (2.1)',
    { description: '<p><b>x</b><br></p>' },
    { description: '<p class="x">x</p>' },
    '/description',
    'x-html-allowlist',
  ],
  [
    'description: only allowed tags (2.1)',
    { description: '<ul><li><em>x</em></li></ul><ol><li><i>y</i></li></ol><div>z</div>' },
    { description: '<script>alert(1)</script>' },
    '/description',
    'x-html-allowlist',
  ],
  [
    'description: no technical length limit (2.1)',
    { description: `<p>${'x'.repeat(200_000)}</p>` },
    { description: '<img src="x">' },
    '/description',
    'x-html-allowlist',
  ],
];

describe('request rules at their boundaries', () => {
  it.each(BOUNDARIES)('%s', async (_name, ok, bad, path, rule) => {
    const accepted = await api.post('/jobs', validJob(ok));
    expect(accepted.status, accepted.text).toBe(201);
    expect(validators.job(accepted.json).ok).toBe(true);
    const rejected = await api.post('/jobs', validJob(bad));
    expect(rejected.status).toBe(400);
    expect(validators.error(rejected.json).ok).toBe(true);
    expect(rejected.json.code).toBe('validation_failed');
    expect(rejected.json.fieldErrors).toContainEqual(expect.objectContaining({ path, rule }));
    expect((await api.get('/jobs')).json.paging.total).toBe(1);
  });

  it('echoes a 256-emoji title exactly (code points, not UTF-16 units)', async () => {
    const res = await api.post('/jobs', validJob({ title: EMOJI.repeat(256) }));
    expect(Array.from(res.json.title as string)).toHaveLength(256);
    expect(res.json.title).toBe(EMOJI.repeat(256));
  });

  it('lists every failing field in one 400', async () => {
    const res = await api.post('/jobs', { title: 'x'.repeat(257), locations: [], categories: [{ id: 99 }], salary: { amount: 1 } });
    expect(res.status).toBe(400);
    const paths = (res.json.fieldErrors as Array<{ path: string }>).map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/title',
        '/locations',
        '/categories/0/id',
        '/salary/period',
        '/description',
        '/positionType',
        '/applicantRoutingType',
      ]),
    );
  });

  it('accepts and ignores unknown fields', async () => {
    const res = await api.post('/jobs', validJob({ colour: 'blue', nested: { a: [1, 2] }, __proto__x: 1 }));
    expect(res.status).toBe(201);
    expect(res.json).not.toHaveProperty('colour');
  });

  it('a referenceId of "" or null means none (null in the response)', async () => {
    expect((await api.post('/jobs', validJob({ referenceId: '' }))).json.referenceId).toBeNull();
    expect((await api.post('/jobs', validJob({ referenceId: null }))).json.referenceId).toBeNull();
  });

  it('salary null means no salary; accepts 0 and rejects a negative amount', async () => {
    expect((await api.post('/jobs', validJob({ salary: null }))).json.salary).toBeNull();
    expect((await api.post('/jobs', validJob({ salary: { amount: 0, period: { id: 1 } } }))).text).toContain('"amount":0.0000');
    const neg = await api.post('/jobs', validJob({ salary: { amount: -1, period: { id: 1 } } }));
    expect(neg.status).toBe(400);
  });

  it('a partial update is checked at the same boundaries', async () => {
    const job = (await api.post('/jobs', validJob())).json;
    expect((await api.put(`/jobs/${job.id}`, { title: EMOJI.repeat(256) })).status).toBe(200);
    const bad = await api.put(`/jobs/${job.id}`, { title: EMOJI.repeat(257), categories: [{ id: 0 }] });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/title', rule: 'maxLength' }),
        expect.objectContaining({ path: '/categories/0/id', rule: 'reference' }),
      ]),
    );
    expect((await api.get(`/jobs/${job.id}`)).json.title).toBe(EMOJI.repeat(256));
  });
});
