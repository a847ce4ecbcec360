import { describe, expect, it } from 'vitest';
import { SuiteError, TransportError } from '../contract/errors.js';
import { RequestPacer, intervalOf, parseRateLimit } from './request-pacer.js';
import { retryAfterMs } from './retry-after.js';
import { RetryPolicy, type RetryableResponse } from './retry-policy.js';

const limited = (status: number, retryAfter?: string): RetryableResponse => ({
  status,
  headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
});

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates (a past date waits 0)', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:02 GMT', now)).toBe(2_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
  });

  it('ignores values of neither form', () => {
    for (const value of [undefined, '', '-1', '1.5', 'soon', '2026-01-01']) expect(retryAfterMs(value)).toBeUndefined();
  });
});

describe('RetryPolicy', () => {
  it('retries a 429 or a 503 with Retry-After after the wait asked, and not other answers', () => {
    const policy = new RetryPolicy();
    expect(policy.waitBeforeRetry(limited(429, '2'), 0, 'GET /jobs')).toBe(2_000);
    expect(policy.waitBeforeRetry(limited(503, '1'), 0, 'GET /jobs')).toBe(1_000);
    expect(policy.waitBeforeRetry(limited(503), 0, 'GET /jobs')).toBeUndefined();
    expect(policy.waitBeforeRetry(limited(500, '1'), 0, 'GET /jobs')).toBeUndefined();
    expect(policy.waitBeforeRetry(limited(200, '1'), 0, 'GET /jobs')).toBeUndefined();
  });

  it('backs off exponentially on a 429 without Retry-After', () => {
    const policy = new RetryPolicy({ backoffMs: 100 });
    expect([0, 1, 2, 3].map((retry) => policy.waitBeforeRetry(limited(429), retry, 'GET /jobs'))).toEqual([100, 200, 400, 800]);
  });

  it('ends the request RATE_LIMITED past each cap: retries, a single wait, the run total', async () => {
    const stop = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error as SuiteError;
      }
      throw new Error('expected RATE_LIMITED');
    };
    const policy = new RetryPolicy({
      maxRetries: 2,
      maxWaitMs: 1_000,
      totalWaitMs: 1_500,
    });
    expect(stop(() => policy.waitBeforeRetry(limited(429, '1'), 2, 'GET /jobs')).message).toMatch(
      /GET \/jobs: answered 429 .*after 2 retries/,
    );
    expect(stop(() => policy.waitBeforeRetry(limited(429, '5'), 0, 'GET /jobs')).message).toMatch(
      /asks for 5000 ms, more than --retry-max-wait-ms 1000/,
    );
    policy.stats.waitedMs = 1_000; // as if the run had waited 1 s already
    const total = stop(() => policy.waitBeforeRetry(limited(429, '1'), 0, 'GET /jobs'));
    expect(total.code).toBe('RATE_LIMITED');
    expect(total.message).toMatch(/--retry-total-wait-ms 1500/);
  });

  it('counts retries and waits, and a Ctrl-C ends a wait at once', async () => {
    const policy = new RetryPolicy();
    await policy.wait(5, undefined);
    expect(policy.stats).toEqual({ retries: 1, waitedMs: 5 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    // A wait the abort did not end would outlast the test's own timeout (30 s).
    const error = await policy.wait(60_000, controller.signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).code).toBe('INTERRUPTED');
  });
});

describe('RequestPacer', () => {
  it('parses N/s and N/m into a spacing', () => {
    expect(intervalOf(parseRateLimit('20/s'))).toBe(50);
    expect(intervalOf(parseRateLimit('120/m'))).toBe(500);
    expect(intervalOf(parseRateLimit('0.5/s'))).toBe(2_000);
  });

  it('spaces requests, also when they are taken concurrently', async () => {
    const pacer = new RequestPacer({ requests: 50, per: 's' });
    const started = performance.now();
    const times: number[] = [];
    await Promise.all(Array.from({ length: 6 }, () => pacer.take().then(() => times.push(performance.now() - started))));
    // 6 requests at 20 ms spacing: the last leaves about 100 ms after the first.
    expect(Math.max(...times)).toBeGreaterThanOrEqual(95);
    expect(pacer.waitedMs).toBeGreaterThan(0);
  });

  it('a Ctrl-C ends the wait for a slot', async () => {
    const pacer = new RequestPacer({ requests: 1, per: 'm' });
    await pacer.take();
    const error = await pacer.take(AbortSignal.timeout(20)).catch((e: unknown) => e);
    expect((error as TransportError).code).toBe('INTERRUPTED');
  });
});
