/**
 * Every choice switch (mock/core/choices/choices.ts) over HTTP: for each value, the
 * mock does what the registry says. One server; each test sets its choices
 * with setProfile after the reset (the profile survives reset).
 */
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../mock/index.js';
import { client, KEY_2, type MockClient, send, useMock, validJob } from './helpers.js';

const T0 = '2026-01-01T09:30:00.123Z';
const DAY = 24 * 3600 * 1000;
let mock: MockServer;
let api: MockClient;
useMock(
  (started) => ({ mock, api } = started),
  {},
  (m) => {
    m.core.setProfile({});
    m.core.setClock(T0);
  },
);

const use = (choices: Record<string, string>) => mock.core.setProfile({ choices });
const create = async (overrides: Record<string, unknown> = {}) => (await api.post('/jobs', validJob(overrides))).json;
const invalid = validJob({ title: 'x'.repeat(300) });

describe('status codes', () => {
  it.each([
    ['400', 400],
    ['422', 422],
  ])('status.invalid-input=%s: an invalid body and an invalid query get %i; malformed JSON stays 400', async (value, status) => {
    use({ 'status.invalid-input': value });
    expect((await api.post('/jobs', invalid)).status).toBe(status);
    expect((await api.get('/jobs?page=0')).status).toBe(status);
    expect((await api.post('/jobs', '{"title":')).status).toBe(400);
  });

  it.each([
    ['409', 409],
    ['400', 400],
    ['422', 422],
  ])('status.duplicate-reference=%s: a second POST of a referenceId gets %i', async (value, status) => {
    use({ 'status.duplicate-reference': value });
    await create({ referenceId: 'dup-1' });
    expect((await api.post('/jobs', validJob({ referenceId: 'dup-1' }))).status).toBe(status);
  });

  it.each([
    ['201', 201],
    ['200', 200],
  ])('status.put-create=%s: PUT /jobs that creates gets %i with a Location', async (value, status) => {
    use({ 'status.put-create': value });
    const res = await api.put('/jobs', validJob({ referenceId: 'put-1' }));
    expect(res.status).toBe(status);
    expect(res.headers.location).toMatch(new RegExp(`/api/v1\\.1/jobs/${res.json.id}$`));
    expect((await api.put('/jobs', { referenceId: 'put-1', title: 'Again' })).status).toBe(200);
  });

  it.each([
    ['404', 404],
    ['400', 400],
  ])('status.malformed-id=%s: /jobs/abc gets %i, an unknown well-formed id stays 404', async (value, status) => {
    use({ 'status.malformed-id': value });
    for (const id of ['abc', '-1', '2147483648']) expect((await api.get(`/jobs/${id}`)).status, id).toBe(status);
    expect((await api.get('/jobs/999999')).status).toBe(404);
  });

  it.each([
    ['401', 401, 401],
    ['403', 403, 403],
    ['split', 401, 403],
  ])('status.auth=%s: missing key %i, invalid key %i', async (value, missing, wrong) => {
    use({ 'status.auth': value });
    expect((await client(mock, null).get('/jobs')).status).toBe(missing);
    expect((await client(mock, 'nope').get('/jobs')).status).toBe(wrong);
  });

  it.each([
    ['404', 404],
    ['410', 410],
  ])('status.deleted-job=%s: a deleted job by id gets %i; to another employer it stays 404', async (value, status) => {
    use({ 'status.deleted-job': value });
    const job = await create();
    expect((await api.del(`/jobs/${job.id}`)).status).toBe(204);
    expect((await api.get(`/jobs/${job.id}`)).status).toBe(status);
    expect((await api.put(`/jobs/${job.id}`, { title: 'Back' })).status).toBe(status);
    expect((await client(mock, KEY_2).get(`/jobs/${job.id}`)).status).toBe(404);
  });

  it.each([
    ['refuse', 404, 404],
    ['204', 204, 204],
  ])(
    'status.repeated-delete=%s: a DELETE of a job already deleted gets %i by id (override too), %i by referenceId; it stays gone',
    async (value, byId, byReference) => {
      use({ 'status.repeated-delete': value });
      const job = await create({ referenceId: 'again-1' });
      expect((await api.del(`/jobs/${job.id}`)).status).toBe(204);
      expect((await api.del(`/jobs/${job.id}`)).status).toBe(byId);
      expect((await api.post(`/jobs/${job.id}`, undefined, { headers: { 'x-http-method-override': 'DELETE' } })).status).toBe(byId);
      expect((await api.del('/jobs', { referenceId: 'again-1' })).status).toBe(byReference);
      expect((await api.get(`/jobs/${job.id}`)).status).toBe(404);
      // Another employer's job is no job of this key's to have deleted: still 404.
      const theirs = (await client(mock, KEY_2).post('/jobs', validJob())).json;
      expect((await api.del(`/jobs/${theirs.id}`)).status).toBe(404);
    },
  );

  it.each([
    ['clamp', 200],
    ['reject', 400],
  ])('paging.page-size-over-max=%s: pageSize=101 gets %i', async (value, status) => {
    use({ 'paging.page-size-over-max': value });
    const res = await api.get('/jobs?pageSize=101');
    expect(res.status).toBe(status);
    if (status === 200) expect(res.json.paging.pageSize).toBe(100);
  });

  it.each([
    ['empty', 200],
    ['404', 404],
  ])('paging.page-past-end=%s: page 3 of one page gets %i; page 1 of an empty list is 200', async (value, status) => {
    use({ 'paging.page-past-end': value });
    expect((await api.get('/jobs?page=1')).status).toBe(200);
    await create();
    const res = await api.get('/jobs?page=3');
    expect(res.status).toBe(status);
    if (status === 200) expect(res.json.data).toEqual([]);
  });
});

