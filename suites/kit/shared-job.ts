/**
 * @module One setup job for every case of a rule whose cases only send writes the target must refuse. A refused
 * write leaves its job as it was (spec 7.2, 4.3), so the cases need not each create, read and delete a job of their
 * own: the rule creates one in its main case (deleted when the rule ends, after a failure too), reads it once, and
 * each case compares its job with that reading. A case that sees the job changed, or its write accepted, spends
 * it: every later case (fast-check's shrinks, the reproducibility re-run) sets up a job of its own from the same
 * body, as a rule without a shared job does, so a counterexample never rests on a job an earlier case changed.
 * Markers minted for the shared job start with its referenceId, so a list with q = that referenceId finds any job
 * a refused write made from it (by its referenceId or a marked title), whichever case sent it.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../engine/rule.js';
import { referenceWord } from '../engine/scope-words.js';
import { caseTagOf, createBodyArb, identify } from './bodies.js';
import { createJob, getJob } from './jobs.js';

/** A job a case writes to: the shared one (as read before any case) or one of its own, and how to mark what it sends. */
export interface CaseJob {
  /** The job as a GET showed it before the case's write. */
  readonly job: Job;
  /** The q that lists this job and any job a write to it made: the shared job's referenceId, or the case tag. */
  readonly scope: string;
  /** A fresh marker in that scope, for a field the write pads (a title, a referenceId). */
  marker(): string;
  /** Called when the case saw the job changed or its write accepted: later cases set up their own. */
  spend(): void;
}

/** The shared job of a rule (see the module comment). */
export class SharedJob {
  readonly #ctx: RuleContext;
  readonly #body: Body;
  readonly #job: Job | undefined;
  #markers = 0;
  #spent: boolean;

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
  static async create(ctx: RuleContext, body: Body = drawBody(ctx)): Promise<SharedJob> {
    const created = await createJob(ctx, identify(ctx, body));
    return new SharedJob(ctx, body, await getJob(ctx, created.id));
  }

  /**
   * The same body for a rule none of whose cases can share a job (each needs fields set first): every case sets up
   * its own job from it, and nothing is created up front.
   */
  static unshared(ctx: RuleContext, body: Body = drawBody(ctx)): SharedJob {
    return new SharedJob(ctx, body, undefined);
  }

  /** The body the shared job was made from (without its identity): what a case's own job is made from too. */
  get body(): Body {
    return this.#body;
  }

  /**
   * The job the current case writes to: the shared one while no case changed it, else a new one of the case
   * (created from the same body and read, as a rule without a shared job would).
   */
  async forCase(): Promise<CaseJob> {
    const job = this.#job;
    if (!this.#spent && job !== undefined) {
      const scope = job.referenceId ?? '';
      return { job, scope, marker: () => referenceWord(scope, this.#markers++), spend: () => (this.#spent = true) };
    }
    return ownJob(this.#ctx, this.#body);
  }
}

/** A job of the current case alone, created from `body` and read: what a case sets up without a shared job. */
export async function ownJob(ctx: RuleContext, body: Body): Promise<CaseJob> {
  const created = await createJob(ctx, identify(ctx, body));
  const job = await getJob(ctx, created.id);
  return { job, scope: caseTagOf(ctx), marker: () => ctx.referenceId(), spend: () => undefined };
}

/** One valid create body from the rule's own seed: the same run seed makes the same shared job. */
function drawBody(ctx: RuleContext): Body {
  const seed = ctx.seedOf?.('shared-job') ?? 0;
  return fc.sample(createBodyArb(ctx), { seed, numRuns: 1 })[0] ?? {};
}
