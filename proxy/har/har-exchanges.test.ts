import { describe, expect, it } from 'vitest';
import { harExchanges } from './har-exchanges.js';
import { HarInputError } from './har-input-error.js';
import { BASE, harEntry, harOf } from './har-fixtures.test-support.js';

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    if (error instanceof HarInputError) return error.code;
    throw error;
  }
  return undefined;
};

describe('harExchanges', () => {
  it('takes the entries under /api/v1.1 and counts the others', () => {
    const har = harOf([harEntry(), harEntry({ url: `${BASE}/index.html` }), harEntry({ url: 'http://cdn.example/app.js' })]);
    const { base, exchanges, ignored } = harExchanges(har);
    expect(base.href).toBe(`${BASE}/`);
    expect(exchanges.map((x) => x.url)).toEqual(['/api/v1.1/positiontypes']);
    expect(ignored).toBe(2);
  });

  it('reads the base off the entries, path prefix included', () => {
    const { base, exchanges } = harExchanges(harOf([harEntry({ url: 'https://api.example/jobs-api/api/v1.1/jobs?q=x' })]));
    expect(base.href).toBe('https://api.example/jobs-api');
    expect(exchanges[0]!.url).toBe('/api/v1.1/jobs?q=x');
  });

  it('takes --base-url over the entries, and judges only what is under it', () => {
    const har = harOf([harEntry(), harEntry({ url: 'http://other.example/api/v1.1/jobs' })]);
    expect(codeOf(() => harExchanges(har))).toBe('SEVERAL_BASES');
    const { exchanges, ignored } = harExchanges(har, new URL('http://other.example'));
    expect(exchanges.map((x) => x.url)).toEqual(['/api/v1.1/jobs']);
    expect(ignored).toBe(1);
  });

  it('refuses a file with no API entry', () => {
    expect(codeOf(() => harExchanges(harOf([harEntry({ url: `${BASE}/api/v1.10/jobs` })])))).toBe('NO_API_ENTRY');
  });

  it('orders events by time: two requests in flight together overlap, a later one starts after both ended', () => {
    const har = harOf([
      harEntry({ startedAt: '2026-11-28T10:00:00.000Z', time: 50 }),
      harEntry({ startedAt: '2026-11-28T10:00:00.010Z', time: 10 }),
      harEntry({ startedAt: '2026-11-28T10:00:01.000Z', time: 5 }),
    ]);
    const [a, b, c] = harExchanges(har).exchanges;
    expect(a!.startSeq < b!.startSeq && b!.endSeq! < a!.endSeq!).toBe(true);
    expect(c!.startSeq).toBeGreaterThan(a!.endSeq!);
  });

  it('decodes a base64 body and drops the Content-Encoding the decoded text no longer has', () => {
    const entry = harEntry();
    entry.response.headers.push({ name: 'Content-Encoding', value: 'gzip' });
    entry.response.content = {
      size: 11,
      mimeType: 'application/json',
      text: Buffer.from('{"data":[]}').toString('base64'),
      encoding: 'base64',
    };
    const [x] = harExchanges(harOf([entry])).exchanges;
    expect(x!.responseBody?.toString()).toBe('{"data":[]}');
    expect(x!.responseHeaders).toEqual(['Content-Type', 'application/json']);
  });

  it('refuses a body marked base64 that is not', () => {
    const entry = harEntry();
    entry.response.content = { size: 3, mimeType: 'application/json', text: '{"not": base64}', encoding: 'base64' };
    expect(codeOf(() => harExchanges(harOf([entry])))).toBe('BAD_BODY');
  });

  it('takes a body the producer left out as unknown, not empty', () => {
    const entry = harEntry();
    entry.response.content = { size: 120, mimeType: 'application/json' };
    const [x] = harExchanges(harOf([entry])).exchanges;
    expect(x!.responseBody).toBeUndefined();
    expect(x!.responseTooLarge).toBe(true);
  });

  it("takes size -1 (HAR's 'not available') as unknown, unless the headers or the status say the body is empty", () => {
    const unread = harEntry();
    unread.response.content = { size: -1, mimeType: 'application/json' };
    const declaredEmpty = harEntry();
    declaredEmpty.response.headers.push({ name: 'Content-Length', value: '0' });
    declaredEmpty.response.content = { size: -1, mimeType: 'application/json' };
    const noContent = harEntry();
    noContent.response.status = 204;
    noContent.response.content = { size: -1, mimeType: 'x-unknown' };
    const [x, y, z] = harExchanges(harOf([unread, declaredEmpty, noContent])).exchanges;
    expect(x!.responseTooLarge).toBe(true);
    expect([y!.responseTooLarge, y!.responseBody]).toEqual([undefined, undefined]);
    expect([z!.responseTooLarge, z!.responseBody]).toEqual([undefined, undefined]);
  });

  it('records a request that got no response as failed', () => {
    const entry = harEntry();
    entry.response.status = 0;
    entry.response._failureText = 'net::ERR_CONNECTION_REFUSED';
    const [x] = harExchanges(harOf([entry])).exchanges;
    expect(x!.status).toBeUndefined();
    expect(x!.error).toBe('net::ERR_CONNECTION_REFUSED');
  });
});
