/**
 * @module PUT with `salary: null` (spec 2.1: salary is "Object or null",
 * null when no salary is defined; 4.3: only the fields sent change). Whether
 * an update may clear the salary by null is not shown: a refusal is observed
 * and the job must stay as it was; an update answered 2xx must leave the job
 * without a salary. (A null maxAmount goes in every whole salary the model
 * sends without one: job-commands-arb.ts.)
 */
import { isClientError, isSuccess, responseLine } from '../../kit/http.js';
import { jobAt, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { overrideDeclined, putJob, putLabel, type PutVia } from '../put-job.js';
import { expectListsMatch, expectMatchesModel, expectReadBack } from '../verify-target.js';

export class ClearSalaryCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(
    readonly position: number,
    readonly via: PutVia,
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const target = jobAt(m, this.position);
    this.#ref = target.ref;
    const res = await putJob(r, target, { salary: null }, this.via);
    const where = `${putLabel(target, this.via)} with salary null`;
    if (await overrideDeclined(r, this.via, target, res)) return expectReadBack(r, target);
    if (isClientError(res.status)) {
      r.ctx.observe({ topic: 'update.salary-null', section: '2.5', observed: `refused with ${res.status}` });
      return expectReadBack(r, target);
    }
    r.ctx.expect(isSuccess(res.status) && res.json !== undefined, {
      title: `${where} failed on the server`,
      expected: 'spec 4.3: 200 with the full job (or, since clearing by null is not shown, a refusal), never a 5xx',
      received: responseLine(res),
    });
    r.ctx.observe({ topic: 'update.salary-null', section: '2.5', observed: `accepted with ${res.status}` });
    target.fields = { ...target.fields, salary: null };
    expectMatchesModel(r, where, res.json, target);
    await expectReadBack(r, target);
    await expectListsMatch(r, m);
  }

  toString(): string {
    return `ClearSalary(${this.#ref === undefined ? `#${this.position}` : `ref="${this.#ref}"`}, via=${this.via})`;
  }
}
