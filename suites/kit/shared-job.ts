/**
 * @module One setup job for every case of a rule whose cases only send writes the target must refuse. A refused
 * write leaves its job as it was (spec 7.2, 4.3), so the cases need not each create, read and delete a job of their
 * own: the rule creates one in its main case (deleted when the rule ends, after a failure too) and reads it once, and
 * each case only sends its write and judges the answer. A case whose write was accepted spends the job: every later
 * case (fast-check's shrinks, the reproducibility re-run) sets up a job of its own from the same body, as a rule
 * without a shared job does, so a counterexample never rests on a job an earlier case changed.
 * When the rule's cases are done, ONE read of the job and ONE list with q = its referenceId (the markers minted for
 * it start with it) prove that no refused write changed the job or made another, whichever case sent it: the same
 * proof as a read and a list after every case, at two requests instead of two a case. When either finds something,
 * the cases that may have done it (for a made job, those whose markers it carries; else every case sent to the
 * shared job) run again, each on a job of its own with its own read and list, so the report carries the case that
 * did it, as a counterexample.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { referenceWord } from '../contract/scope-words.js';
import { caseTagOf, createBodyArb, identify } from './bodies.js';
import { changedFields, changeLines } from '../../judging/compare.js';
import { createJob, getJob, listAllJobs } from './jobs.js';

/** A job a case writes to: the shared one (as read before any case) or one of its own, and how to mark what it sends. */
export interface CaseJob {
  /** The job as a GET showed it before the case's write. */
  readonly job: Job;
  /** The q that lists this job and any job a write to it made: the shared job's referenceId, or the case tag. */
  readonly scope: string;
  /** A fresh marker in that scope, for a field the write pads (a title, a referenceId). */
  marker(): string;
  /** Called when the case saw its write accepted: later cases set up their own. */
  spend(): void;
  /** The shared job: it is read and its scope listed once, when the rule's cases are done (expectUnchanged), not by the case. */
  readonly shared: boolean;
}

/** The shared job of a rule (see the module comment); `T` is what a case sends, to run it again. */
export class SharedJob<T = unknown> {
  readonly #ctx: RuleContext;
  readonly #body: Body;
  readonly #job: Job | undefined;
  #markers = 0;
  #spent: boolean;
  /** What each case sent to the shared job, with the markers it minted. */
  readonly #sent: Array<{ value: T; markers: string[] }> = [];

  private constructor(ctx: RuleContext, body: Body, job: Job | undefined) {
    this.#ctx = ctx;
    this.#body = body;
    this.#job = job;
    this.#spent = job === undefined;
  }

  /**
   * Creates the rule's shared job from a valid body drawn with the rule's seed, and reads it. Call it in the rule's
   * main case (outside ctx.check), so that the job lives until the rule ends and is deleted then.
   *
   * @example
   * const shared = await SharedJob.create(ctx);
   * await ctx.check(arb, async (violation) => { const { job } = await shared.forCase(); ... });
   */
  static async create<T>(ctx: RuleContext, body: Body = drawBody(ctx)): Promise<SharedJob<T>> {
    const created = await createJob(ctx, identify(ctx, body));
    return new SharedJob<T>(ctx, body, await getJob(ctx, created.id));
  }

  /**
   * The same body for a rule none of whose cases can share a job (each needs fields set first): every case sets up
   * its own job from it, and nothing is created up front.
   */
  static unshared<T>(ctx: RuleContext, body: Body = drawBody(ctx)): SharedJob<T> {
    return new SharedJob<T>(ctx, body, undefined);
  }

  /** The body the shared job was made from (without its identity): what a case's own job is made from too. */
  get body(): Body {
    return this.#body;
  }

  /**
   * The job the current case writes to: the shared one while no case changed it, else a new one of the case
   * (created from the same body and read, as a rule without a shared job would).
   */
  async forCase(value: T): Promise<CaseJob> {
    const job = this.#job;
    if (!this.#spent && job !== undefined) {
      const scope = job.referenceId ?? '';
      const sent = { value, markers: [] as string[] };
      this.#sent.push(sent);
      const marker = (): string => {
        const minted = referenceWord(scope, this.#markers++);
        sent.markers.push(minted);
        return minted;
      };
      return { job, scope, marker, spend: () => (this.#spent = true), shared: true };
    }
    return ownJob(this.#ctx, this.#body);
  }

  /**
   * Call in the rule's main case when its cases are done: one read of the shared job proves that no write sent to it
   * changed it, and one list of its scope that none made a job. When one did, `rerun` runs the cases that may have
   * done it again (each on a job of its own, which it reads and whose scope it lists: a ctx.check over them); if none
   * fails again, the rule fails here, naming what it found.
   *
   * @example
   * await shared.expectUnchanged(statement, (suspects) => ctx.check(fc.constantFrom(...suspects), send, { runs: suspects.length }));
   */
  async expectUnchanged(statement: string, rerun: (suspects: T[]) => Promise<void>): Promise<void> {
    const job = this.#job;
    if (job === undefined || this.#sent.length === 0) return;
    const scope = job.referenceId ?? '';
    const after = await getJob(this.#ctx, job.id);
    const diff = changedFields(job, after);
    const others = (await listAllJobs(this.#ctx, { q: scope })).filter(
      (item) => item.id !== job.id && ((item.referenceId ?? '').startsWith(scope) || item.title.includes(scope)),
    );
    if (diff.length === 0 && others.length === 0) return;
    this.#spent = true;
    const carries = (marker: string): boolean => others.some((o) => (o.referenceId ?? '').startsWith(marker) || o.title.includes(marker));
    const marked = diff.length === 0 ? this.#sent.filter((sent) => sent.markers.some(carries)) : [];
    const suspects = (marked.length > 0 ? marked : this.#sent).map((sent) => sent.value);
    await rerun(suspects);
    const changed = changeLines(job, after, diff);
    const made = others.map((o) => `job ${o.id} (referenceId ${JSON.stringify(o.referenceId)})`);
    const found = [...(diff.length > 0 ? [`changed ${diff.join(', ')}`] : []), ...(made.length > 0 ? ['created a job'] : [])];
    this.#ctx.fail({
      title: `the refused updates to job ${job.id} ${found.join(' and ')}`,
      expected: `${statement}: a refused update changes nothing and creates nothing`,
      received: [...changed, ...(made.length > 0 ? [`GET /jobs?q=${scope} lists ${made.join(', ')}`] : [])].join('\n'),
    });
  }
}

/** A job of the current case alone, created from `body` and read: what a case sets up without a shared job. */
export async function ownJob(ctx: RuleContext, body: Body): Promise<CaseJob> {
  const created = await createJob(ctx, identify(ctx, body));
  const job = await getJob(ctx, created.id);
  return { job, scope: caseTagOf(ctx), marker: () => ctx.referenceId(), spend: () => undefined, shared: false };
}

/** One valid create body from the rule's own seed: the same run seed makes the same shared job. */
function drawBody(ctx: RuleContext): Body {
  const seed = ctx.seedOf?.('shared-job') ?? 0;
  return fc.sample(createBodyArb(ctx), { seed, numRuns: 1 })[0] ?? {};
}
