/**
 * Regression (found by test/hardening/suite-hostile-targets): when
 * cleanup's DELETE /jobs/{id} was refused (a 500) for a job a rule had
 * already deleted by referenceId, the report listed it as leftover although
 * the target no longer held it. Cleanup now reads the job before calling it
 * leftover: report.cleanup.leftover is exactly what the target still holds.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/index.js';
import { RunCleanup } from '../../suites/engine/cleanup.js';
import { createClient } from '../../suites/http/client.js';
import { CreatedJobs } from '../../suites/engine/created-jobs.js';
import { Redactor } from '../../reports/redactor.js';

const TAG = 'jcreg6-';

let mock: MockServer;
let proxy: Server;
let proxyUrl: string;

/** Forwards to the mock, except DELETE /jobs/{id}, which it refuses with a 500. */
beforeEach(async () => {
  mock = await createMockServer();
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'DELETE' && /\/jobs\/\d+$/.test(req.url ?? '')) {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"refused"}');
        return;
      }
      const { host: _host, ...headers } = req.headers;
      const out = request(`${mock.url}${req.url}`, { method: req.method, headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterEach(async () => {
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await mock.close();
});

const body = (referenceId: string) => ({
  referenceId,
  title: `Welder ${referenceId}`,
  locations: [{ description: 'Toronto, ON' }],
  categories: [{ id: 1 }],
  positionType: { id: 1 },
  description: '<p>Weld.</p>',
  applicantRoutingType: { id: 1 },
  applicationEmail: 'jobs@example.com',
});

it('reports as leftover only the jobs the target still holds', async () => {
  const jobs = new CreatedJobs();
  const client = createClient({
    apiRoot: `${proxyUrl}/api/v1.1`,
    apiKey: 'demo-key-1',
    owner: 'primary',
    timeoutMs: 5_000,
    redactor: new Redactor(['demo-key-1']),
    onResponse: (response) => jobs.noteResponse(response, 'case-1'),
  });
  const deletedByReference = await client.request<{ id: number }>({ method: 'POST', path: '/jobs', body: body(`${TAG}a`) });
  const kept = await client.request<{ id: number }>({ method: 'POST', path: '/jobs', body: body(`${TAG}b`) });
  expect([deletedByReference.status, kept.status]).toEqual([201, 201]);
  // A rule deletes the first one another way (spec 4.4, DELETE /jobs with its referenceId).
  expect((await client.request({ method: 'DELETE', path: '/jobs', body: { referenceId: `${TAG}a` } })).status).toBe(204);

  const cleanup = new RunCleanup({ jobs, tag: TAG, clients: { primary: client } });
  const report = await cleanup.finish();

  const remaining = mock.core.snapshot().jobs.map((job) => job.id);
  expect(remaining).toEqual([kept.json!.id]);
  expect(report.leftover.map((job) => job.id)).toEqual(remaining);
  expect(report.leftover[0]?.reason).toMatch(/DELETE \/api\/v1\.1\/jobs\/\d+ answered 500/);
  expect(report.deleted).toBe(1);
});
