/**
 * Helpers for the mock's whole-system tests: a fresh server per test file or
 * test, real HTTP over loopback, and a valid job body to vary.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createMockServer, type MockServer, type TestMockServerOptions } from '../../mock/testing.js';

export const KEY_1 = 'demo-key-1';
export const KEY_2 = 'demo-key-2';
export const API = '/api/v1.1';

export interface Sent {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: any;
}

export interface SendOptions {
  method?: string;
  /** Under the API root unless it starts with `/__` or `http`. */
  path: string;
  /** Default KEY_1; null sends none. */
  apiKey?: string | null;
  /** An object is sent as JSON; a string or Buffer as is. */
  body?: unknown;
  /** Default application/json when a body is sent; null sends none. */
  contentType?: string | null;
  headers?: Record<string, string>;
}

/** One request with node:http (no fetch restrictions on methods, headers or bodies). */
export function send(baseUrl: string, options: SendOptions): Promise<Sent> {
  const url = options.path.startsWith('http') ? options.path : `${baseUrl}${options.path.startsWith('/__') ? '' : API}${options.path}`;
  const headers: Record<string, string> = { ...options.headers };
  const apiKey = options.apiKey === undefined ? KEY_1 : options.apiKey;
  if (apiKey !== null) headers['api-key'] = apiKey;
  let payload: Buffer | undefined;
  if (options.body !== undefined) {
    payload = Buffer.isBuffer(options.body)
      ? options.body
      : Buffer.from(typeof options.body === 'string' ? options.body : JSON.stringify(options.body));
    const type = options.contentType === undefined ? 'application/json' : options.contentType;
    if (type !== null) headers['content-type'] = type;
    // node:http sends no length for DELETE bodies by default
    headers['content-length'] ??= String(payload.length);
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text === '' ? undefined : JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, text, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A client bound to one server and key. */
export function client(mock: { url: string }, apiKey: string | null = KEY_1) {
  const call = (method: string, path: string, body?: unknown, extra: Partial<SendOptions> = {}) =>
    send(mock.url, { method, path, body, apiKey, ...extra });
  return {
    get: (path: string, extra?: Partial<SendOptions>) => call('GET', path, undefined, extra),
    post: (path: string, body?: unknown, extra?: Partial<SendOptions>) => call('POST', path, body, extra),
    put: (path: string, body?: unknown, extra?: Partial<SendOptions>) => call('PUT', path, body, extra),
    del: (path: string, body?: unknown, extra?: Partial<SendOptions>) => call('DELETE', path, body, extra),
    send: (options: SendOptions) => send(mock.url, { apiKey, ...options }),
  };
}

let counter = 0;

/** A valid create body (routing type 1 with an email); override any field. */
export function validJob(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return {
    title: `Welder ${counter}`,
    locations: [{ description: 'Toronto, ON' }],
    categories: [{ id: 1 }],
    positionType: { id: 1 },
    salary: { amount: 50000, maxAmount: 60000, period: { id: 1 }, plusCommission: false },
    description: '<p>Weld <strong>things</strong>. <a href="https://example.com" target="_blank">More</a></p>',
    applicantRoutingType: { id: 1 },
    applicationEmail: 'jobs@example.com',
    ...overrides,
  };
}

/** Starts a mock for a test; use with `await using`. */
export async function startMock(options: TestMockServerOptions = {}): Promise<MockServer> {
  return createMockServer({ port: 0, ...options });
}

export type MockClient = ReturnType<typeof client>;

/**
 * One mock for the whole test file: started before the first test, reset
 * (then `afterReset`) before each, closed after the last. `bind` receives the
 * server and a KEY_1 client once started.
 */
export function useMock(
  bind: (started: { mock: MockServer; api: MockClient }) => void,
  options: TestMockServerOptions = {},
  afterReset: (mock: MockServer) => void = () => {},
): void {
  let mock: MockServer | undefined;
  beforeAll(async () => {
    mock = await startMock(options);
    bind({ mock, api: client(mock) });
  });
  afterAll(() => mock?.close());
  beforeEach(() => {
    mock?.core.reset();
    if (mock) afterReset(mock);
  });
}
