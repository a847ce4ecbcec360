/**
 * @module Deletes what the run created: after each case (keeps the target
 * small and lists scoped), and once more at the end, also after a failure or
 * Ctrl-C. A final list with q = the run tag (per key) catches creations whose
 * response the suite could not read. A job is touched only if the run created
 * it; a refused delete is reported as leftover, never as a server failure.
 */
import type { Cleanup as CleanupReport } from '../../schemas/types.gen.js';
import { runOutsideCase } from '../contract/case-scope.js';
import type { KeyOwner } from '../http/client.js';
import type { CreatedJob, CreatedJobs } from './created-jobs.js';
import { TransportError, messageOf } from '../contract/errors.js';
import type { Client } from '../contract/rule.js';
import { runPool } from './rule-pool.js';

/** The final list reads at most this many pages per key. */
const SWEEP_MAX_PAGES = 20;
/** Deletes of one case's jobs sent at once. */
export const CASE_DELETES_AT_ONCE = 4;
/** After this many deletes in a row got no response, cleanup stops trying (each would wait --timeout-ms). */
const MAX_UNANSWERED = 3;

export interface CleanupOptions {
  jobs: CreatedJobs;
  /** Clients that are not tied to the run's abort signal: cleanup must still work after Ctrl-C. */
  clients: Partial<Record<KeyOwner, Client>>;
  tag: string;
  /** Deletes of one case's jobs sent at once (default CASE_DELETES_AT_ONCE; 1 keeps to one request at a time). */
  caseDeletesAtOnce?: number;
}

/** True when the run created this job: its referenceId starts with the tag or its title contains it. */
export function isTagged(job: { referenceId?: unknown; title?: unknown }, tag: string): boolean {
  return (
    (typeof job.referenceId === 'string' && job.referenceId.startsWith(tag)) || (typeof job.title === 'string' && job.title.includes(tag))
  );
}

export class RunCleanup {
  readonly #options: CleanupOptions;
  /** Deletes in a row that got no response at all. */
  #unanswered = 0;
  #lastUnanswered = '';

  constructor(options: CleanupOptions) {
    this.#options = options;
  }

  /** Deletes the jobs one case created, a few at once (best effort; failures are retried at the end). */
  async afterCase(caseId: string): Promise<void> {
    const pending = this.#options.jobs.pending(caseId);
    // Each delete is one job of its own: on a slow network, waiting for each in turn made cleanup the longest part of many cases.
    // #delete never rejects, so the pool runs them all.
    await runPool(
      pending.map((job) => ({ exclusive: false, run: () => this.#delete(job) })),
      this.#options.caseDeletesAtOnce ?? CASE_DELETES_AT_ONCE,
    );
  }

  /** Final pass: retries what is left, sweeps the tagged list, and reports. */
  async finish(): Promise<CleanupReport> {
    for (const job of this.#options.jobs.pending()) await this.#delete(job);
    for (const owner of Object.keys(this.#options.clients) as KeyOwner[]) await this.#sweep(owner);
    const all = this.#options.jobs.all();
    return {
      created: all.length,
      deleted: all.filter((job) => job.gone).length,
      leftover: all
        .filter((job) => !job.gone)
        .map((job) => ({ id: job.id, referenceId: job.referenceId, reason: job.failure ?? 'not deleted' })),
    };
  }

  get #givenUp(): boolean {
    return this.#unanswered >= MAX_UNANSWERED;
  }

  async #delete(job: CreatedJob): Promise<void> {
    const client = this.#options.clients[job.owner];
    if (!client) return;
    if (this.#givenUp) {
      job.failure = `not attempted: the target stopped answering (${this.#lastUnanswered})`;
      return;
    }
    try {
      const res = await runOutsideCase(() =>
        job.id !== null
          ? client.request({ method: 'DELETE', path: `/jobs/${job.id}` })
          : client.request({ method: 'DELETE', path: '/jobs', body: { referenceId: job.referenceId } }),
      );
      // 404/410: already gone (a rule deleted it another way).
      if ((res.status >= 200 && res.status < 300) || res.status === 404 || res.status === 410) job.gone = true;
      // A refused delete of a job a rule already removed (say, by referenceId) leaves nothing behind: only report what a read still finds.
      else if (job.id !== null && (await this.#absent(client, job.id))) job.gone = true;
      else job.failure = `${res.exchange.request.method} ${new URL(res.exchange.request.url).pathname} answered ${res.status}`;
      this.#unanswered = 0;
    } catch (error) {
      job.failure = messageOf(error);
      if (error instanceof TransportError) {
        this.#unanswered++;
        this.#lastUnanswered = error.message;
      }
    }
  }

  /** True when GET /jobs/{id} answers 404 or 410. */
  async #absent(client: Client, id: number): Promise<boolean> {
    try {
      const res = await runOutsideCase(() => client.request({ method: 'GET', path: `/jobs/${id}` }));
      return res.status === 404 || res.status === 410;
    } catch {
      return false;
    }
  }

  async #sweep(owner: KeyOwner): Promise<void> {
    const client = this.#options.clients[owner];
    if (!client || this.#givenUp) return;
    const { jobs, tag } = this.#options;
    const attempted = new Set<number>();
    let page = 1;
    try {
      // Deleting shifts later items forward, so re-read a page until it holds nothing new to delete.
      for (let reads = 0; reads < SWEEP_MAX_PAGES; reads++) {
        const res = await runOutsideCase(() =>
          client.request<{ data?: unknown; paging?: { pages?: unknown } }>({
            method: 'GET',
            path: '/jobs',
            query: { q: tag, pageSize: 100, page },
          }),
        );
        const data = Array.isArray(res.json?.data) ? (res.json.data as Array<Record<string, unknown>>) : [];
        if (res.status !== 200 || data.length === 0) return;
        const fresh = data.filter((item) => isTagged(item, tag) && Number.isInteger(item.id) && !attempted.has(item.id as number));
        for (const item of fresh) {
          const id = item.id as number;
          attempted.add(id);
          const job = jobs.add({ id, referenceId: typeof item.referenceId === 'string' ? item.referenceId : null, owner, caseId: 'sweep' });
          job.gone = false; // still listed, whatever an earlier delete answered
          await this.#delete(job);
        }
        if (fresh.length === 0) {
          const pages = typeof res.json?.paging?.pages === 'number' ? res.json.paging.pages : 1;
          if (page >= pages) return;
          page++;
        }
      }
    } catch {
      // The sweep is a safety net; tracked jobs were already handled above.
    }
  }
}
