import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOnce, type DispatchOptions } from './dispatch-once.js';

let server: Server;
let base: URL;
const agent = new Agent();
const received: Array<{ method: string; url: string; body: string }> = [];

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body });
      if (req.url === '/hang') return;
      // An answer in three writes, with a header given twice.
      res.writeHead(201, [
        ['content-type', 'application/json'],
        ['x-twice', 'a'],
        ['x-twice', 'b'],
      ]);
      res.write('{"echo":');
      res.write(JSON.stringify(body));
      res.end(',"é":"\uFEFF"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await agent.close();
});

const options = (signal: AbortSignal, overrides: Partial<DispatchOptions> = {}): DispatchOptions => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{"title":"Ünïcode ✓"}',
  signal,
  headersTimeout: 5_000,
  bodyTimeout: 5_000,
  ...overrides,
});

describe('dispatchOnce', () => {
  it('answers the status, the headers as undici parses them and the whole body, however many writes it came in', async () => {
    const res = await dispatchOnce(agent, new URL('/echo?a=1&b=%20', base), options(new AbortController().signal));
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['x-twice']).toEqual(['a', 'b']);
    // The bytes as sent: a byte order mark inside is kept, UTF-8 decodes whole.
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ echo: '{"title":"Ünïcode ✓"}', é: '\uFEFF' });
    expect(received.at(-1)).toEqual({ method: 'POST', url: '/echo?a=1&b=%20', body: '{"title":"Ünïcode ✓"}' });
  });

  it('given no dispatcher, uses an Agent of its own, never the global one (which fetch may have set to an older undici)', async () => {
    const previous = getGlobalDispatcher();
    const used: string[] = [];
    // What Node's own fetch installs before Node 24: a dispatcher that takes only undici's older handlers.
    const older = new (class extends Agent {
      override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
        used.push(options.path);
        return super.dispatch(options, handler);
      }
    })();
    setGlobalDispatcher(older);
    try {
      const res = await dispatchOnce(undefined, new URL('/own', base), options(new AbortController().signal));
      expect(res.statusCode).toBe(201);
      expect(received.at(-1)?.url).toBe('/own');
      expect(used).toEqual([]);
    } finally {
      setGlobalDispatcher(previous);
      await older.close();
    }
  });

  it('rejects with the signal’s reason when it is aborted while the request waits', async () => {
    const controller = new AbortController();
    const reason = new Error('stop now');
    setTimeout(() => controller.abort(reason), 50);
    await expect(dispatchOnce(agent, new URL('/hang', base), options(controller.signal))).rejects.toBe(reason);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const before = received.length;
    const reason = new Error('already stopped');
    await expect(dispatchOnce(agent, new URL('/never', base), options(AbortSignal.abort(reason)))).rejects.toBe(reason);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.slice(before).map((r) => r.url)).not.toContain('/never');
  });

  it('rejects with undici’s own error when no answer comes within headersTimeout', async () => {
    const error = await dispatchOnce(agent, new URL('/hang', base), options(new AbortController().signal, { headersTimeout: 100 })).catch(
      (e: unknown) => e,
    );
    expect((error as { code?: string }).code).toBe('UND_ERR_HEADERS_TIMEOUT');
  });
});
