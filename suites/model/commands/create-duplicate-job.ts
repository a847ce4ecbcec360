/**
 * @module POST /jobs with the referenceId of a live job: rejected from the
 * second time onward (spec 4.2, 7.1), with any 4xx, and nothing is created
 * (the scoped list still holds exactly the model's jobs).
 */
import { withTitlePrefix } from '../../arbitraries/job.js';
import { titlePrefix } from '../../contract/scope-words.js';
import type { Body } from '../../contract/rule.js';
import { expectRejected } from '../../kit/expect-rejected.js';
import { jobAt, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { expectListMatches, expectReadBack } from '../verify-target.js';

export class CreateDuplicateJobCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(
    readonly position: number,
    readonly body: Body,
    readonly tag: string,
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const target = jobAt(m, this.position);
    this.#ref = target.ref;
    const body = { ...withTitlePrefix(this.body, this.tag, titlePrefix(target.ref, r.scope, this.tag)), referenceId: target.ref };
    const res = await r.ctx.api.create(body);
    expectRejected(r.ctx, res, {
      title: `POST /jobs accepted the referenceId ${target.ref} of a live job`,
      expected: 'spec 4.2 and 7.1: posting a referenceId that already exists is rejected from the second time onward',
    });
    await expectListMatches(r, m);
    await expectReadBack(r, target);
  }

  toString(): string {
    return `CreateDuplicateJob(${this.#ref === undefined ? `#${this.position}` : `ref="${this.#ref}"`})`;
  }
}
