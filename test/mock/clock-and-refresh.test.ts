/**
 * Spec 2.1, 3, 8 driven by the controllable clock: publishDate is set by the
 * service, closeDate defaults to 60 days later, and auto-refresh resets the
 * publish date every 7 days for employers on an unlimited plan.
 */
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../mock/index.js';
import { client, KEY_2, type MockClient, useMock, validJob } from './helpers.js';

const DAY = 24 * 3600 * 1000;
const T0 = '2025-04-01T09:30:00.000Z';
let mock: MockServer;
let api: MockClient;
useMock(
  (started) => ({ mock, api } = started),
  {},
  (m) => {
    m.core.setClock(T0);
  },
);

const iso = (ms: number) => new Date(ms).toISOString();

describe('clock-driven dates', () => {
  it('publishDate comes from the clock and ignores a publishDate in the body', async () => {
    const job = (await api.post('/jobs', validJob({ publishDate: '2001-01-01T00:00:00Z' }))).json;
    expect(job.publishDate).toBe(T0);
    expect(job.closeDate).toBe(iso(Date.parse(T0) + 60 * DAY));
  });

  it("the real clock is used by default (publishDate within the test's wall-clock window)", async () => {
    mock.core.resetClock();
    const before = Date.now();
    const job = (await api.post('/jobs', validJob())).json;
    const at = Date.parse(job.publishDate);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it('an update keeps publishDate and closeDate, also after time passes', async () => {
    const job = (await api.post('/jobs', validJob({ status: 'active' }))).json;
    mock.core.advanceClock(3 * DAY);
    const updated = (await api.put(`/jobs/${job.id}`, { status: 'archived' })).json;
    expect(updated.publishDate).toBe(job.publishDate);
    expect(updated.closeDate).toBe(job.closeDate);
  });

  it("a job past its closeDate keeps its status (no automatic closing: the mock's choice)", async () => {
    const job = (await api.post('/jobs', validJob({ status: 'active' }))).json;
    mock.core.advanceClock(61 * DAY);
    expect((await api.get(`/jobs/${job.id}`)).json.status).toBe('active');
  });
});

describe('auto-refresh (2.1, 8)', () => {
  it('resets the publish date every 7 days for an active autoRefresh job of an unlimited employer', async () => {
    const job = (await api.post('/jobs', validJob({ status: 'active', autoRefresh: true }))).json;
    mock.core.advanceClock(7 * DAY - 1);
    expect((await api.get(`/jobs/${job.id}`)).json.publishDate).toBe(T0);
    mock.core.advanceClock(1);
    expect((await api.get(`/jobs/${job.id}`)).json.publishDate).toBe(iso(Date.parse(T0) + 7 * DAY));
    mock.core.advanceClock(15 * DAY);
    const later = (await api.get(`/jobs/${job.id}`)).json;
    expect(later.publishDate).toBe(iso(Date.parse(T0) + 21 * DAY));
    expect(later.closeDate).toBe(job.closeDate);
  });

  it('moves a refreshed job to the top of the list', async () => {
    const refreshed = (await api.post('/jobs', validJob({ status: 'active', autoRefresh: true }))).json;
    mock.core.advanceClock(DAY);
    const newer = (await api.post('/jobs', validJob({ status: 'active' }))).json;
    expect((await api.get('/jobs')).json.data.map((j: { id: number }) => j.id)).toEqual([newer.id, refreshed.id]);
    mock.core.advanceClock(6 * DAY);
    expect((await api.get('/jobs')).json.data.map((j: { id: number }) => j.id)).toEqual([refreshed.id, newer.id]);
  });

  it('does not refresh: autoRefresh false, a draft or archived job, or an employer on a standard plan', async () => {
    const off = (await api.post('/jobs', validJob({ status: 'active' }))).json;
    const draft = (await api.post('/jobs', validJob({ autoRefresh: true }))).json;
    const archived = (await api.post('/jobs', validJob({ status: 'archived', autoRefresh: true }))).json;
    const standard = client(mock, KEY_2);
    const other = await standard.post('/jobs', validJob({ status: 'active', autoRefresh: true }));
    expect(other.json.autoRefresh).toBe(true); // accepted and kept, but without effect
    mock.core.advanceClock(30 * DAY);
    for (const id of [off.id, draft.id, archived.id]) expect((await api.get(`/jobs/${id}`)).json.publishDate).toBe(T0);
    expect((await standard.get(`/jobs/${other.json.id}`)).json.publishDate).toBe(T0);
  });

  it('starts refreshing when autoRefresh is switched on, and stops when it is switched off', async () => {
    const job = (await api.post('/jobs', validJob({ status: 'active' }))).json;
    mock.core.advanceClock(8 * DAY);
    expect((await api.put(`/jobs/${job.id}`, { autoRefresh: true })).json.publishDate).toBe(iso(Date.parse(T0) + 7 * DAY));
    await api.put(`/jobs/${job.id}`, { autoRefresh: false });
    mock.core.advanceClock(20 * DAY);
    expect((await api.get(`/jobs/${job.id}`)).json.publishDate).toBe(iso(Date.parse(T0) + 7 * DAY));
  });
});
