/**
 * @module POST /jobs with a fresh referenceId (spec 4.2), with or without an
 * explicit status (spec 3).
 */
import { identify } from '../../kit/bodies.js';
import type { Body } from '../../contract/rule.js';
import { MAX_LIVE_JOBS, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { recordCreated } from '../record-created.js';
import { expectFirstEmployerUnseen, expectReadBack } from '../verify-target.js';

export class CreateJobCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(readonly body: Body) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size < MAX_LIVE_JOBS;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const body = identify(r.ctx, this.body);
    const ref = body.referenceId;
    this.#ref = ref;
    const res = await r.ctx.api.create(body);
    const job = recordCreated(m, r, 'POST /jobs', res, body);
    // The other employer's list first: a server that leaks a new job does so to the next list read.
    await expectFirstEmployerUnseen(r, m);
    await expectReadBack(r, job);
  }

  toString(): string {
    const status = this.body.status === undefined ? 'omitted' : String(this.body.status);
    return `CreateJob(${this.#ref === undefined ? '' : `ref="${this.#ref}", `}status=${status})`;
  }
}
