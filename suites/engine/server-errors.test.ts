import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../schemas/types.gen.js';
import { serverErrorMismatch } from './server-errors.js';

const exchange = (method: string, path: string, status: number, headers: Record<string, string> = {}): Exchange => ({
  request: { method, url: `http://target.test/api/v1.1${path}`, headers: {} },
  response: { status, headers, body: `{"status":${status}}` },
  durationMs: 1,
});

describe('serverErrorMismatch', () => {
  it('names the first answer of the case that is a 5xx, whatever came before it', () => {
    const crash = serverErrorMismatch([
      exchange('POST', '/jobs', 201),
      exchange('DELETE', '/jobs', 400),
      exchange('DELETE', '/jobs', 500),
      exchange('GET', '/jobs/1', 502),
    ]);
    expect(crash?.title).toBe('DELETE /api/v1.1/jobs answered 500');
    expect(crash?.received).toBe('500 {"status":500}');
    expect(crash?.failingExchange?.response?.status).toBe(500);
  });

  it('finds none among successes and client errors, nor in a request that got no answer', () => {
    expect(
      serverErrorMismatch([exchange('GET', '/jobs', 200), exchange('PUT', '/jobs/1', 422), exchange('GET', '/jobs', 499)]),
    ).toBeUndefined();
    expect(serverErrorMismatch([{ request: { method: 'GET', url: 'http://target.test/x', headers: {} }, durationMs: 0 }])).toBeUndefined();
  });

  it('takes a 503 with Retry-After for the rate limit the client waited out, and a 503 without it for a crash', () => {
    expect(serverErrorMismatch([exchange('GET', '/jobs', 503, { 'retry-after': '1' }), exchange('GET', '/jobs', 200)])).toBeUndefined();
    expect(serverErrorMismatch([exchange('GET', '/jobs', 503)])?.title).toBe('GET /api/v1.1/jobs answered 503');
  });
});
