/**
 * @module PUT /jobs with a referenceId the employer never used: creates the
 * job and "behaves as POST with a referenceId" (spec 4.3). Its status code is
 * not shown: 200 and 201 are both accepted, and observed.
 */
import { identify } from '../../kit/bodies.js';
import type { Body } from '../../contract/rule.js';
import { MAX_LIVE_JOBS, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { recordCreated } from '../record-created.js';
import { expectFirstEmployerUnseen, expectReadBack } from '../verify-target.js';

export class PutCreateJobCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(readonly body: Body) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size < MAX_LIVE_JOBS;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const body = identify(r.ctx, this.body);
    const ref = body.referenceId;
    this.#ref = ref;
    const res = await r.ctx.api.putByReference(body);
    if (res.status >= 200 && res.status < 300) {
      r.ctx.observe({ topic: 'put-create-status', section: '4.3', observed: `PUT /jobs that creates a job answers ${res.status}` });
    }
    const job = recordCreated(m, r, 'PUT /jobs (new referenceId)', res, body);
    // The other employer's list first: a server that leaks a new job does so to the next list read.
    await expectFirstEmployerUnseen(r, m);
    await expectReadBack(r, job);
  }

  toString(): string {
    const status = this.body.status === undefined ? 'omitted' : String(this.body.status);
    return `PutCreateJob(${this.#ref === undefined ? '' : `ref="${this.#ref}", `}status=${status})`;
  }
}
