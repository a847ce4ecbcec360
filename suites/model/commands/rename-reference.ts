/**
 * @module PUT /jobs/{id} with only a new referenceId (spec 4.3: "Only the
 * fields sent change"; referenceId is a request field): the job now answers
 * to the new referenceId and no longer to the old one. Later steps name it by
 * the new one (a PUT or DELETE by referenceId must find it), and the old one
 * is free: a create may take it (ReuseReference), a DELETE by it removes
 * nothing (DeleteFreedReference). Sent by id or through the method override.
 * The new referenceId is a fresh one, or one the employer's jobs held and freed
 * (`freed`, counted from the one freed last): the job's own former one (a
 * rename back) or a deleted job's. Freed, it is free to take again, by a
 * rename as by a create. Now and then another field goes in the same body
 * (`also`): the rename and the field both change, in the answer too.
 */
import { withTitlePrefix } from '../../arbitraries/job.js';
import { titlePrefix } from '../../contract/scope-words.js';
import type { Body } from '../../contract/rule.js';
import { isSuccess, responseLine } from '../../kit/http.js';
import { applyPatch } from '../expected-fields.js';
import { free, freedAt, jobAt, retake, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { overrideDeclined, putJob, putLabel } from '../put-job.js';
import type { IdForm } from '../../kit/rejected-writes.js';
import { expectListsMatch, expectMatchesModel, expectReadBack } from '../verify-target.js';

export class RenameReferenceCommand implements JobsCommand {
  #detail: string | undefined;

  constructor(
    readonly position: number,
    readonly via: IdForm,
    readonly freed?: number,
    /** Another field the same PUT changes (a title keeps the job's new referenceId in front, tagged `tag`). */
    readonly also?: { patch: Body; tag: string },
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const target = jobAt(m, this.position);
    const old = target.ref;
    const renamed = this.freed !== undefined && m.freed.length > 0 ? freedAt(m, this.freed) : r.ctx.referenceId();
    this.#detail = `ref="${old}" -> "${renamed}"`;
    const also = this.also && withTitlePrefix(this.also.patch, this.also.tag, titlePrefix(renamed, r.scope, this.also.tag));
    const res = await putJob(r, target, { ...also, referenceId: renamed }, this.via);
    const where = `${putLabel(target, this.via)} with referenceId ${renamed}${also ? ` and ${Object.keys(also).join(', ')}` : ''}`;
    if (await overrideDeclined(r, this.via, target, res)) return expectReadBack(r, target);
    r.ctx.expect(isSuccess(res.status) && res.json !== undefined, {
      title: `${where} did not rename the job`,
      expected:
        'spec 4.3: updates are partial, a body with a referenceId (and the fields beside it) is a field change: 200 with the full job',
      received: responseLine(res),
    });
    m.jobs.delete(old);
    retake(m, renamed);
    target.ref = renamed;
    m.jobs.set(renamed, target);
    free(m, old);
    if (also) target.fields = applyPatch(target.fields, also);
    expectMatchesModel(r, where, res.json, target);
    await expectReadBack(r, target);
    await expectListsMatch(r, m);
  }

  toString(): string {
    const to = this.freed === undefined ? '' : `, freed=${this.freed}`;
    const beside = this.also ? `, with ${Object.keys(this.also.patch).join(',')}` : '';
    return `RenameReference(${this.#detail ?? `#${this.position}`}, via=${this.via}${to}${beside})`;
  }
}
