// Your own vitest test, with the mock in-process: MSW answers fetch calls to the base_url
// with the same core the standalone mock uses. No port, no process.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createHandlers, MockCore } from 'jobs-conformance/mock';
import { exampleJobCreate } from 'jobs-conformance/schemas';

const BASE_URL = 'https://jobs.example.test';
const core = new MockCore(); // the demo employers: keys demo-key-1 and demo-key-2
const server = setupServer(...createHandlers({ baseUrl: BASE_URL, core }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => core.reset());
afterAll(() => server.close());

const headers = { 'API-Key': 'demo-key-1', 'Content-Type': 'application/json' };
const post = (body: unknown) => fetch(`${BASE_URL}/api/v1.1/jobs`, { method: 'POST', headers, body: JSON.stringify(body) });

it('creates a job', async () => {
  const res = await post({ ...exampleJobCreate, title: 'Line cook' }); // exampleJobCreate: a complete, valid body
  expect(res.status).toBe(201);
  expect(res.headers.get('location')).toMatch(/\/api\/v1\.1\/jobs\/\d+$/);
});

it('rejects what the API rejects', async () => {
  const res = await post({ ...exampleJobCreate, title: 'x'.repeat(257) }); // a title holds at most 256 characters
  expect(res.status).toBe(400);
});

it('injects a fault to exercise retry logic', async () => {
  core.injectFault({ status: 503, count: 1, headers: { 'retry-after': '0' } });
  expect((await fetch(`${BASE_URL}/api/v1.1/positiontypes`)).status).toBe(503);
  expect((await fetch(`${BASE_URL}/api/v1.1/positiontypes`)).status).toBe(200);
});
