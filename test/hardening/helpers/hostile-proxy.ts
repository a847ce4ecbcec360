/**
 * A misbehaving target for the suite: a node:http server on loopback that,
 * per request, forwards to a real mock, hangs, drops the connection (before
 * or after the mock acted) or answers something of its own. Putting it in
 * front of a mock lets a test check that cleanup still removed every job
 * the run created.
 */
import { createServer, request as httpRequest, Agent, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour =
  | { kind: 'pass' }
  /** Never answers; the connection stays open until the client gives up. */
  | { kind: 'hang' }
  /** Destroys the connection without forwarding: the target never sees the request. */
  | { kind: 'drop-before' }
  /** Forwards, waits for the target's answer, then destroys the connection: the target acted, the client never learns it. */
  | { kind: 'drop-after' }
  | { kind: 'answer'; status: number; headers?: Record<string, string>; body: string };

export interface ProxiedRequest {
  /** 1-based count of requests seen. */
  n: number;
  method: string;
  /** Path and query, e.g. `/api/v1.1/jobs/12`. */
  url: string;
  headers: IncomingHttpHeaders;
  /** True for the suite's own bookkeeping outside any rule: preflight, discovery, cleanup (case id `<tag>run`). */
  outsideRule: boolean;
}

export interface HostileProxy {
  url: string;
  /** How many requests got each behaviour. */
  readonly counts: Record<Behaviour['kind'], number>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

function forwardHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/**
 * @example
 * const proxy = await startHostileProxy((r) => (r.n % 10 === 0 ? { kind: 'hang' } : { kind: 'pass' }), mock.url);
 */
export async function startHostileProxy(decide: (req: ProxiedRequest) => Behaviour, upstream?: string): Promise<HostileProxy> {
  const counts: Record<Behaviour['kind'], number> = { pass: 0, hang: 0, 'drop-before': 0, 'drop-after': 0, answer: 0 };
  const agent = new Agent({ keepAlive: true });
  let n = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const caseId = String(req.headers['x-conformance-case-id'] ?? '');
      const behaviour = decide({
        n: ++n,
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        outsideRule: caseId.endsWith('run'),
      });
      counts[behaviour.kind]++;
      if (behaviour.kind === 'hang') return;
      if (behaviour.kind === 'drop-before') return void req.socket.destroy();
      if (behaviour.kind === 'answer') {
        res.writeHead(behaviour.status, { 'content-length': Buffer.byteLength(behaviour.body), ...behaviour.headers });
        return void res.end(behaviour.body);
      }
      if (upstream === undefined) throw new Error('pass and drop-after need an upstream');
      const body = Buffer.concat(chunks);
      const headers = { ...forwardHeaders(req.headers), ...(body.length > 0 ? { 'content-length': String(body.length) } : {}) };
      const out = httpRequest(`${upstream}${req.url}`, { method: req.method, headers, agent }, (upstreamRes) => {
        const answer: Buffer[] = [];
        upstreamRes.on('data', (chunk: Buffer) => answer.push(chunk));
        upstreamRes.on('end', () => {
          if (behaviour.kind === 'drop-after') return void req.socket.destroy();
          const payload = Buffer.concat(answer);
          res.writeHead(upstreamRes.statusCode ?? 502, {
            ...forwardHeaders(upstreamRes.headers),
            'content-length': String(payload.length),
          });
          res.end(payload);
        });
      });
      out.on('error', () => req.socket.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
