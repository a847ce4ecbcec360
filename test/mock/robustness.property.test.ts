/**
 * Robustness: malformed requests (fast-check) over HTTP, a thousand in the PR
 * gate and three thousand in the nightly tier (TEST_TIER=full). The mock never
 * answers 5xx and never crashes; every rejection is a 4xx with an
 * error.schema.json body and leaves the store exactly as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { CONTROL_ROUTES, type MockServer } from '../../mock/index.js';
import { FULL_TIER } from '../support/test-seeds.js';
import { send, startMock, validJob, type SendOptions } from './helpers.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ bodyLimit: 16 * 1024 });
  mock.core.seedJobs(101, [validJob({ referenceId: 'seed-1' }), validJob({ referenceId: 'seed-2', status: 'active' })]);
  mock.core.seedJobs(102, [validJob({ referenceId: 'seed-1' })]);
});
afterAll(() => mock.close());

/** Malformed requests to the API: more draws of the same property are the nightly tier's work. */
const MALFORMED_RUNS = FULL_TIER ? 3000 : 1000;
const FIELDS = Object.keys(validJob());
const weirdValue = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.constantFrom(2147483648, -2147483649, 1e308, -0, 0.1, '', '😀'.repeat(300), '\u0000', '<script>x</script>', [], {}, null, true),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 70n }).map(Number),
);

/** A valid job with one field broken (often, not always, invalid: the assertion below is conditional). */
const brokenJob = fc
  .record({ field: fc.constantFrom(...FIELDS, 'salary.amount', 'locations.0', 'categories.0.id'), value: weirdValue })
  .map(({ field, value }) => {
    const job = validJob() as Record<string, any>;
    const [a, b, c] = field.split('.');
    if (c !== undefined) job[a!][Number(b)][c] = value;
    else if (b !== undefined) job[a!][Number.isNaN(Number(b)) ? b : Number(b)] = value;
    else job[a!] = value;
    return JSON.stringify(job);
  });

const rawBody = fc.oneof(
  brokenJob,
  fc.json(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  fc.integer({ min: 60, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 60, max: 5_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.constantFrom(
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    `{"__proto__":null,${JSON.stringify(validJob()).slice(1, -1)},"prototype":1}`,
    JSON.stringify({ referenceId: 'seed-1', categories: [{ id: 2147483648 }] }),
    'x'.repeat(17 * 1024),
    `{"title":"${'é'.repeat(9000)}"}`,
  ),
  fc.jsonValue().map((v) => JSON.stringify({ title: v, referenceId: v, status: v, salary: v })),
);

const idText = fc.oneof(
  fc.constantFrom('1', '2', '3', '0', '-1', '2147483647', '2147483648', '99999999999999999999', '1e3', '0x10', ' 1', '1.0'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

const request: fc.Arbitrary<SendOptions> = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
    path: fc.oneof(
      fc.constant('/jobs'),
      idText.map((id) => `/jobs/${id}`),
      fc
        .record({
          page: fc.oneof(fc.integer(), fc.string({ maxLength: 5 })),
          pageSize: fc.oneof(fc.integer(), fc.string({ maxLength: 5 })),
          status: fc.string({ maxLength: 8 }),
        })
        .map(
          (q) =>
            `/jobs?page=${encodeURIComponent(String(q.page))}&pageSize=${encodeURIComponent(String(q.pageSize))}` +
            `&status=${encodeURIComponent(q.status)}&q=%F0%9F%98%80`,
        ),
      fc.constantFrom('/positiontypes/1', '/unknown', '/jobs/1/x', '/__control/nope', '/%E0%A4%A'),
    ),
    apiKey: fc.constantFrom<string | null>('demo-key-1', 'demo-key-2', null, 'wrong', ''),
    body: fc.option(rawBody, { nil: undefined }),
    contentType: fc.constantFrom<string | null | undefined>(
      undefined,
      'application/json; charset=utf-8',
      'text/plain',
      null,
      'application/jsonx',
      'APPLICATION/JSON',
    ),
    headers: fc.constantFrom<Record<string, string>>(
      {},
      { 'x-http-method-override': 'DELETE' },
      { 'x-http-method-override': 'GET' },
      { 'x-http-method-override': 'PUT' },
    ),
  })
  .map((r) => (r.method === 'GET' || r.method === 'HEAD' ? { ...r, body: undefined } : r));

it(`${MALFORMED_RUNS} malformed requests: no 5xx, JSON 4xx errors, store unchanged by every rejection`, async () => {
  let rejected = 0;
  await fc.assert(
    fc.asyncProperty(request, async (options) => {
      const before = mock.core.jobsJson();
      const res = await send(mock.url, options);
      expect(res.status, `${options.method} ${options.path} -> ${res.text.slice(0, 200)}`).toBeLessThan(500);
      if (res.status >= 400) {
        rejected++;
        if (options.method !== 'HEAD') {
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          expect(validators.error(res.json).ok).toBe(true);
          expect(res.json.status).toBe(res.status);
        }
        expect(mock.core.jobsJson()).toBe(before);
      }
    }),
    { numRuns: MALFORMED_RUNS },
  );
  expect(rejected).toBeGreaterThan((MALFORMED_RUNS * 2) / 3);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  // still healthy afterwards
  expect((await send(mock.url, { method: 'POST', path: '/jobs', body: validJob() })).status).toBe(201);
}, 120_000);

it('the control API answers malformed bodies with a JSON 4xx, never a 5xx', async () => {
  const control = await startMock({ bodyLimit: 16 * 1024 });
  try {
    const route = fc.constantFrom(...CONTROL_ROUTES.map((r) => r.split(' ') as [string, string]));
    await fc.assert(
      fc.asyncProperty(route, fc.option(rawBody, { nil: undefined }), async ([method, path], body) => {
        const res = await send(control.url, { method, path: `/__control${path}`, body: method === 'GET' ? undefined : body, apiKey: null });
        expect(res.status, `${method} ${path} -> ${res.text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(validators.error(res.json).ok).toBe(true);
      }),
      { numRuns: 500 },
    );
  } finally {
    await control.close();
  }
}, 60_000);

it.each([
  ['alt', {}],
  ['lenient', {}],
  ['random', { profileSeed: 11 }],
])(
  'under the %s profile: no 5xx, JSON (or problem+json) 4xx errors, store unchanged by every rejection',
  async (profile, extra) => {
    const other = await startMock({ bodyLimit: 16 * 1024, profile, ...extra });
    try {
      other.core.seedJobs(101, [validJob({ referenceId: 'seed-1' }), validJob({ referenceId: 'seed-2', status: 'active' })]);
      await fc.assert(
        fc.asyncProperty(request, async (options) => {
          const before = other.core.jobsJson();
          const res = await send(other.url, options);
          expect(res.status, `${options.method} ${options.path} -> ${res.text.slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) {
            if (options.method !== 'HEAD') {
              expect(res.headers['content-type']).toMatch(/^application\/(problem\+)?json/);
              expect(typeof res.json.message === 'string' || typeof res.json.detail === 'string').toBe(true);
            }
            expect(other.core.jobsJson()).toBe(before);
          }
        }),
        { numRuns: 600 },
      );
    } finally {
      await other.close();
    }
  },
  60_000,
);