describe('error bodies (errors.body)', () => {
  it('mock: {status, code, message, fieldErrors}, application/json', async () => {
    use({ 'errors.body': 'mock' });
    const res = await api.post('/jobs', invalid);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json).toMatchObject({ status: 400, code: 'validation_failed', fieldErrors: [expect.objectContaining({ path: '/title' })] });
  });

  it('problem: RFC 9457 problem details, application/problem+json, with the status the choices give', async () => {
    use({ 'errors.body': 'problem', 'status.invalid-input': '422' });
    const res = await api.post('/jobs', invalid);
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.json).toMatchObject({
      type: 'about:blank',
      title: 'Unprocessable Content',
      status: 422,
      detail: expect.any(String),
      errors: [expect.objectContaining({ path: '/title' })],
    });
    expect((await client(mock, null).get('/jobs')).json).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('message: {message} only', async () => {
    use({ 'errors.body': 'message' });
    const res = await api.get('/jobs/999');
    expect(res.json).toEqual({ message: expect.any(String) });
  });
});

describe('job fields', () => {
  it.each([
    ['null', null],
    ['empty', ''],
  ])('job.reference-id-absent=%s: a job without referenceId has %j in the job and the list', async (value, written) => {
    use({ 'job.reference-id-absent': value });
    const job = await create();
    expect(job.referenceId).toBe(written);
    expect((await api.get('/jobs')).json.data[0].referenceId).toBe(written);
  });

  it.each([
    ['ms', 'z', '2026-01-01T09:30:00.123Z'],
    ['seconds', 'z', '2026-01-01T09:30:00Z'],
    ['ms', 'offset', '2026-01-01T09:30:00.123+00:00'],
    ['seconds', 'offset', '2026-01-01T09:30:00+00:00'],
  ])('dates.precision=%s dates.zone=%s: publishDate %s, the default closeDate in the same form', async (precision, zone, publishDate) => {
    use({ 'dates.precision': precision, 'dates.zone': zone });
    const job = await create();
    expect(job.publishDate).toBe(publishDate);
    expect(Date.parse(job.closeDate) - Date.parse(job.publishDate)).toBe(60 * DAY);
    expect(job.closeDate.slice(19)).toBe(publishDate.slice(19));
    expect((await api.get('/jobs')).json.data[0].publishDate).toBe(publishDate);
  });

  it.each(
    ['ms', 'seconds', 'minutes', 'micros', 'nanos'].flatMap((precision) => ['z', 'offset', 'minus-five'].map((zone) => [precision, zone])),
  )(
    'dates.precision=%s dates.zone=%s: the default closeDate is exactly 60 days after publishDate, to the last digit',
    async (precision, zone) => {
      use({ 'dates.precision': precision, 'dates.zone': zone });
      const job = await create();
      expect(Date.parse(job.closeDate) - Date.parse(job.publishDate)).toBe(60 * DAY);
      // The same time of day, every fraction digit and the zone included: one clock reading gives both.
      expect(job.closeDate.slice(10)).toBe(job.publishDate.slice(10));
    },
  );

  it.each([
    ['as-sent', '2026-03-01', '2026-03-01'],
    ['as-sent', '2026-03-01T12:00:00+02:00', '2026-03-01T12:00:00+02:00'],
    ['normalized', '2026-03-01', '2026-03-01T00:00:00.000Z'],
    ['normalized', '2026-03-01T12:00:00+02:00', '2026-03-01T10:00:00.000Z'],
  ])('dates.close-date=%s: closeDate %s comes back as %s', async (value, sent, written) => {
    use({ 'dates.close-date': value });
    expect((await create({ closeDate: sent })).closeDate).toBe(written);
  });

  it.each([
    ['four-places', '"maxAmount":60000.0000'],
    ['plain', '"maxAmount":60000,'],
  ])('salary.max-amount-form=%s writes %s; amount keeps four places', async (value, text) => {
    use({ 'salary.max-amount-form': value });
    const res = await api.post('/jobs', validJob());
    expect(res.text).toContain(text);
    expect(res.text).toContain('"amount":50000.0000');
  });

  it.each([
    ['as-sent', 'montreal', 'montreal'],
    ['canonical', 'montreal', 'Montréal, QC'],
    ['canonical', 'TORONTO', 'Toronto, ON'],
    ['canonical', 'quebec, QC', 'Québec, QC'],
    ['canonical', 'Smallville, SK', 'Smallville, SK'],
    ['country-suffix', 'Red Deer, AB', 'Red Deer, AB, Canada'],
    ['country-suffix', 'montreal', 'Montréal, QC, Canada'],
    ['country-suffix', `Saint-Laurent ${'x'.repeat(282)}, QC`, `Saint-Laurent ${'x'.repeat(282)}, QC`],
  ])('locations.description=%s: %j is described as %j', async (value, sent, written) => {
    use({ 'locations.description': value });
    const job = await create({ locations: [{ description: sent }] });
    expect(job.locations[0].description).toBe(written);
  });

  it('locations.description=country-suffix: a GET result posted back creates the same job (4.2), its place read without the suffix', async () => {
    use({ 'locations.description': 'country-suffix' });
    const job = await create({ locations: [{ description: 'Red Deer, AB' }, { description: 'Calgary' }] });
    const { id, referenceId, ...again } = (await api.get(`/jobs/${job.id}`)).json;
    const posted = await api.post('/jobs', again);
    expect(posted.status, posted.text).toBe(201);
    expect(posted.json.locations.map((l: { description: string }) => l.description)).toEqual([
      'Red Deer, AB, Canada',
      'Calgary, AB, Canada',
    ]);
    expect((await api.put(`/jobs/${job.id}`, { locations: again.locations })).json.locations).toEqual(job.locations);
  });

  it('job.extra-fields and header.extra-fields: none by default, updatedAt in the job, closeDate and autoRefresh in the header when set', async () => {
    const plain = await create();
    expect(Object.keys(plain)).not.toContain('updatedAt');
    use({ 'job.extra-fields': 'updated-at' });
    mock.core.advanceClock(1000);
    const updated = (await api.put(`/jobs/${plain.id}`, { title: 'Changed' })).json;
    expect(updated.updatedAt).toBe(new Date(Date.parse(T0) + 1000).toISOString());
    expect(Object.keys((await api.get('/jobs')).json.data[0])).not.toContain('updatedAt');
    use({ 'header.extra-fields': 'job-fields' });
    const header = (await api.get('/jobs')).json.data[0];
    expect(Object.keys(header)).toEqual([
      'id',
      'referenceId',
      'employer',
      'title',
      'publishDate',
      'locations',
      'confidential',
      'status',
      'closeDate',
      'autoRefresh',
    ]);
    expect(header).toMatchObject({ closeDate: plain.closeDate, autoRefresh: false });
  });
});

