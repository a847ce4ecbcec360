/**
 * The MSW handlers and the standalone server are adapters over one core: the
 * same request script gives the same statuses, headers and bodies through both.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHandlers, MockCore, type MockServer } from '../../mock/index.js';
import { startMock, validJob } from './helpers.js';

const BASE_URL = 'https://jobs.example.test';
const NOW = '2025-03-01T12:00:00.000Z';
const core = new MockCore();
const msw = setupServer(...createHandlers({ baseUrl: BASE_URL, core }));
let mock: MockServer;

beforeAll(async () => {
  msw.listen({ onUnhandledRequest: 'bypass' });
  mock = await startMock({ now: NOW });
  core.setClock(NOW);
});
afterAll(async () => {
  msw.close();
  await mock.close();
});

type Step = { method: string; path: string; body?: unknown; raw?: string; key?: string | null; headers?: Record<string, string> };
const SCRIPT: Step[] = [
  { method: 'GET', path: '/positiontypes', key: null },
  { method: 'POST', path: '/jobs', body: validJob({ referenceId: 'a', salary: { amount: 1.5, period: { id: 5 } } }) },
  { method: 'POST', path: '/jobs', body: validJob({ referenceId: 'a' }) },
  { method: 'PUT', path: '/jobs', body: validJob({ referenceId: 'b', status: 'active' }) },
  { method: 'PUT', path: '/jobs', body: { referenceId: 'b', status: 'archived' } },
  { method: 'PUT', path: '/jobs/1', body: { title: '😀'.repeat(257) } },
  { method: 'POST', path: '/jobs', raw: '{"title":' },
  { method: 'POST', path: '/jobs', raw: '{}', headers: { 'content-type': 'text/plain' } },
  { method: 'GET', path: '/jobs?pageSize=1&q=welder' },
  { method: 'GET', path: '/jobs/2', key: 'demo-key-2' },
  { method: 'GET', path: '/jobs', key: 'nope' },
  { method: 'PATCH', path: '/jobs/1', body: {} },
  { method: 'POST', path: '/jobs/1', headers: { 'x-http-method-override': 'DELETE' } },
  { method: 'DELETE', path: '/jobs', body: { referenceId: 'b' } },
  { method: 'GET', path: '/jobs' },
  { method: 'GET', path: '/nothing-here' },
];

async function run(baseUrl: string, step: Step) {
  const headers: Record<string, string> = { ...step.headers };
  if (step.key !== null) headers['api-key'] = step.key ?? 'demo-key-1';
  const body = step.raw ?? (step.body === undefined ? undefined : JSON.stringify(step.body));
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${baseUrl}/api/v1.1${step.path}`, { method: step.method, headers, body });
  const text = (await res.text()).replaceAll(baseUrl, '{base_url}');
  const keep = ['content-type', 'allow'].map((h) => `${h}=${res.headers.get(h)}`);
  return { status: res.status, location: res.headers.get('location')?.replace(baseUrl, '{base_url}') ?? null, keep, text };
}

it('answers a request script identically through MSW and through the node:http server', async () => {
  for (const step of SCRIPT) {
    const viaMsw = await run(BASE_URL, step);
    const viaServer = await run(mock.url, step);
    expect(viaMsw, `${step.method} ${step.path}`).toEqual(viaServer);
  }
  expect(core.snapshot().jobs).toEqual(mock.core.snapshot().jobs);
});
