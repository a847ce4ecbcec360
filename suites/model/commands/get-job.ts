/** @module GET /jobs/{id} of a live job agrees with the model (spec 4.1). */
import { jobAt, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { expectReadBack } from '../verify-target.js';

export class GetJobCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(readonly position: number) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const target = jobAt(m, this.position);
    this.#ref = target.ref;
    await expectReadBack(r, target);
  }

  toString(): string {
    return `GetJob(${this.#ref === undefined ? `#${this.position}` : `ref="${this.#ref}"`})`;
  }
}
