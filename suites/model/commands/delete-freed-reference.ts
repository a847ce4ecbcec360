/**
 * @module DELETE /jobs with a referenceId the employer freed (its job
 * deleted, or renamed away): no job of the employer holds it, so nothing is
 * removed (spec 4.4 identifies the job by its referenceId). Its answer is not
 * shown: 204 again or a client error, observed; never a 5xx. A stale
 * referenceId index deletes the renamed job.
 */
import { isSuccess, responseLine } from '../../kit/http.js';
import { showsGone } from '../../kit/jobs.js';
import { freedAt, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { expectListsMatch, expectReadBack } from '../verify-target.js';

export class DeleteFreedReferenceCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(readonly position: number) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.freed.length > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const ref = freedAt(m, this.position);
    this.#ref = ref;
    const res = await r.ctx.api.deleteByReference(ref);
    r.ctx.expect(isSuccess(res.status) || showsGone(res.status), {
      title: `DELETE /jobs (referenceId ${ref}, held by no live job) failed on the server`,
      expected: 'spec 4.4: a DELETE names its job by referenceId; naming none is answered 204 or a client error (not shown), never a 5xx',
      received: responseLine(res),
    });
    r.ctx.observe({ topic: 'status.repeated-delete', section: '4.4', observed: `DELETE /jobs with a freed referenceId: ${res.status}` });
    for (const job of m.jobs.values()) await expectReadBack(r, job);
    await expectListsMatch(r, m);
  }

  toString(): string {
    return `DeleteFreedReference(${this.#ref === undefined ? `#${this.position}` : `ref="${this.#ref}"`})`;
  }
}
