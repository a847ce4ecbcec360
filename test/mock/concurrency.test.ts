/**
 * Spec 4.2, 4.3: PUT with a referenceId is idempotent and POST rejects a
 * referenceId in use, also when the requests race: 100 concurrent PUT-creates
 * with one referenceId create exactly one job.
 */
import { expect, it } from 'vitest';
import type { MockServer } from '../../mock/index.js';
import { type MockClient, useMock, validJob } from './helpers.js';

let mock: MockServer;
let api: MockClient;
useMock((started) => ({ mock, api } = started), {});

it('100 concurrent PUT-creates with one referenceId create exactly one job', async () => {
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) => api.put('/jobs', validJob({ referenceId: 'race', title: `Racer ${i}` }))),
  );
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 200)).toHaveLength(99);
  expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
  const list = await api.get('/jobs?q=race');
  expect(list.json.paging.total).toBe(1);
  expect(mock.core.snapshot().jobs).toHaveLength(1);
});

it('100 concurrent POSTs with one referenceId: one 201, 99 409, one job', async () => {
  const results = await Promise.all(Array.from({ length: 100 }, () => api.post('/jobs', validJob({ referenceId: 'post-race' }))));
  const statuses = results.map((r) => r.status).sort();
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(99);
  expect(mock.core.snapshot().jobs).toHaveLength(1);
});

it('concurrent creates get distinct ids and all appear in the list', async () => {
  const results = await Promise.all(Array.from({ length: 100 }, () => api.post('/jobs', validJob())));
  expect(new Set(results.map((r) => r.json.id)).size).toBe(100);
  expect((await api.get('/jobs')).json.paging.total).toBe(100);
});
