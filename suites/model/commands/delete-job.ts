/**
 * @module DELETE a live job by id (`DELETE /jobs/{id}`), by referenceId
 * (`DELETE /jobs` with a JSON body) or by method override (`POST /jobs/{id}`
 * with `X-HTTP-Method-Override: DELETE`): spec 4.4, 4.7. Afterwards the id
 * must not read any more, its referenceId is free again, and every other job
 * of both employers is still listed.
 */
import { isSuccess, responseLine } from '../../kit/http.js';
import { free, jobAt, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { expectGone, expectListsMatch } from '../verify-target.js';

export type DeleteVia = 'id' | 'reference' | 'override';

export class DeleteJobCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(
    readonly position: number,
    readonly via: DeleteVia,
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const target = jobAt(m, this.position);
    this.#ref = target.ref;
    const { api } = r.ctx;
    const res =
      this.via === 'id'
        ? await api.deleteById(target.id)
        : this.via === 'reference'
          ? await api.deleteByReference(target.ref)
          : await api.deleteByOverride(target.id);
    const label = {
      id: `DELETE /jobs/${target.id}`,
      reference: `DELETE /jobs (referenceId ${target.ref})`,
      override: `POST /jobs/${target.id} with X-HTTP-Method-Override: DELETE`,
    }[this.via];
    r.ctx.expect(isSuccess(res.status), {
      title: `${label} did not delete the ${target.status} job`,
      expected: `spec ${this.via === 'override' ? '4.7' : '4.4'}: any job identified by id or referenceId is removed (204 with no body)`,
      received: responseLine(res),
    });
    m.jobs.delete(target.ref);
    free(m, target.ref);
    const gone = { ref: target.ref, id: target.id };
    m.deleted.push(gone);
    await expectGone(r, m, gone);
    // The other jobs stay: one whose referenceId starts with this one's, and the other employer's with the same referenceId.
    await expectListsMatch(r, m);
  }

  toString(): string {
    return `DeleteJob(${this.#ref === undefined ? `#${this.position}` : `ref="${this.#ref}"`}, via=${this.via})`;
  }
}
