/**
 * @module Where exchanges are judged: on a worker thread (the default), so
 * the forwarding thread does nothing but forward and post each exchange;
 * or on the forwarding thread itself, a turn of the event loop after
 * forwarding (`inline`, on request). The worker runs from the compiled
 * package or, from the TypeScript sources, from a bundle of them
 * (worker-entry.ts): tests exercise the same path as production.
 */
import { Worker } from 'node:worker_threads';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import { headerOf, type CapturedExchange } from '../relay/captured-exchange.js';
import type { Finding } from '../checks/findings.js';
import type { CheckSelection } from '../checks/registry.js';
import { Inspector } from './inspector.js';
import { buildProxyReport } from '../proxy-report.js';
import { judgeWorkerEntry } from './judge-worker-entry.js';
import { API_KEY_HEADER } from '../../vocabulary/index.js';

export interface Judge {
  /** Where it judges. */
  readonly thread: 'worker' | 'inline';
  started(exchange: CapturedExchange): void;
  ended(exchange: CapturedExchange): void;
  /** Resolves once every exchange handed over so far has been judged. */
  settled(): Promise<void>;
  report(startedAt: Date): Promise<ConformanceReport>;
  readonly findings: readonly Finding[];
  /** API keys seen so far (for scrubbing printed lines and written reports). */
  readonly secrets: ReadonlySet<string>;
  close(): Promise<void>;
}

export interface JudgeOptions {
  target: URL;
  /** The target as reports name it. */
  targetText: string;
  onFinding?: (finding: Finding) => void;
  /** `worker` (default) or `inline`. */
  thread?: 'worker' | 'inline';
  /** Which checks run; all by default. */
  selection?: CheckSelection;
}

/** What the judging thread starts with. */
export interface JudgeWorkerData {
  target: string;
  selection: CheckSelection | undefined;
}

/**
 * One message of a batch the forwarding thread posts: a read's request head as its bare startSeq (a read only needs
 * its place in the order, and a number costs a tenth of an object to post), a write's request head, or a finished
 * exchange.
 */
export type JudgeEvent =
  | number
  | { type: 'start'; exchange: Pick<CapturedExchange, 'startSeq' | 'method' | 'url' | 'requestHeaders'> }
  | { type: 'end'; exchange: CapturedExchange };

/**
 * Judging allocates a lot that dies young (parsed bodies, validation results): a young generation larger than
 * V8's default means fewer scavenges: 5–10 µs less CPU per judged GET in A/B runs (bench/RESULTS.md).
 */
const JUDGE_YOUNG_GENERATION_MB = 64;

/**
 * @example
 * const judge = await createJudge({ target, targetText, onFinding: (f) => console.log(f.title) });
 */
export async function createJudge(options: JudgeOptions): Promise<Judge> {
  return options.thread === 'inline' ? new InlineJudge(options) : new WorkerJudge(options, await judgeWorkerEntry());
}

class InlineJudge implements Judge {
  readonly thread = 'inline';
  readonly #inspector: Inspector;
  constructor(private readonly options: JudgeOptions) {
    this.#inspector = new Inspector(options.target, options.onFinding, options.selection);
  }
  get findings(): readonly Finding[] {
    return this.#inspector.findings.list;
  }
  get secrets(): ReadonlySet<string> {
    return this.#inspector.secrets;
  }
  started(exchange: CapturedExchange): void {
    this.#inspector.started(exchange);
  }
  ended(exchange: CapturedExchange): void {
    this.#inspector.ended(exchange);
  }
  settled(): Promise<void> {
    return this.#inspector.settled();
  }
  async report(startedAt: Date): Promise<ConformanceReport> {
    await this.#inspector.settled();
    return buildProxyReport(this.#inspector, { target: this.options.targetText, startedAt, finishedAt: new Date() });
  }
  async close(): Promise<void> {
    await this.#inspector.settled();
  }
}

type Reply =
  { type: 'finding'; finding: Finding } | { type: 'settled'; id: number } | { type: 'report'; id: number; report: ConformanceReport };

class WorkerJudge implements Judge {
  readonly thread = 'worker';
  readonly findings: Finding[] = [];
  readonly secrets = new Set<string>();
  readonly #worker: Worker;
  #batch: JudgeEvent[] = [];
  #asks = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  #nextAsk = 0;
  /** Set when the worker died: every question after that fails with it. */
  #failure: Error | undefined;

  constructor(
    private readonly options: JudgeOptions,
    entry: URL,
  ) {
    this.#worker = new Worker(entry, {
      workerData: { target: options.target.href, selection: options.selection } satisfies JudgeWorkerData,
      resourceLimits: { maxYoungGenerationSizeMb: JUDGE_YOUNG_GENERATION_MB },
    });
    this.#worker.on('message', (reply: Reply) => {
      if (reply.type === 'finding') {
        this.findings.push(reply.finding);
        options.onFinding?.(reply.finding);
      } else this.#asks.get(reply.id)?.resolve(reply);
    });
    this.#worker.on('error', (error: Error) => {
      this.#failure = new Error(`the proxy's judging thread failed: ${error.message}`, { cause: error });
      for (const ask of this.#asks.values()) ask.reject(this.#failure);
      this.#asks.clear();
    });
    this.#worker.unref();
  }

  #post(event: JudgeEvent): void {
    if (this.#batch.length === 0) setImmediate(() => this.#flush());
    this.#batch.push(event);
  }

  #flush(): void {
    if (this.#batch.length === 0 || this.#failure) return;
    const batch = this.#batch;
    this.#batch = [];
    this.#worker.postMessage(batch);
  }

  #ask<T extends Reply>(message: Record<string, unknown>): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    this.#flush();
    const id = ++this.#nextAsk;
    // The worker never keeps the process alive on its own, but an answer being awaited must.
    this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      const done = (): void => {
        this.#asks.delete(id);
        if (this.#asks.size === 0) this.#worker.unref();
      };
      this.#asks.set(id, {
        resolve: (reply) => {
          done();
          resolve(reply as T);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      this.#worker.postMessage({ ...message, id });
    });
  }

  started(exchange: CapturedExchange): void {
    const key = headerOf(exchange.requestHeaders, API_KEY_HEADER);
    if (key) this.secrets.add(key);
    // A read only needs its place in the order; a write also its target (method, path, override header). Copying less is cheaper.
    const read = exchange.method === 'GET' || exchange.method === 'HEAD' || exchange.method === 'OPTIONS';
    this.#post(
      read
        ? exchange.startSeq
        : {
            type: 'start',
            exchange: { startSeq: exchange.startSeq, method: exchange.method, url: exchange.url, requestHeaders: exchange.requestHeaders },
          },
    );
  }

  ended(exchange: CapturedExchange): void {
    this.#post({ type: 'end', exchange });
  }

  async settled(): Promise<void> {
    await this.#ask({ type: 'settle' });
  }

  async report(startedAt: Date): Promise<ConformanceReport> {
    return (
      await this.#ask<Extract<Reply, { type: 'report' }>>({
        type: 'report',
        target: this.options.targetText,
        startedAt: startedAt.toISOString(),
      })
    ).report;
  }

  async close(): Promise<void> {
    if (!this.#failure) await this.settled();
    await this.#worker.terminate();
  }
}
