/**
 * Regression: re-publishing an archived auto-refresh job
 * moved its publishDate. The store caught up the 7-day periods that passed
 * while the job was archived as soon as it was active again. Spec 3 says of
 * re-publishing "Other fields unchanged". Now auto-refresh periods count only
 * while the job is active, so the transition changes nothing but status, and
 * the next refresh falls 7 days after the re-publish.
 */
import { expect, it } from 'vitest';
import type { MockServer } from '../../mock/index.js';
import { type MockClient, useMock, validJob } from '../mock/helpers.js';

const DAY = 24 * 3600 * 1000;
const T0 = '2026-01-01T00:00:00.000Z';
let mock: MockServer;
let api: MockClient;
useMock(
  (started) => ({ mock, api } = started),
  {},
  (m) => m.core.setClock(T0),
);

it('PUT {status: "active"} on an archived auto-refresh job keeps publishDate (demo-key-1: unlimited plan)', async () => {
  const job = (await api.post('/jobs', validJob({ status: 'active', autoRefresh: true }))).json;
  expect((await api.put(`/jobs/${job.id}`, { status: 'archived' })).status).toBe(200);
  mock.core.advanceClock(20 * DAY);
  const republished = await api.put(`/jobs/${job.id}`, { status: 'active' });
  expect(republished.status).toBe(200);
  expect(republished.json.status).toBe('active');
  expect(republished.json.publishDate).toBe(T0);
  expect((await api.get(`/jobs/${job.id}`)).json.publishDate).toBe(T0);
  expect({ ...republished.json, status: 'archived' }).toEqual({ ...job, status: 'archived' });
});

it('the next refresh falls 7 days after the re-publish, not 7 days after publishDate', async () => {
  const job = (await api.post('/jobs', validJob({ status: 'archived', autoRefresh: true }))).json;
  mock.core.advanceClock(20 * DAY);
  await api.put(`/jobs/${job.id}`, { status: 'active' });
  mock.core.advanceClock(6 * DAY);
  expect((await api.get(`/jobs/${job.id}`)).json.publishDate).toBe(T0);
  mock.core.advanceClock(1 * DAY);
  expect((await api.get(`/jobs/${job.id}`)).json.publishDate).toBe(new Date(Date.parse(T0) + 27 * DAY).toISOString());
});
