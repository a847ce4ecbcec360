import { describe, expect, it } from 'vitest';
import { REDACTED, SECRET_HEADERS } from '../../../vocabulary/index.js';
import { RequestJournal } from './request-journal.js';

const request = (headers: Record<string, string>) => ({
  method: 'GET',
  path: '/api/v1.1/jobs',
  query: new URLSearchParams(),
  headers,
  body: undefined,
  baseUrl: 'http://127.0.0.1:4010',
});

describe('the request journal', () => {
  it('redacts every header of the shared secret list, and the ones it was given', () => {
    const headers = Object.fromEntries([...SECRET_HEADERS, 'x-tenant-token'].map((name) => [name, `value-of-${name}`]));
    const journal = new RequestJournal(10, ['X-Tenant-Token']);
    journal.record({ ...request({ ...headers, accept: 'application/json' }) });
    // Entries are written out, redacted, when read.
    const [entry] = journal.list();
    for (const name of [...SECRET_HEADERS, 'x-tenant-token']) expect(entry?.headers[name], name).toBe(REDACTED);
    expect(entry?.headers.accept).toBe('application/json');
  });
});
