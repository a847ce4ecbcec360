/**
 * @module `runProxy()`: the validating proxy as a program. It listens,
 * forwards every exchange to the target unchanged (forwarder.ts), and judges
 * each one after it has been forwarded (inspector.ts); `report()` turns what
 * it found into the suite's report object at any moment.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { ConformanceReport } from '../schemas/types.gen.js';
import { ProxyConfigError } from './proxy-config-error.js';
import type { Finding } from './checks/findings.js';
import { ruleSelection, type CheckSelection } from './checks/registry.js';
import { createForwarder } from './relay/forwarder.js';
import { createJudge } from './judge/judge-thread.js';
import { API_PREFIX } from '../vocabulary/index.js';

export interface ProxyOptions {
  /** The server to check: its base address (`https://staging.example.com`), as for the suite's --base-url. */
  target: string;
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Send the client's Host header to the target instead of the target's own. */
  preserveHost?: boolean;
  /** Bodies above this many bytes are forwarded but not checked (default 4 MiB). */
  captureLimit?: number;
  /** Called with each finding as soon as it is made. */
  onFinding?: (finding: Finding) => void;
  /**
   * Where exchanges are judged: `worker` (a worker thread, the default, from the built package or from the
   * TypeScript sources alike) or `inline` (the forwarding thread, a turn after forwarding).
   */
  judgeIn?: 'worker' | 'inline';
  /** Which checks run, by the rules they report under (`--only`, `--skip`); all by default. */
  selection?: CheckSelection;
}

export interface ProxyServer extends AsyncDisposable {
  /** The proxy's own base address: point the client here instead of at the target. */
  readonly url: string;
  readonly target: string;
  /** The findings so far. */
  findings(): readonly Finding[];
  /** Resolves once every exchange forwarded so far has been judged. */
  settled(): Promise<void>;
  /** The report object of everything seen so far (judges pending exchanges first). */
  report(): Promise<ConformanceReport>;
  /** The API keys seen so far, for a writer's last scrub (writeReports `secrets`); never print them. */
  secrets(): string[];
  /** Stops listening, lets open exchanges finish, and judges them; `report()` still answers afterwards. */
  close(): Promise<void>;
}

function targetUrl(target: string): URL {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new ProxyConfigError('target', `--target: not a URL: ${target}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ProxyConfigError('target', `--target: use an http:// or https:// address, not ${url.protocol}`);
  // The API root may be given; the proxy forwards whole paths, so it needs the base address.
  const path = url.pathname.replace(/\/$/, '');
  if (path.endsWith(API_PREFIX)) url.pathname = `${path.slice(0, -API_PREFIX.length)}/`;
  return url;
}

/**
 * Starts the validating proxy in front of `target`.
 *
 * @example
 * import { runProxy } from 'jobs-conformance/proxy';
 *
 * await using proxy = await runProxy({ target: 'http://127.0.0.1:4010', onFinding: (f) => console.log(f.ruleId, f.title) });
 * // point the client at proxy.url, run it, then:
 * const report = await proxy.report(); // the suite's report object: findings are mismatches
 */
export async function runProxy(options: ProxyOptions): Promise<ProxyServer> {
  const target = targetUrl(options.target);
  // A selection that names no rule is refused here, before listening (the judging thread would only fail later).
  ruleSelection(options.selection);
  const startedAt = new Date();
  const targetText = target.href.replace(/\/$/, '');
  const judge = await createJudge({
    target,
    targetText,
    ...(options.onFinding ? { onFinding: options.onFinding } : {}),
    ...(options.judgeIn ? { thread: options.judgeIn } : {}),
    ...(options.selection ? { selection: options.selection } : {}),
  });
  const forwarder = createForwarder({
    target,
    ...(options.preserveHost ? { preserveHost: true } : {}),
    ...(options.captureLimit ? { captureLimit: options.captureLimit } : {}),
    onStart: (x) => judge.started(x),
    onEnd: (x) => judge.ended(x),
  });
  // Half-open connections stay open: a client that has sent all it will still gets its answer.
  const server: Server = createServer({ allowHalfOpen: true, noDelay: true }, forwarder.connection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed: Promise<void> | undefined;
  // Taken when the proxy closes, so a report asked for afterwards still has everything (the judge is gone by then).
  let final: ConformanceReport | undefined;
  const close = (): Promise<void> =>
    (closed ??= Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), forwarder.close()]).then(async () => {
      final = await judge.report(startedAt);
      await judge.close();
    }));
  return {
    url: `http://${host}:${address.port}`,
    target: targetText,
    findings: () => judge.findings,
    settled: () => judge.settled(),
    report: async () => final ?? judge.report(startedAt),
    secrets: () => [...judge.secrets],
    close,
    [Symbol.asyncDispose]: close,
  };
}
