import { describe, expect, it } from 'vitest';
import { Redactor } from '../../reports/redactor.js';
import { REDACTED, SECRET_HEADERS } from '../../vocabulary/index.js';
import { employerKeyOf, observe } from './observed-exchange.js';

describe('the record of an observed exchange', () => {
  it('never records a header of the shared secret list, on either side', () => {
    const raw = SECRET_HEADERS.flatMap((name) => [name.toUpperCase(), `value-of-${name}`]);
    const captured = {
      startSeq: 1,
      endSeq: 2,
      startedAt: 0,
      durationMs: 1,
      method: 'GET',
      url: '/api/v1.1/jobs',
      requestHeaders: [...raw, 'Accept', 'application/json'],
      status: 200,
      responseHeaders: raw,
    };
    const record = observe(captured, new URL('http://t'), new Redactor()).record();
    for (const name of SECRET_HEADERS) {
      expect(record.request.headers[name], name).toBe(REDACTED);
      expect(record.response?.headers[name], name).toBe(REDACTED);
    }
    expect(record.request.headers.accept).toBe('application/json');
  });
});

describe('the employer a request names by its key', () => {
  it('is its API-Key, and none when the key is absent or a recording redacted it (every employer would look alike)', () => {
    expect(employerKeyOf(['API-Key', 'demo-key-1'])).toBe('demo-key-1');
    expect(employerKeyOf(['api-key', REDACTED])).toBeUndefined();
    expect(employerKeyOf(['Accept', 'application/json'])).toBeUndefined();
  });
});
