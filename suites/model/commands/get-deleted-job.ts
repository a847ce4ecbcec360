/** @module GET /jobs/{id} of a job deleted earlier finds nothing (spec 4.4), later in the sequence. */
import { deletedAt, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { expectGone } from '../verify-target.js';

export class GetDeletedJobCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(readonly position: number) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.deleted.length > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const gone = deletedAt(m, this.position);
    this.#ref = gone.ref;
    await expectGone(r, m, gone);
  }

  toString(): string {
    return `GetDeletedJob(${this.#ref === undefined ? `#${this.position}` : `ref="${this.#ref}"`})`;
  }
}
