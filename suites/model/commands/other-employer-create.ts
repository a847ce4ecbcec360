/**
 * @module The second employer creates a job (POST, PUT /jobs, or PUT /jobs through the override) with the
 * referenceId of one of the first employer's live jobs. A referenceId is "the
 * employer's own" (spec 1): the second employer holds no job with it, so it
 * is no referenceId "that already exists" (4.2) and a PUT with it creates
 * (4.3). The second employer gets its own new job; the first employer's job
 * is untouched and stays out of the second employer's list, and the other
 * way round. A service whose referenceIds are unique across employers
 * refuses, or answers with (or changes) the other employer's job. The job takes the first one's title too: each
 * employer's search must still find its own.
 */
import type { Body } from '../../contract/rule.js';
import { MAX_LIVE_JOBS, type JobsCommand, type JobsModel, type ModelJob, type ModelReal } from '../jobs-model.js';
import { recordCreated } from '../record-created.js';
import { expectListsMatch, expectReadBack } from '../verify-target.js';
import { createIn } from '../create-in.js';
import type { CreateForm } from '../../kit/rejected-writes.js';

/** The first employer's live jobs whose referenceId the second employer does not hold yet. */
function unshared(m: Readonly<JobsModel>): ModelJob[] {
  return [...m.jobs.values()].filter((job) => !m.others.has(job.ref));
}

export class OtherEmployerCreateCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(
    readonly position: number,
    readonly body: Body,
    readonly via: CreateForm,
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return unshared(m).length > 0 && m.others.size < MAX_LIVE_JOBS;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const candidates = unshared(m);
    const first = candidates[this.position % candidates.length]!;
    const second = r.second!;
    this.#ref = first.ref;
    // A twin: the first employer's title too, so a search or an index keyed by title alone mixes the two jobs.
    const body = { ...this.body, title: first.fields.title, referenceId: first.ref };
    const { res, label } = await createIn(r, this.via, body, second);
    const where = `${label} as the second employer with the first one's referenceId ${first.ref}`;
    const job = recordCreated(m, r, where, res, body, 'second');
    await expectReadBack(r, job, second);
    await expectReadBack(r, first);
    await expectListsMatch(r, m);
  }

  toString(): string {
    return `OtherEmployerCreate(${this.#ref === undefined ? `#${this.position}` : `ref="${this.#ref}"`}, via=${this.via})`;
  }
}
