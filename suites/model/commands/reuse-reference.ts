/**
 * @module A create (POST, PUT /jobs, or PUT /jobs through the override) with a referenceId the employer
 * freed: its job was deleted (by id, by referenceId or by override) or
 * renamed. No live job holds it, so it is no referenceId "that already
 * exists" (4.2) and PUT /jobs with it creates (4.3): a new job, with a new
 * id, while the renamed job keeps its fields under its new referenceId. A
 * stale referenceId index answers with the renamed job or refuses.
 */
import { retitle } from '../../kit/bodies.js';
import type { Body } from '../../contract/rule.js';
import { freedAt, MAX_LIVE_JOBS, retake, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import { recordCreated } from '../record-created.js';
import { createIn } from '../create-in.js';
import type { CreateForm } from '../../kit/rejected-writes.js';
import { expectListsMatch, expectReadBack } from '../verify-target.js';

export class ReuseReferenceCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(
    readonly position: number,
    readonly body: Body,
    readonly via: CreateForm,
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.freed.length > 0 && m.jobs.size < MAX_LIVE_JOBS;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const ref = freedAt(m, this.position);
    this.#ref = ref;
    const body = { ...retitle(r.ctx, this.body, ref), referenceId: ref };
    const { res, label } = await createIn(r, this.via, body);
    const where = `${label} with the freed referenceId ${ref}`;
    retake(m, ref);
    const job = recordCreated(m, r, where, res, body);
    await expectReadBack(r, job);
    await expectListsMatch(r, m);
  }

  toString(): string {
    return `ReuseReference(${this.#ref === undefined ? `#${this.position}` : `ref="${this.#ref}"`}, via=${this.via})`;
  }
}
