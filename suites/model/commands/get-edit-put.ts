/**
 * @module The GET-edit-PUT a client's edit form does: GET /jobs/{id}, change
 * the title, PUT the whole body back (spec 4.3: the PUT body "is symmetrical
 * with the GET result"). It carries the job's own referenceId (no other job
 * holds it: no duplicate), locations as `{id, name, description, type}`,
 * categories as `{id, name}`, salary.period as `{id, name, unit}`, and its own
 * read-only values (4.2's symmetry: a GET result creates a job with the same
 * values). Only `id` is left out, as 4.2 leaves it out, and `status`: a PUT of
 * the status a job already has is a transition 3 does not show. Every field
 * but the title must stay as it was. Sent by id, by referenceId and through
 * the method override; an archived job may refuse edits (not shown, observed).
 */
import type { Job } from '../../../schemas/index.js';
import { withTitlePrefix } from '../../arbitraries/job.js';
import { titlePrefix } from '../../contract/scope-words.js';
import type { Body } from '../../contract/rule.js';
import { withNumberAmounts } from '../../kit/bodies.js';
import { isClientError, isSuccess, responseLine } from '../../kit/http.js';
import { applyPatch } from '../expected-fields.js';
import { jobAt, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { overrideDeclined, putJob, putLabel, type PutVia } from '../put-job.js';
import { expectListsMatch, expectMatchesModel, expectReadBack } from '../verify-target.js';

/** A GET result as a PUT body: everything but the id and the status, amounts as numbers (the canonical request form). */
function editable(job: Job): Body {
  const { id: _id, status: _status, ...rest } = job;
  return withNumberAmounts(rest);
}

export class GetEditPutCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(
    readonly position: number,
    /** A generated title that starts with the run tag as a word. */
    readonly title: string,
    readonly via: PutVia,
    readonly tag: string,
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const target = jobAt(m, this.position);
    this.#ref = target.ref;
    const read = await r.ctx.api.get(target.id);
    r.ctx.expect(read.status === 200 && read.json !== undefined, {
      title: `GET /jobs/${target.id} did not return a live job (referenceId ${target.ref})`,
      expected: 'spec 4.1: 200 with the job',
      received: responseLine(read),
    });
    const edit = withTitlePrefix({ title: this.title }, this.tag, titlePrefix(target.ref, r.scope, this.tag));
    const res = await putJob(r, target, { ...editable(read.json), ...edit }, this.via);
    const where = `${putLabel(target, this.via)} with the job's own GET result, title edited`;
    if (await overrideDeclined(r, this.via, target, res)) return expectReadBack(r, target);
    if (target.status === 'archived' && isClientError(res.status)) {
      r.ctx.observe({ topic: 'update-archived-job', section: '4.3', observed: `a GET-edit-PUT of an archived job answers ${res.status}` });
      return expectReadBack(r, target);
    }
    r.ctx.expect(isSuccess(res.status) && res.json !== undefined, {
      title: `${where} was refused`,
      expected:
        "spec 4.3: the PUT body is symmetrical with the GET result, and its own referenceId is no other job's: 200 with the full job",
      received: responseLine(res),
    });
    target.fields = applyPatch(target.fields, edit);
    expectMatchesModel(r, where, res.json, target);
    await expectReadBack(r, target);
    await expectListsMatch(r, m);
  }

  toString(): string {
    return `GetEditPut(${this.#ref === undefined ? `#${this.position}` : `ref="${this.#ref}"`}, via=${this.via})`;
  }
}
