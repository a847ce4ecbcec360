/**
 * @module DELETE a live job in every delete form (the kit's): by id
 * (`DELETE /jobs/{id}`), by referenceId (`DELETE /jobs` with a JSON body) or
 * by method override on either path (`POST /jobs/{id}`, `POST /jobs` with the
 * referenceId, `X-HTTP-Method-Override: DELETE`): spec 4.4, 4.7. Afterwards
 * the id must not read any more, its referenceId is free again, and every
 * other job of both employers is still listed. The override on DELETE /jobs's
 * path is good practice only (4.7 shows the resource path): a target that
 * declines it there (a 4xx) keeps the job, which must read as before.
 * A delete may take a job whose referenceId the second employer holds too: that
 * employer's job still reads, and stays in its list (spec 1: "the employer's
 * own referenceId"; 5.3).
 */
import type { Job } from '../../../schemas/types.gen.js';
import { isClientError, isSuccess, responseLine } from '../../kit/http.js';
import { DELETE_HOW, deleteJob, type DeleteWay } from '../../kit/delete-forms.js';
import { free, jobAt, type JobsCommand, type JobsModel, type ModelJob, type ModelReal } from '../jobs-model.js';
import { expectGone, expectListsMatch, expectReadBack } from '../verify-target.js';

export type DeleteVia = DeleteWay;
/** Which of the first employer's live jobs a delete takes: any, or one whose referenceId the second employer holds too. */
export type DeleteAmong = 'any' | 'shared';

/** The first employer's live jobs whose referenceId the second employer holds too. */
function sharedJobs(m: Readonly<JobsModel>): ModelJob[] {
  return [...m.jobs.values()].filter((job) => m.others.has(job.ref));
}

export class DeleteJobCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(
    readonly position: number,
    readonly via: DeleteVia,
    readonly among: DeleteAmong = 'any',
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return this.among === 'any' ? m.jobs.size > 0 : sharedJobs(m).length > 0;
  }

  #target(m: Readonly<JobsModel>): ModelJob {
    if (this.among === 'any') return jobAt(m, this.position);
    const shared = sharedJobs(m);
    return shared.at(this.position % shared.length)!;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const target = this.#target(m);
    this.#ref = target.ref;
    const res = await deleteJob(r.ctx, this.via, { id: target.id, referenceId: target.ref } as Job, target.ref);
    const label = `${DELETE_HOW[this.via]} (job ${target.id}, referenceId ${target.ref})`;
    if (this.via === 'override-reference' && isClientError(res.status)) {
      r.ctx.observe({ topic: 'method-override.delete-by-reference', section: '1', observed: `refused with ${res.status}` });
      return expectReadBack(r, target);
    }
    r.ctx.expect(isSuccess(res.status), {
      title: `${label} did not delete the ${target.status} job`,
      expected: `spec ${this.via.startsWith('override') ? '4.7' : '4.4'}: any job identified by id or referenceId is removed (204 with no body)`,
      received: responseLine(res),
    });
    m.jobs.delete(target.ref);
    free(m, target.ref);
    const gone = { ref: target.ref, id: target.id };
    m.deleted.push(gone);
    await expectGone(r, m, gone);
    // The other employer's job with the same referenceId still reads (with that employer's key).
    const twin = m.others.get(target.ref);
    if (twin) await expectReadBack(r, twin, r.second);
    // The other jobs stay: one whose referenceId starts with this one's, and the other employer's with the same referenceId.
    await expectListsMatch(r, m);
  }

  toString(): string {
    const among = this.among === 'any' ? '' : `, among=${this.among}`;
    return `DeleteJob(${this.#ref === undefined ? `#${this.position}` : `ref="${this.#ref}"`}, via=${this.via}${among})`;
  }
}
