import { describe, expect, it } from 'vitest';
import { REDACTED, SECRET_HEADERS } from '../../../vocabulary/index.js';
import { RequestJournal } from './request-journal.js';

const request = (headers: Record<string, string>) => ({
  method: 'GET', path: '/api/v1.1/jobs', query: new URLSearchParams(), headers, body: undefined, baseUrl: 'http://127.0.0.1:4010',
});

describe('the request journal', () => {
  it('redacts every header of the shared secret list, and the ones it was given', () => {
    const headers = Object.fromEntries([...SECRET_HEADERS, 'x-tenant-token'].map((name) => [name, `value-of-${name}`]));
    const recorded = new RequestJournal(10, ['X-Tenant-Token']).record({ ...request({ ...headers, accept: 'application/json' }) });
    for (const name of [...SECRET_HEADERS, 'x-tenant-token']) expect(recorded?.entry.headers[name], name).toBe(REDACTED);
    expect(recorded?.entry.headers.accept).toBe('application/json');
  });
});
