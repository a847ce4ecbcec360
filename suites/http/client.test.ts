import { execFile, execSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInCase, type CaseLog } from '../contract/case-scope.js';
import {
  CONNECTIONS_PER_RULE,
  MAX_RECORDED_BODY,
  PARALLEL_HEADROOM,
  createAgent,
  createClient,
  parsedAnswerOf,
  type ObservedResponse,
} from './client.js';
import { curlFor } from '../../reports/curl.js';
import { SuiteError, TransportError } from '../contract/errors.js';
import { Redactor } from '../../reports/redactor.js';
import { redactionSecrets } from '../../vocabulary/index.js';
import { REDACTED } from '../../vocabulary/index.js';

const KEY = 'super-secret-key-123';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let origin: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/api/v1.1/slow')) return; // never answers
      if (req.url?.startsWith('/api/v1.1/big')) {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(MAX_RECORDED_BODY + 100));
        return;
      }
      // Echoes the key back, as a careless server might.
      res.writeHead(201, {
        'content-type': 'application/json',
        'x-echo-key': String(req.headers['api-key'] ?? ''),
        location: '/api/v1.1/jobs/7',
      });
      res.end(JSON.stringify({ id: 7, referenceId: 'jcabc-k1-0', echoed: req.headers['api-key'] ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(options: { timeoutMs?: number; onResponse?: (r: ObservedResponse) => void; apiRoot?: string } = {}) {
  return createClient({
    apiRoot: options.apiRoot ?? `${origin}/api/v1.1`,
    apiKey: KEY,
    owner: 'primary',
    timeoutMs: options.timeoutMs ?? 5_000,
    redactor: new Redactor([KEY]),
    ...(options.onResponse ? { onResponse: options.onResponse } : {}),
  });
}

const newCase = (): CaseLog => ({ caseId: 'jcabc-jobs.test#main.0', caseTag: 'jcabc-k1-', exchanges: [] });

describe('client', () => {
  it('sends the key, tags the case, and records the exchange with the key redacted everywhere', async () => {
    const log = newCase();
    const observed: ObservedResponse[] = [];
    const res = await runInCase(log, () =>
      client({ onResponse: (r) => observed.push(r) }).request({ method: 'POST', path: '/jobs', body: { title: `about ${KEY}` } }),
    );
    const sent = seen.at(-1);
    expect(sent?.headers['api-key']).toBe(KEY);
    expect(sent?.headers['x-conformance-case-id']).toBe(log.caseId);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: 7, referenceId: 'jcabc-k1-0', echoed: KEY });
    expect(log.exchanges).toEqual([res.exchange]);
    const recorded = JSON.stringify(log.exchanges);
    expect(recorded).not.toContain(KEY);
    expect(res.exchange.request.headers['api-key']).toBe(REDACTED);
    expect(res.exchange.request.keyEnv).toBe('JOBS_API_KEY');
    expect(res.exchange.response?.headers['x-echo-key']).toBe(REDACTED);
    expect(res.exchange.response?.body).toContain(REDACTED);
    expect(observed).toHaveLength(1);
    expect(observed[0]).toMatchObject({ owner: 'primary', method: 'POST', status: 201, ownKey: true });
  });

  it('hands on its parse of an answer with the exchange only where the body recorded is the answer as sent', async () => {
    const plain = await client().request({ method: 'GET', path: '/jobs', apiKey: null });
    expect(parsedAnswerOf(plain.exchange)).toEqual({ json: { id: 7, referenceId: 'jcabc-k1-0', echoed: null } });
    expect(parsedAnswerOf(plain.exchange)?.json).toBe(plain.json);
    // The key echoed back is redacted in the record: what was parsed is no longer what the record says.
    const redacted = await client().request({ method: 'GET', path: '/jobs' });
    expect(parsedAnswerOf(redacted.exchange)).toBeUndefined();
    const cut = await client().request({ method: 'GET', path: '/big' });
    expect(parsedAnswerOf(cut.exchange)).toBeUndefined();
  });

  it('sends no key when asked, or the invented key given', async () => {
    await client().request({ method: 'GET', path: '/jobs', apiKey: null });
    expect(seen.at(-1)?.headers['api-key']).toBeUndefined();
    const res = await client().request({ method: 'GET', path: '/jobs', apiKey: 'jcabc-not-a-key' });
    expect(seen.at(-1)?.headers['api-key']).toBe('jcabc-not-a-key');
    expect(res.exchange.request.headers['api-key']).toBe('jcabc-not-a-key');
  });

  it('sends a near miss of its own key, which it lists first and records redacted like the key', async () => {
    const secret = 'jcabc-Secret-1';
    const near = createClient({
      apiRoot: `${origin}/api/v1.1`,
      apiKey: secret,
      owner: 'primary',
      timeoutMs: 5_000,
      redactor: new Redactor(redactionSecrets([secret])),
    });
    expect(near.nearMissKeyKinds?.()).toEqual(['other letter case', 'one character more', 'one character less']);
    const res = await near.request({ method: 'GET', path: '/jobs', apiKey: { nearMiss: 'other letter case' } });
    expect(seen.at(-1)?.headers['api-key']).toBe('JCABC-sECRET-1');
    expect(JSON.stringify(res.exchange)).not.toMatch(/secret/i);
    expect(res.exchange.request.keyEnv).toBeUndefined();
    const digits = createClient({
      apiRoot: `${origin}/api/v1.1`,
      apiKey: '123',
      owner: 'primary',
      timeoutMs: 5_000,
      redactor: new Redactor(),
    });
    expect(digits.nearMissKeyKinds?.()).toEqual(['one character more', 'one character less']);
    await expect(digits.request({ method: 'GET', path: '/jobs', apiKey: { nearMiss: 'other letter case' } })).rejects.toThrow(SuiteError);
  });

  it('records only what recordResponse keeps of a response body (the rule still reads all of it), the key redacted', async () => {
    const res = await client().request({
      method: 'GET',
      path: '/jobs',
      recordResponse: (text) => `kept ${text.length} characters; ${KEY}`,
    });
    expect(res.json).toMatchObject({ id: 7, referenceId: 'jcabc-k1-0' });
    expect(res.exchange.response?.body).toBe(`kept ${res.text.length} characters; ${REDACTED}`);
  });

  it('appends the query and cuts recorded bodies at 8 KiB', async () => {
    const res = await client().request({ method: 'GET', path: '/big', query: { q: 'a b', page: 2, skip: undefined } });
    expect(seen.at(-1)?.url).toBe('/api/v1.1/big?q=a+b&page=2');
    expect(res.text).toHaveLength(MAX_RECORDED_BODY + 100);
    expect(res.exchange.response?.body).toHaveLength(MAX_RECORDED_BODY);
    expect(res.exchange.response?.bodyTruncated).toBe(true);
  });

  it('gives up after the timeout with REQUEST_TIMEOUT, recording the error', async () => {
    const log = newCase();
    const error = await runInCase(log, () => client({ timeoutMs: 300 }).request({ method: 'GET', path: '/slow' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).code).toBe('REQUEST_TIMEOUT');
    expect(log.exchanges[0]?.error).toMatch(/no response within 300 ms/);
  });

  it('reports a closed port as TARGET_UNREACHABLE at once', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const agent = createAgent(5_000);
    const error = await createClient({
      apiRoot: `http://127.0.0.1:${port}/api/v1.1`,
      apiKey: KEY,
      owner: 'primary',
      timeoutMs: 5_000,
      redactor: new Redactor([KEY]),
      dispatcher: agent,
    })
      .request({ method: 'GET', path: '/jobs' })
      .catch((e: unknown) => e);
    await agent.close();
    // TARGET_UNREACHABLE, not REQUEST_TIMEOUT: the refusal ended it, not the 5 s timeout.
    expect((error as TransportError).code).toBe('TARGET_UNREACHABLE');
    expect((error as Error).message).not.toContain(KEY);
  });

  it('keeps a keep-alive pool sized to the concurrency: parallel requests share a bounded set of connections', async () => {
    let connections = 0;
    const slow = createServer((_req, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 20));
    slow.on('connection', () => connections++);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const agent = createAgent(5_000, 2);
    try {
      const c = createClient({
        apiRoot: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/api/v1.1`,
        apiKey: KEY,
        owner: 'primary',
        timeoutMs: 5_000,
        redactor: new Redactor([KEY]),
        dispatcher: agent,
      });
      const answers = await Promise.all(Array.from({ length: 40 }, () => c.request({ method: 'GET', path: '/jobs' })));
      expect(answers.every((res) => res.status === 200)).toBe(true);
      expect(connections).toBe(2 * CONNECTIONS_PER_RULE + PARALLEL_HEADROOM);
      await c.request({ method: 'GET', path: '/jobs' });
      expect(connections).toBe(2 * CONNECTIONS_PER_RULE + PARALLEL_HEADROOM); // kept alive and reused
    } finally {
      await agent.close();
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('never sends the key to another origin', async () => {
    const error = await client()
      .request({ method: 'GET', path: 'http://example.invalid/api/v1.1/jobs' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SuiteError);
    expect(seen.some((s) => s.url.includes('example.invalid'))).toBe(false);
  });
});

const hasCurl = (() => {
  try {
    execSync('curl --version', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasCurl)('curl reproducer', () => {
  it('replays the recorded request against the server, with the key from JOBS_API_KEY', async () => {
    const body = { title: "O'Brien & sons $HOME `x`", n: 1 };
    const res = await client().request({ method: 'PUT', path: '/jobs', body, contentType: 'application/json; charset=utf-8' });
    const original = seen.at(-1);
    // Asynchronously: the server answering curl lives in this process.
    await promisify(execFile)('sh', ['-c', `${curlFor(res.exchange)} > /dev/null`], {
      env: { PATH: process.env.PATH ?? '', JOBS_API_KEY: KEY },
      timeout: 10_000,
    });
    const replayed = seen.at(-1);
    expect(replayed).not.toBe(original);
    expect(replayed).toMatchObject({ method: 'PUT', url: original?.url, body: original?.body });
    expect(replayed?.headers['api-key']).toBe(KEY);
    expect(replayed?.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
