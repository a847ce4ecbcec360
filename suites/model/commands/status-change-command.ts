/**
 * @module A PUT with `status`, by id, by referenceId or through the override (spec 3, 4.3), alone or with a partial
 * update of other fields: the shared body of ArchiveJob and RepublishJob. See change-status.ts for stated and
 * unstated transitions.
 */
import { withTitlePrefix } from '../../arbitraries/job.js';
import { titlePrefix } from '../../contract/scope-words.js';
import type { Body } from '../../contract/rule.js';
import { changeStatus } from '../change-status.js';
import { jobAt, type JobsCommand, type JobsModel, type ModelReal } from '../jobs-model.js';
import type { PutVia } from '../put-job.js';

export abstract class StatusChangeCommand implements JobsCommand {
  protected abstract readonly name: string;
  protected abstract readonly status: 'archived' | 'active';
  #detail: string | undefined;

  /** `also`: other fields the same PUT changes (a title keeps the job's scope in front, tagged `tag`). */
  constructor(
    readonly position: number,
    readonly via: PutVia,
    readonly also?: { patch: Body; tag: string },
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.jobs.size > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const target = jobAt(m, this.position);
    const fields = this.also ? `, with ${Object.keys(this.also.patch).join(',')}` : '';
    this.#detail = `ref="${target.ref}", from=${target.status}${fields}`;
    const also = this.also && withTitlePrefix(this.also.patch, this.also.tag, titlePrefix(target.ref, r.scope, this.also.tag));
    await changeStatus(r, target, this.status, this.via, also);
  }

  toString(): string {
    return `${this.name}(${this.#detail ?? `#${this.position}`}, via=${this.via})`;
  }
}
