/**
 * @module PUT /jobs/{id} with only a new referenceId (spec 4.3: "Only the
 * fields sent change"; referenceId is a request field): the job now answers
 * to the new referenceId and no longer to the old one. Later steps name it by
 * the new one (a PUT or DELETE by referenceId must find it), and the old one
 * is free: a create may take it (ReuseReference), a DELETE by it removes
 * nothing (DeleteFreedReference). Sent by id or through the method override.
 */
import { isSuccess, responseLine } from '../../kit/http.js';
import { free, jobAt, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { overrideDeclined, putJob, putLabel } from '../put-job.js';
import type { IdForm } from '../../kit/rejected-writes.js';
import { expectListsMatch, expectMatchesModel, expectReadBack } from '../verify-target.js';

export class RenameReferenceCommand implements JobsCommand {
  #detail: string | undefined;

  constructor(
    readonly position: number,
    readonly via: IdForm,
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const target = jobAt(m, this.position);
    const old = target.ref;
    const renamed = r.ctx.referenceId();
    this.#detail = `ref="${old}" -> "${renamed}"`;
    const res = await putJob(r, target, { referenceId: renamed }, this.via);
    const where = `${putLabel(target, this.via)} with referenceId ${renamed}`;
    if (overrideDeclined(r, this.via, res)) return expectReadBack(r, target);
    r.ctx.expect(isSuccess(res.status) && res.json !== undefined, {
      title: `${where} did not rename the job`,
      expected: 'spec 4.3: updates are partial, a body with only referenceId is a field change: 200 with the full job',
      received: responseLine(res),
    });
    m.jobs.delete(old);
    target.ref = renamed;
    m.jobs.set(renamed, target);
    free(m, old);
    expectMatchesModel(r, where, res.json, target);
    await expectReadBack(r, target);
    await expectListsMatch(r, m);
  }

  toString(): string {
    return `RenameReference(${this.#detail ?? `#${this.position}`}, via=${this.via})`;
  }
}
