/**
 * @module The second employer updates its own job by referenceId (PUT
 * /jobs, spec 4.3) where the first employer may hold a job with the same
 * referenceId: the second employer's job changes, the first one's does not
 * (spec 1: "the employer's own referenceId"; 5.3).
 */
import { withTitlePrefix } from '../../arbitraries/job.js';
import { titlePrefix } from '../../contract/scope-words.js';
import { isSuccess, responseLine } from '../../kit/http.js';
import { applyPatch } from '../expected-fields.js';
import type { JobsCommand, JobsModel, ModelReal } from '../jobs-model.js';
import { expectListsMatch, expectMatchesModel, expectReadBack } from '../verify-target.js';

export class OtherEmployerUpdateCommand implements JobsCommand {
  #ref: string | undefined;

  constructor(
    readonly position: number,
    /** A generated title that starts with the run tag as a word. */
    readonly title: string,
    readonly tag: string,
  ) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.others.size > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const theirs = [...m.others.values()];
    const target = theirs[this.position % theirs.length]!;
    const second = r.second!;
    this.#ref = target.ref;
    const edit = withTitlePrefix({ title: this.title }, this.tag, titlePrefix(target.ref, r.scope, this.tag));
    const res = await second.putByReference({ ...edit, referenceId: target.ref });
    const where = `PUT /jobs (referenceId ${target.ref}) as the second employer`;
    r.ctx.expect(isSuccess(res.status) && res.json !== undefined, {
      title: `${where} refused a title update of its own job`,
      expected:
        'spec 4.3: updates are partial; a body with referenceId and title updates the job with that referenceId: 200 with the full job',
      received: responseLine(res),
    });
    target.fields = applyPatch(target.fields, edit);
    expectMatchesModel(r, where, res.json, target);
    await expectReadBack(r, target, second);
    const mine = m.jobs.get(target.ref);
    if (mine) await expectReadBack(r, mine);
    await expectListsMatch(r, m);
  }

  toString(): string {
    return `OtherEmployerUpdate(${this.#ref === undefined ? `#${this.position}` : `ref="${this.#ref}"`})`;
  }
}
