/**
 * @module A PUT with only `status`, by id or by referenceId (spec 3, 4.3):
 * the shared body of ArchiveJob and RepublishJob. See change-status.ts for
 * stated and unstated transitions.
 */
import { changeStatus } from '../change-status.js';
import { jobAt, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import type { PutVia } from '../put-job.js';

export abstract class StatusChangeCommand implements JobsCommand {
  protected abstract readonly name: string;
  protected abstract readonly status: 'archived' | 'active';
  #detail: string | undefined;

  constructor(
    readonly position: number,
    readonly via: PutVia,
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const target = jobAt(m, this.position);
    this.#detail = `ref="${target.ref}", from=${target.status}`;
    await changeStatus(r, target, this.status, this.via);
  }

  toString(): string {
    return `${this.name}(${this.#detail ?? `#${this.position}`}, via=${this.via})`;
  }
}
