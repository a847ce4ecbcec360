/**
 * @module A partial update of one field of a live job (spec 4.3: "Only the
 * fields sent change"), by id or by referenceId. A PUT by referenceId of an
 * existing job must update it, never create a second one (the lists check
 * that). The method-override form may be declined (put-job.ts). Whether an archived job may be edited is not shown: a refusal there
 * is observed and the job must stay as it was. A patch may depend on the job as it is when the step runs
 * (dependent-patches.ts): a part of its salary, its routing type switched. Now and then (`readBack` false) the
 * answer alone is judged, with no GET after it: the next write's answer must hold this change, which a server that
 * answers from a copy of the job (a cache a create or a read fills, and one write path leaves) does not show.
 */
import { withTitlePrefix } from '../../arbitraries/job.js';
import { titlePrefix } from '../../contract/scope-words.js';
import type { Body } from '../../contract/rule.js';
import { isClientError, isSuccess, responseLine } from '../../kit/http.js';
import { DependentPatch, type WorkedPatch } from '../dependent-patches.js';
import { applyPatch, type ExpectedFields } from '../expected-fields.js';
import { jobAt, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { overrideDeclined, putJob, putLabel, type PutVia } from '../put-job.js';
import { expectListsMatch, expectMatchesModel, expectReadBack } from '../verify-target.js';

export class UpdateJobCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(
    readonly position: number,
    readonly patch: Body | DependentPatch,
    readonly via: PutVia,
    readonly tag: string,
    readonly readBack = true,
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const target = jobAt(m, this.position);
    this.#ref = target.ref;
    const { sent, amountsTo } = this.#workOut(target.fields, titlePrefix(target.ref, r.scope, this.tag));
    const res = await putJob(r, target, sent, this.via);
    const where = putLabel(target, this.via);
    if (await overrideDeclined(r, this.via, target, res)) return expectReadBack(r, target);
    if (target.status === 'archived' && isClientError(res.status)) {
      r.ctx.observe({
        topic: 'update-archived-job',
        section: '4.3',
        observed: `a partial update of an archived job answers ${res.status}`,
      });
      await expectReadBack(r, target);
      return;
    }
    r.ctx.expect(isSuccess(res.status) && res.json !== undefined, {
      title: `${where} refused a partial update of ${Object.keys(sent).join(', ')}`,
      expected: 'spec 4.3: updates are partial; a body with only some fields is valid: 200 with the full job',
      received: responseLine(res),
    });
    target.fields = applyPatch(target.fields, amountsTo);
    expectMatchesModel(r, where, res.json, target);
    if (this.readBack) await expectReadBack(r, target);
    // A PUT by referenceId that created a second job instead (or touched the other employer's) shows in the lists.
    await expectListsMatch(r, m);
  }

  #workOut(fields: ExpectedFields, prefix: string): WorkedPatch {
    if (this.patch instanceof DependentPatch) return this.patch.workOut(fields);
    // A new title keeps the job's referenceId in front and the scope as a word, so q = scope still finds it.
    const patch = withTitlePrefix(this.patch, this.tag, prefix);
    return { sent: patch, amountsTo: patch };
  }

  toString(): string {
    const fields = this.patch instanceof DependentPatch ? this.patch.label : Object.keys(this.patch).join(',');
    const read = this.readBack ? '' : ', answer only';
    return `UpdateJob(${this.#ref === undefined ? `#${this.position}` : `ref="${this.#ref}"`}, via=${this.via}, fields=${fields}${read})`;
  }
}
