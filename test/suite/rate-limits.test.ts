/**
 * Rate limits and transient faults against the real mock over loopback: injected 429/503
 * faults (the mock's fault injector, /__control/faults) are waited out and
 * retried, never counted as mismatches, and past the caps the rule ends
 * `error`, never `failed`; --rate-limit spaces the run's requests; --header
 * headers reach the target and their values stay out of every report.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FaultSpec } from '../../mock/core/http/fault-injector.js';
import { createMockServer, type MockServer } from '../../mock/testing.js';
import { writeReports } from '../../reports/index.js';
import { validators } from '../../schemas/index.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import type { RedactedReport } from '../../reports/redactor.js';
import { runConformance, type RunOptions } from '../../suites/engine/run-conformance.js';
import type { Transform } from '../mutants/kit.js';

const KEY = 'demo-key-1';
const RULE = 'jobs.create.status-201';

async function withMock<T>(use: (mock: MockServer) => Promise<T>, transform?: Transform): Promise<T> {
  const mock = await createMockServer({
    port: 0,
    ...(transform ? { transform } : {}),
  });
  try {
    return await use(mock);
  } finally {
    await mock.close();
  }
}

function run(mock: MockServer, options: Partial<RunOptions> = {}): Promise<RedactedReport> {
  return runConformance({
    baseUrl: mock.url,
    apiKey: KEY,
    runs: 1,
    seed: 7,
    only: RULE,
    retryBackoffMs: 10,
    ...options,
  });
}

/** Injects `fault` once the rules start (preflight and the q probe also POST, and must not meet it). */
function faultWhenRulesStart(mock: MockServer, fault: FaultSpec): Pick<RunOptions, 'onProgress'> {
  return {
    onProgress: (event) => void (event.type === 'start' && mock.core.injectFault(fault)),
  };
}

function expectValid(report: ConformanceReport): void {
  const result = validators.report(report);
  expect(result.ok ? [] : result.issues).toEqual([]);
}

describe('rate limits (429/503 with and without Retry-After)', () => {
  it('waits out a 429 with Retry-After in seconds and retries; the rule passes and the report counts the retry', async () => {
    await withMock(async (mock) => {
      const report = await run(mock, {
        ...faultWhenRulesStart(mock, {
          status: 429,
          headers: { 'retry-after': '1' },
          method: 'POST',
          path: '/jobs',
          count: 1,
        }),
      });
      expectValid(report);
      expect(report.rules.find((rule) => rule.id === RULE)?.status).toBe('passed');
      expect(report.summary.mismatches).toBe(0);
      expect(report.network?.retries).toBe(1);
      expect(report.network?.retryWaitMs).toBeGreaterThanOrEqual(1_000);
    });
  });

  it('waits out a 503 whose Retry-After is an HTTP date', async () => {
    await withMock(async (mock) => {
      const date = new Date(Date.now() + 2_000).toUTCString(); // whole seconds: a wait of 1-2 s
      const report = await run(mock, {
        ...faultWhenRulesStart(mock, {
          status: 503,
          headers: { 'retry-after': date },
          method: 'POST',
          path: '/jobs',
          count: 1,
        }),
      });
      expect(report.rules.find((rule) => rule.id === RULE)?.status).toBe('passed');
      expect(report.network?.retries).toBe(1);
      expect(report.network?.retryWaitMs).toBeGreaterThan(0);
      expect(report.network?.retryWaitMs).toBeLessThanOrEqual(2_000);
    });
  });

  it('backs off exponentially on a 429 without Retry-After', async () => {
    await withMock(async (mock) => {
      const report = await run(mock, {
        retryBackoffMs: 10,
        ...faultWhenRulesStart(mock, {
          status: 429,
          method: 'POST',
          path: '/jobs',
          count: 3,
        }),
      });
      expect(report.rules.find((rule) => rule.id === RULE)?.status).toBe('passed');
      expect(report.network).toMatchObject({
        retries: 3,
        retryWaitMs: 10 + 20 + 40,
      });
    });
  });

  it('past the wait bound the rule ends error, never failed, and the verdict is error', async () => {
    await withMock(async (mock) => {
      const report = await run(mock, {
        retryMaxWaitMs: 1_000,
        ...faultWhenRulesStart(mock, {
          status: 429,
          headers: { 'retry-after': '30' },
          method: 'POST',
          path: '/jobs',
          count: 'unlimited',
        }),
      });
      expectValid(report);
      const rule = report.rules.find((r) => r.id === RULE);
      expect(rule?.status).toBe('error');
      expect(rule?.errorMessage).toMatch(
        /POST \/jobs: answered 429 \(rate limited\); Retry-After asks for 30000 ms, more than --retry-max-wait-ms 1000/,
      );
      expect(report.summary.failed).toBe(0);
      expect(report.summary.mismatches).toBe(0);
      expect(report.verdict).toBe('error');
    });
  });

  it('past the retry bound (a 429 that never ends) the rule ends error', async () => {
    await withMock(async (mock) => {
      const report = await run(mock, {
        retryBackoffMs: 1,
        retryMax: 3,
        ...faultWhenRulesStart(mock, {
          status: 429,
          method: 'POST',
          path: '/jobs',
          count: 'unlimited',
        }),
      });
      const rule = report.rules.find((r) => r.id === RULE);
      expect(rule?.status).toBe('error');
      expect(rule?.errorMessage).toMatch(/still limited after 3 retries/);
      expect(report.summary.failed).toBe(0);
      expect(report.network?.retries).toBe(3);
    });
  });

  it('a Ctrl-C during a Retry-After wait stops the run promptly (partial report, no hang)', async () => {
    await withMock(async (mock) => {
      const controller = new AbortController();
      const report = await run(mock, {
        signal: controller.signal,
        onProgress: (event) => {
          if (event.type !== 'start') return;
          // A wait the Ctrl-C did not end would outlast the test's own timeout (30 s), with no clock in the assertions.
          mock.core.injectFault({
            status: 429,
            headers: { 'retry-after': '45' },
            method: 'POST',
            path: '/jobs',
            count: 'unlimited',
          });
          setTimeout(() => controller.abort(), 300);
        },
      });
      expect(report.interrupted).toBe(true);
      expect(report.summary.failed).toBe(0);
    });
  });
});

