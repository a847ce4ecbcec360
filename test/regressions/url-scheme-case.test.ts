/**
 * Regression: `HTTPS://example.com/x` was refused. URL
 * schemes are case-insensitive (RFC 3986 3.1) and the spec asks for
 * "http:// or https://" (4.2); a job that carries such an address is also a
 * valid response (the suite validates responses with the same schemas).
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import { validators } from '../../schemas/index.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { rewriteJobs } from '../mutants/kit.js';
import { type MockClient, useMock, validJob } from '../mock/helpers.js';

let api: MockClient;
useMock((started) => ({ api } = started));

const urlJob = (applicationUrl: string) => validJob({ applicantRoutingType: { id: 2 }, applicationEmail: undefined, applicationUrl });

describe('the applicationUrl scheme is case-insensitive (spec 4.2, RFC 3986)', () => {
  it.each(['HTTPS://example.com/x', 'Http://example.com/x', 'hTtPs://example.com/'])(
    '%s is accepted and the job is a valid response',
    async (url) => {
      const res = await api.post('/jobs', urlJob(url));
      expect(res.status, res.text).toBe(201);
      expect(res.json.applicationUrl).toBe(url);
      expect(validators.job(res.json).ok).toBe(true);
    },
  );

  it.each(['ftp://example.com/x', 'HTTPS:/example.com', 'example.com/x'])('%s is still rejected', async (url) => {
    const res = await api.post('/jobs', urlJob(url));
    expect(res.status, res.text).toBe(400);
  });
});

describe('the suite sends any-case schemes and accepts a server that stores them lower-case', () => {
  it('passes the rules that read an applicationUrl back against a server that lower-cases the scheme', async () => {
    const lowerScheme = rewriteJobs((job) => {
      if (typeof job.applicationUrl === 'string')
        job.applicationUrl = job.applicationUrl.replace(/^[A-Za-z]+:/, (scheme) => scheme.toLowerCase());
    });
    await using server = await createMockServer({ port: 0, transform: lowerScheme });
    const only = 'jobs.limits.application-url-length,jobs.create.explicit-values,jobs.model.lifecycle';
    const report = await runConformance({ baseUrl: server.url, apiKey: 'demo-key-1', seed: 12, only });
    expect(report.rules.map((r) => [r.id, r.status]).sort()).toEqual(
      only
        .split(',')
        .sort()
        .map((id) => [id, 'passed']),
    );
  }, 60_000);
});
