/**
 * @module A create whose referenceId extends a live job's (`r-1` and
 * `r-10`): two referenceIds, one a prefix of the other. A referenceId names
 * one job exactly (spec 1, 4.3, 4.4), so a later PUT or DELETE by either
 * leaves the other alone (the lists after each step show it); a lookup by
 * prefix or a pattern match finds both.
 */
import { retitle } from '../../kit/bodies.js';
import type { Body } from '../../contract/rule.js';
import { jobAt, MAX_LIVE_JOBS, retake, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { recordCreated } from '../record-created.js';
import { expectListsMatch, expectReadBack } from '../verify-target.js';
import { createIn } from '../create-in.js';
import type { CreateForm } from '../../kit/rejected-writes.js';

// §2.1, 8: referenceId max 50 characters
const MAX_REFERENCE_ID = 50;

/** `ref` with one more digit, the first such no live job holds; undefined when none fits in 50 characters. */
function extended(m: Readonly<JobsModel>, ref: string): string | undefined {
  if (ref.length >= MAX_REFERENCE_ID) return undefined;
  return [...'0123456789'].map((digit) => ref + digit).find((candidate) => !m.jobs.has(candidate));
}

export class CreatePrefixSiblingCommand implements JobsCommand {
  #detail: string | undefined;

  constructor(
    readonly position: number,
    readonly body: Body,
    readonly via: CreateForm,
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size > 0 && m.jobs.size < MAX_LIVE_JOBS;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const base = jobAt(m, this.position);
    const ref = extended(m, base.ref);
    if (ref === undefined) return;
    this.#detail = `ref="${ref}", prefix="${base.ref}"`;
    const body = { ...retitle(r.ctx, this.body, ref), referenceId: ref };
    const { res, label } = await createIn(r, this.via, body);
    retake(m, ref);
    const job = recordCreated(m, r, `${label} with referenceId ${ref} (${base.ref} is live)`, res, body);
    await expectReadBack(r, job);
    await expectReadBack(r, base);
    await expectListsMatch(r, m);
  }

  toString(): string {
    return `CreatePrefixSibling(${this.#detail ?? `#${this.position}`}, via=${this.via})`;
  }
}
