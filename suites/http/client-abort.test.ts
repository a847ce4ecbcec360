import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { TransportError } from '../contract/errors.js';
import { Redactor } from '../../reports/redactor.js';

let server: Server;
let apiRoot: string;

beforeAll(async () => {
  server = createServer(() => {}); // never answers
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1.1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(signal: AbortSignal, timeoutMs = 10_000) {
  return createClient({ apiRoot, apiKey: 'k', owner: 'primary', timeoutMs, redactor: new Redactor(['k']), signal });
}

describe('the run signal (Ctrl-C) and the request timeout', () => {
  it('aborting the run ends an in-flight request at once as INTERRUPTED, long before its timeout', async () => {
    const controller = new AbortController();
    const pending = client(controller.signal).request({ method: 'GET', path: '/jobs' });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    // INTERRUPTED, not REQUEST_TIMEOUT: the abort ended it, not the 10 s timeout.
    expect((error as TransportError).code).toBe('INTERRUPTED');
  });

  it('a run already aborted sends nothing that waits', async () => {
    const error = await client(AbortSignal.abort())
      .request({ method: 'GET', path: '/jobs' })
      .catch((e: unknown) => e);
    expect((error as TransportError).code).toBe('INTERRUPTED');
  });

  it('with a live run signal, the timeout still applies (REQUEST_TIMEOUT, not INTERRUPTED)', async () => {
    const error = await client(new AbortController().signal, 200)
      .request({ method: 'GET', path: '/jobs' })
      .catch((e: unknown) => e);
    expect((error as TransportError).code).toBe('REQUEST_TIMEOUT');
    expect((error as TransportError).message).toMatch(/no response within 200 ms/);
  });
});
