/**
 * @module The second employer renames its own job (PUT /jobs/{id} with only
 * a referenceId, spec 4.3) to a referenceId that only the first employer
 * holds. A referenceId is "the employer's own" (spec 1): the second employer
 * holds no job with it, so the rename is a plain field change. The second
 * employer's job answers to it from then on; the first employer's job with
 * it is untouched. A service whose referenceIds are unique across employers
 * refuses the rename as a duplicate.
 */
import { isSuccess, responseLine } from '../../kit/http.js';
import type { JobsCommand, JobsModel, ModelReal } from '../jobs-model.js';
import { expectListsMatch, expectMatchesModel, expectReadBack } from '../verify-target.js';

/** The first employer's referenceIds that the second employer does not hold. */
function onlyFirsts(m: Readonly<JobsModel>): string[] {
  return [...m.jobs.keys()].filter((ref) => !m.others.has(ref));
}

export class OtherEmployerRenameCommand implements JobsCommand {
  #detail: string | undefined;

  constructor(readonly position: number) {}

  check(m: Readonly<JobsModel>): boolean {
    return m.others.size > 0 && onlyFirsts(m).length > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const theirs = [...m.others.values()];
    const target = theirs[this.position % theirs.length]!;
    const refs = onlyFirsts(m);
    const renamed = refs[this.position % refs.length]!;
    const second = r.second!;
    this.#detail = `ref="${target.ref}" -> "${renamed}"`;
    const res = await second.putById(target.id, { referenceId: renamed });
    const where = `PUT /jobs/${target.id} as the second employer with referenceId ${renamed}, which only the first employer holds`;
    r.ctx.expect(isSuccess(res.status) && res.json !== undefined, {
      title: `${where} did not rename its job`,
      expected:
        "spec 1, 4.3: a referenceId is the employer's own; the second employer holds no job with it, so the rename is a field change: 200",
      received: responseLine(res),
    });
    m.others.delete(target.ref);
    target.ref = renamed;
    m.others.set(renamed, target);
    expectMatchesModel(r, where, res.json, target);
    await expectReadBack(r, target, second);
    await expectReadBack(r, m.jobs.get(renamed)!);
    await expectListsMatch(r, m);
  }

  toString(): string {
    return `OtherEmployerRename(${this.#detail ?? `#${this.position}`})`;
  }
}
