/**
 * @module GET /jobs with q = the execution's scope, optionally filtered by
 * status: exactly the model's live jobs (with that status), each once
 * (spec 4.5, 5.3).
 */
import type { JobStatus } from '../../arbitraries/schema-limits.js';
import type { JobsCommand, JobsModel, ModelReal } from '../jobs-model.js';
import { expectListMatches } from '../verify-target.js';

export class ListJobsCommand implements JobsCommand {
  constructor(readonly status: JobStatus | undefined) {}

  check(): boolean {
    return true;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    await expectListMatches(r, m, this.status);
  }

  toString(): string {
    return `ListJobs(${this.status === undefined ? '' : `status=${this.status}`})`;
  }
}