describe('confidential employer (job.confidential-employer)', () => {
  it.each([
    ['shown', false],
    ['masked', true],
  ])('%s: a confidential job shows its employer id, and the name masked: %s, in the job and the header', async (value, masked) => {
    use({ 'job.confidential-employer': value });
    const open = await create({ confidential: false });
    const hidden = await create({ confidential: true });
    const header = (await api.get('/jobs')).json.data.find((item: { id: number }) => item.id === hidden.id);
    expect(hidden.employer.id).toBe(open.employer.id);
    expect(open.employer.name).not.toBe('Confidential');
    expect(hidden.employer.name).toBe(masked ? 'Confidential' : open.employer.name);
    expect(header.employer).toEqual(hidden.employer);
  });
});

describe('json.format', () => {
  it.each(['pretty-sorted', 'pretty-reversed'])(
    '%s pretty-prints every JSON body (jobs, lists, reference lists, errors), amounts keeping four places',
    async (format) => {
      use({ 'json.format': format });
      const job = await api.post('/jobs', validJob({ salary: { amount: 1234.5678, period: { id: 1 } } }));
      expect(job.text).toMatch(/\n {2}"/);
      expect(job.text).toMatch(/"amount": 1234\.5678,?\n/);
      const keys = Object.keys(job.json);
      expect(keys).toEqual(format === 'pretty-sorted' ? [...keys].sort() : expect.arrayContaining(['id']));
      if (format === 'pretty-reversed') expect(keys.at(-1)).toBe('id');
      for (const path of ['/jobs', '/positiontypes', '/jobs/999999']) expect((await api.get(path)).text, path).toMatch(/^\{\n {2}"/);
    },
  );
});

describe('description', () => {
  const sent = "<P>Fish &amp; chips &eacute;<BR><a HREF='https://example.com/?a=1&amp;b=2' target=_blank>x</a></P>";

  it("description.form=as-sent keeps the text; reserialized writes the same tree in a serializer's spelling", async () => {
    expect((await create({ description: sent })).description).toBe(sent);
    use({ 'description.form': 'reserialized' });
    const job = await create({ description: sent });
    expect(job.description).toBe('<p>Fish &amp; chips é<br/><a href="https://example.com/?a=1&amp;b=2" target="_blank">x</a></p>');
    // idempotent: sending it back keeps it
    expect((await api.put(`/jobs/${job.id}`, { description: job.description })).json.description).toBe(job.description);
  });

  it('description.form=numeric-references writes every non-ASCII character as a reference, the rest as sent', async () => {
    use({ 'description.form': 'numeric-references' });
    const job = await create({ description: '<p>¡Olé 😀 <a href="https://example.com/é">x</a></p>' });
    expect(job.description).toBe('<p>&#161;Ol&#233; &#128512; <a href="https://example.com/&#233;">x</a></p>');
    expect((await api.get(`/jobs/${job.id}`)).json.description).toBe(job.description);
  });

  it('a profile switched at run time leaves the stored description and locations of a job alone when an update does not send them', async () => {
    const job = await create({ description: sent, locations: [{ description: 'montreal' }] });
    use({ 'description.form': 'reserialized', 'locations.description': 'canonical' });
    const updated = (await api.put(`/jobs/${job.id}`, { title: 'Only the title' })).json;
    expect(updated).toMatchObject({ title: 'Only the title', description: sent, locations: [{ description: 'montreal' }] });
  });

  it('description.comments=refuse rejects a comment with the invalid-input status; accept leaves it to the shared allow-list', async () => {
    use({ 'description.comments': 'refuse', 'status.invalid-input': '422' });
    const res = await api.post('/jobs', validJob({ description: '<p>x<!-- c --></p>' }));
    expect(res.status).toBe(422);
    expect(res.json.fieldErrors).toContainEqual(expect.objectContaining({ path: '/description', rule: 'html' }));
    const job = await create();
    expect((await api.put(`/jobs/${job.id}`, { description: '<p>y<!-- c --></p>' })).status).toBe(422);
  });
});

describe('list', () => {
  it.each([
    ['absolute', 'filters-first', (url: string) => `${url}/api/v1.1/jobs?q=welder&status=draft&page=2&pageSize=1`],
    ['relative', 'filters-first', () => '/api/v1.1/jobs?q=welder&status=draft&page=2&pageSize=1'],
    ['absolute', 'page-first', (url: string) => `${url}/api/v1.1/jobs?page=2&pageSize=1&q=welder&status=draft`],
    ['relative', 'page-first', () => '/api/v1.1/jobs?page=2&pageSize=1&q=welder&status=draft'],
  ])('paging.link-form=%s paging.param-order=%s', async (form, order, expected) => {
    use({ 'paging.link-form': form, 'paging.param-order': order });
    await create();
    await create();
    const paging = (await api.get('/jobs?q=welder&status=draft&pageSize=1')).json.paging;
    expect(paging.next).toBe(expected(mock.url));
    expect((await api.get('/jobs?pageSize=1&page=2')).json.paging.previous).toMatch(/jobs\?(page=1&pageSize=1|page=1&pageSize=1)$/);
  });

  it.each([
    ['substring', 'eld', true, 'ref-abc', 'abc', true],
    ['word-prefix', 'eld', false, 'ref-abc', 'abc', false],
    ['word-prefix', 'wel', true, 'ref-abc', 'ref-a', true],
    ['word-prefix', 'head', true, 'ref-abc', 'zzz', false],
    ['word', 'welder', true, 'ref-abc', 'ref-abc', true],
    ['word', 'weld', false, 'ref-abc', 'ref', false],
    ['word', 'head', false, 'ref-abc', 'abc', false],
    ['word', 'head-office', true, 'ref-abc', 'ref-a', false],
  ])('q.match=%s: q=%j matches the title %s; referenceId %s with q=%j %s', async (value, titleQ, titleHit, ref, refQ, refHit) => {
    use({ 'q.match': value });
    const job = await create({ title: 'Welder (head-office)', referenceId: ref });
    const ids = async (q: string) => (await api.get(`/jobs?q=${encodeURIComponent(q)}`)).json.data.map((j: { id: number }) => j.id);
    expect(await ids(titleQ)).toEqual(titleHit ? [job.id] : []);
    expect(await ids(refQ)).toEqual(refHit ? [job.id] : []);
  });

  it('q.match switched at run time drops remembered searches', async () => {
    const job = await create({ title: 'Welder' });
    expect((await api.get('/jobs?q=elde')).json.data).toHaveLength(1);
    use({ 'q.match': 'word-prefix' });
    expect((await api.get('/jobs?q=elde')).json.data).toHaveLength(0);
    expect((await api.get('/jobs?q=weld')).json.data.map((j: { id: number }) => j.id)).toEqual([job.id]);
  });

  it.each([
    ['id-desc', 'desc'],
    ['id-asc', 'asc'],
  ])(
    'order.ties=%s: jobs of one publishDate are listed by id %s, newer publishDates first; switching re-sorts',
    async (value, direction) => {
      const a = await create({ status: 'active' });
      const b = await create({ status: 'active' });
      mock.core.advanceClock(1000);
      const c = await create({ status: 'active' });
      use({ 'order.ties': value });
      const ties = direction === 'desc' ? [b.id, a.id] : [a.id, b.id];
      expect((await api.get('/jobs')).json.data.map((j: { id: number }) => j.id)).toEqual([c.id, ...ties]);
      expect((await api.get('/jobs?status=active')).json.data.map((j: { id: number }) => j.id)).toEqual([c.id, ...ties]);
      const d = await create({ status: 'active' });
      expect((await api.get('/jobs?q=welder')).json.data.map((j: { id: number }) => j.id)).toEqual(
        direction === 'desc' ? [d.id, c.id, ...ties] : [c.id, d.id, ...ties],
      );
    },
  );
});

describe('reference lists', () => {
  it.each([
    ['data', '/positiontypes', (body: any) => body.data],
    ['array', '/positiontypes', (body: any) => body],
    ['items-count', '/categories', (body: any) => (expect(body.count).toBe(body.items.length), body.items)],
    ['named', '/positiontypes', (body: any) => body.positionTypes],
    ['named', '/categories', (body: any) => body.categories],
    ['named', '/locations', (body: any) => body.locations],
  ])('lists.shape=%s: %s holds the whole list', async (value, path, itemsOf) => {
    use({ 'lists.shape': value });
    const body = (await api.get(path)).json;
    if (!Array.isArray(body)) expect(Object.keys(body).length, JSON.stringify(body).slice(0, 80)).toBeLessThanOrEqual(2);
    expect(itemsOf(body).length).toBeGreaterThanOrEqual(7);
    expect(itemsOf(body)).toContainEqual(expect.objectContaining({ id: 1 }));
  });

  it('lists.shape=paged: pages of 3 items, each linking the next in the form of paging.link-form; past the end, empty', async () => {
    use({ 'lists.shape': 'paged', 'paging.link-form': 'relative' });
    const ids: number[] = [];
    let link: string | null = '/api/v1.1/categories';
    for (let pages = 0; link !== null && pages < 20; pages++) {
      const body: any = (await api.get(link.replace('/api/v1.1', ''))).json;
      expect(body.data.length).toBeLessThanOrEqual(3);
      expect(body.paging).toMatchObject({ total: 20, pages: 7, pageSize: 3 });
      ids.push(...body.data.map((c: { id: number }) => c.id));
      link = body.paging.next;
    }
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await api.get('/categories?page=8')).json).toMatchObject({
      data: [],
      paging: { page: 8, next: null, previous: '/api/v1.1/categories?page=7' },
    });
    use({ 'lists.shape': 'paged', 'paging.link-form': 'absolute' });
    expect((await client(mock, null).get('/positiontypes')).json.paging.next).toBe(`${mock.url}/api/v1.1/positiontypes?page=2`);
  });

  it('lists.auth=key: /categories and /locations need a valid key, /positiontypes never does', async () => {
    use({ 'lists.auth': 'key' });
    for (const path of ['/categories', '/locations']) {
      expect((await client(mock, null).get(path)).status, path).toBe(401);
      expect((await api.get(path)).status, path).toBe(200);
    }
    expect((await client(mock, null).get('/positiontypes')).status).toBe(200);
    use({ 'lists.auth': 'open' });
    expect((await client(mock, null).get('/categories')).status).toBe(200);
  });
});

describe('validation and update switches', () => {
  it('transitions.to-draft: allowed moves an active job to draft; refused answers the invalid-input status and changes nothing', async () => {
    const job = await create({ status: 'active' });
    use({ 'transitions.to-draft': 'refused' });
    expect((await api.put(`/jobs/${job.id}`, { status: 'draft' })).status).toBe(400);
    expect((await api.put(`/jobs/${job.id}`, { status: 'archived' })).status).toBe(200);
    expect((await api.get(`/jobs/${job.id}`)).json.status).toBe('archived');
    expect((await create({ status: 'draft' })).status).toBe('draft');
    use({ 'transitions.to-draft': 'allowed' });
    expect((await api.put(`/jobs/${job.id}`, { status: 'draft' })).json.status).toBe('draft');
  });

  it.each([
    ['accept', 201],
    ['refuse', 400],
  ])('validation.blank-title=%s: a title of spaces gets %i', async (value, status) => {
    use({ 'validation.blank-title': value });
    expect((await api.post('/jobs', validJob({ title: '   ' }))).status).toBe(status);
  });

  it.each([
    ['accept', 201],
    ['refuse', 400],
  ])('validation.close-before-publish=%s: a closeDate the day before gets %i; the same day is fine', async (value, status) => {
    use({ 'validation.close-before-publish': value });
    expect((await api.post('/jobs', validJob({ closeDate: '2025-12-31' }))).status).toBe(status);
    expect((await api.post('/jobs', validJob({ closeDate: '2026-01-01' }))).status).toBe(201);
    const job = await create();
    expect((await api.put(`/jobs/${job.id}`, { closeDate: '2025-12-31T23:59:59Z' })).status).toBe(status === 201 ? 200 : 400);
  });
});

describe('profiles', () => {
  it('createMockServer({ profile }) and reset: the profile stays across a reset', async () => {
    mock.core.setProfile({ profile: 'alt' });
    mock.core.reset();
    expect(mock.core.profile.profile).toBe('alt');
    expect((await create()).referenceId).toBe('');
  });

  it('GET /__control/profile shows the profile, seed and choices; POST sets them; a bad one is a 400 that changes nothing', async () => {
    const control = (method: string, body?: unknown) => send(mock.url, { method, path: '/__control/profile', body, apiKey: null });
    expect((await control('GET')).json).toMatchObject({ profile: 'reference', choices: { 'q.match': 'substring' } });
    const set = await control('POST', { profile: 'random', profileSeed: 7, choices: { 'q.match': 'word-prefix' } });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({
      profile: 'random',
      profileSeed: 7,
      overrides: { 'q.match': 'word-prefix' },
      choices: { 'q.match': 'word-prefix' },
    });
    expect((await control('GET')).json).toEqual(set.json);
    for (const bad of [
      { profile: 'nope' },
      { choices: { 'q.match': 'fuzzy' } },
      { choices: { nope: 'x' } },
      { profileSeed: -1, profile: 'random' },
      [1],
    ]) {
      const res = await control('POST', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.message).toEqual(expect.any(String));
    }
    expect((await control('GET')).json).toEqual(set.json);
    expect(mock.core.snapshot().profile).toEqual(set.json);
  });

  it('the reference profile keeps a job and a list exactly as before (no extra field, absolute links)', async () => {
    const job = await create();
    expect(Object.keys(job)).toEqual([
      'id',
      'referenceId',
      'employer',
      'title',
      'publishDate',
      'closeDate',
      'confidential',
      'autoRefresh',
      'status',
      'locations',
      'categories',
      'positionType',
      'salary',
      'description',
      'applicantRoutingType',
      'applicationEmail',
      'applicationUrl',
    ]);
    expect(job.publishDate).toBe(T0);
  });
});

describe('data files under a profile', () => {
  it('a data file written under alt loads under reference with the same jobs', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { createMockServer } = await import('../../mock/index.js');
    const dir = mkdtempSync(join(tmpdir(), 'jobs-profile-data-'));
    try {
      const dataFile = join(dir, 'jobs.json');
      const alt = await createMockServer({ profile: 'alt', dataFile, persist: true, now: T0 });
      const written = (await client(alt).post('/jobs', validJob({ closeDate: '2026-03-01' }))).json;
      await alt.close();
      await using reference = await createMockServer({ dataFile, now: T0 });
      const read = (await client(reference).get(`/jobs/${written.id}`)).json;
      expect(read).toMatchObject({
        id: written.id,
        referenceId: null,
        title: written.title,
        description: written.description,
        closeDate: written.closeDate,
      });
      expect(Date.parse(read.publishDate)).toBe(Date.parse(written.publishDate));
      expect(read.salary.maxAmount).toBe(60000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
