/**
 * @module Republish: PUT with only status = active, by id or by referenceId
 * (spec 3, 4.3). See change-status.ts for stated and unstated transitions.
 */
import { changeStatus } from '../change-status.js';
import { jobAt, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import type { PutVia } from '../put-job.js';

export class RepublishJobCommand implements JobsCommand {
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
    await changeStatus(r, target, 'active', this.via);
  }

  toString(): string {
    return `RepublishJob(${this.#detail ?? `#${this.position}`}, via=${this.via})`;
  }
}