describe('--rate-limit', () => {
  it('spaces every request of the run and reports the time spent spacing', async () => {
    await withMock(async (mock) => {
      const started = performance.now();
      const report = await run(mock, { rateLimit: '50/s' });
      const elapsed = performance.now() - started;
      // N requests at 20 ms spacing take at least (N - 1) * 20 ms.
      expect(elapsed).toBeGreaterThanOrEqual((report.summary.requests - 1) * 20 - 5);
      expect(report.options?.rateLimit).toBe('50/s');
      expect(report.network?.rateLimitWaitMs).toBeGreaterThan(0);
    });
  });
});

describe('--header', () => {
  const SECRET = 'gw-s3cret-value-9f2c';

  it('sends the headers with every request and no report file contains their values', async () => {
    const seen: Array<Record<string, string>> = [];
    // Echo the header back and break POST's status (a 200, not 201), so the report holds
    // a mismatch with exchanges and a curl: the value must still appear nowhere.
    const capture: Transform = (next) => async (req) => {
      seen.push(req.headers);
      const res = await next(req);
      const echoed = { ...res, headers: { ...res.headers, 'x-echo': req.headers['x-gateway-token'] ?? '' } };
      return req.method === 'POST' && res.status === 201 ? { ...echoed, status: 200 } : echoed;
    };
    await withMock(async (mock) => {
      const report = await run(mock, {
        headers: [`X-Gateway-Token: ${SECRET}`, 'traceparent: 00-abc-01'],
      });
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((headers) => headers['x-gateway-token'] === SECRET && headers['traceparent'] === '00-abc-01')).toBe(true);
      expect(report.options?.headerNames).toEqual(['x-gateway-token', 'traceparent']);
      const mismatch = report.rules.find((rule) => rule.id === RULE)?.mismatches[0];
      expect(mismatch?.curl).toContain("'x-gateway-token: [redacted]'");
      expect(mismatch?.exchanges.at(-1)?.response?.headers['x-echo']).toBe('[redacted]');
      expect(JSON.stringify(report)).not.toContain(SECRET);
      const dir = await mkdtemp(join(tmpdir(), 'jc-headers-'));
      try {
        await writeReports(report, { dir, stepSummary: false });
        for (const file of await readdir(dir)) expect(await readFile(join(dir, file), 'utf8'), file).not.toContain(SECRET);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, capture);
  });
});
