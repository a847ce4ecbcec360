/**
 * @module Small HAR documents for the unit tests of reading and converting HAR: one valid entry built field by
 * field as HAR 1.2 requires, changed per test.
 */
import type { HarEntry, HarLog } from '../../reports/har/har.js';

export const BASE = 'http://127.0.0.1:4010';

/** A GET of a job answered 200, recorded at `startedAt` for `time` ms. */
export function harEntry(overrides: { url?: string; method?: string; startedAt?: string; time?: number } = {}): HarEntry {
  const body = JSON.stringify({ data: [] });
  return {
    startedDateTime: overrides.startedAt ?? '2026-11-28T10:00:00.000Z',
    time: overrides.time ?? 5,
    request: {
      method: overrides.method ?? 'GET',
      url: overrides.url ?? `${BASE}/api/v1.1/positiontypes`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Accept', value: 'application/json' }],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      content: { size: body.length, mimeType: 'application/json', text: body },
      redirectURL: '',
      headersSize: -1,
      bodySize: body.length,
    },
    cache: {},
    timings: { send: 0, wait: 5, receive: 0 },
  };
}

export function harOf(entries: HarEntry[], version = '1.2'): HarLog {
  return { log: { version, creator: { name: 'unit test', version: '1' }, entries } };
}
