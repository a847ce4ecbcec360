/**
 * docs/mock.md example (the README shows it short): an integrator's own test using the mock in-process with
 * MSW's setupServer. No port, no server: fetch calls to the base_url are
 * answered by the same core the standalone mock uses.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createHandlers, MockCore } from '../../mock/index.js';

const BASE_URL = 'https://jobs.example.test';
const core = new MockCore(); // the demo employers: keys demo-key-1 and demo-key-2
const server = setupServer(...createHandlers({ baseUrl: BASE_URL, core }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => core.reset());
afterAll(() => server.close());

/** The code under test: an integrator's tiny client. */
async function publishJob(title: string): Promise<{ id: number; status: string }> {
  const headers = { 'API-Key': 'demo-key-1', 'Content-Type': 'application/json' };
  const created = await fetch(`${BASE_URL}/api/v1.1/jobs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title,
      locations: [{ description: 'Halifax, NS' }],
      categories: [{ id: 1 }],
      positionType: { id: 1 },
      description: '<p>Join us</p>',
      applicantRoutingType: { id: 2 },
      applicationUrl: 'https://careers.example.test/apply',
    }),
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const job = (await created.json()) as { id: number };
  const published = await fetch(`${BASE_URL}/api/v1.1/jobs/${job.id}`, { method: 'PUT', headers, body: JSON.stringify({ status: 'active' }) });
  return (await published.json()) as { id: number; status: string };
}

it('publishes a job against the in-process mock', async () => {
  const job = await publishJob('Line cook');
  expect(job.status).toBe('active');
  const list = await fetch(`${BASE_URL}/api/v1.1/jobs?status=active`, { headers: { 'API-Key': 'demo-key-1' } });
  expect(((await list.json()) as { paging: { total: number } }).paging.total).toBe(1);
});

it('surfaces the mock\'s validation errors to the client', async () => {
  await expect(publishJob('x'.repeat(257))).rejects.toThrow(/create failed: 400 .*"path":"\/title"/);
});

it('lets a test inject a fault to exercise retry logic', async () => {
  core.injectFault({ status: 503, count: 1, headers: { 'retry-after': '0' } });
  const first = await fetch(`${BASE_URL}/api/v1.1/positiontypes`);
  expect(first.status).toBe(503);
  expect(first.headers.get('retry-after')).toBe('0');
  expect((await fetch(`${BASE_URL}/api/v1.1/positiontypes`)).status).toBe(200);
});
