/**
 * @module The second employer sends DELETE /jobs with a referenceId (spec
 * 4.4) that the first employer holds, the second one too or not: the second
 * employer's own job with it is removed, the first employer's never is (spec
 * 1: "the employer's own referenceId"; 5.1, 5.3 scope every operation to the
 * key's employer). Naming a referenceId the second employer does not hold is
 * answered 204 or a client error (not shown), never a 5xx. The first employer's job with that referenceId still
 * reads, and answers to it: a PUT /jobs with it and the job's own title reaches that job.
 */
import { isSuccess, responseLine } from '../../kit/http.js';
import { showsGone } from '../../kit/jobs.js';
import type { JobsCommand, JobsModel, ModelReal } from '../jobs-model.js';
import { putJob, putLabel } from '../put-job.js';
import { expectListsMatch, expectMatchesModel, expectReadBack } from '../verify-target.js';

/** The referenceIds either employer holds, the first employer's first. */
function heldReferences(m: Readonly<JobsModel>): string[] {
  return [...new Set([...m.jobs.keys(), ...m.others.keys()])];
}

export class OtherEmployerDeleteCommand implements JobsCommand {
  #detail: string | undefined;

  constructor(readonly position: number) {}

  check(m: Readonly<JobsModel>): boolean {
    return heldReferences(m).length > 0;
  }

  async run(m: JobsModel, r: ModelReal): Promise<void> {
    const refs = heldReferences(m);
    const ref = refs[this.position % refs.length]!;
    const second = r.second!;
    const theirs = m.others.get(ref);
    const mine = m.jobs.get(ref);
    this.#detail = `ref="${ref}", held by ${[mine && 'first', theirs && 'second'].filter(Boolean).join(' and ')}`;
    const res = await second.deleteByReference(ref);
    const where = `DELETE /jobs (referenceId ${ref}) as the second employer`;
    if (theirs) {
      r.ctx.expect(isSuccess(res.status), {
        title: `${where} did not delete its own job`,
        expected: 'spec 4.4: a job identified by referenceId is removed (204 with no body)',
        received: responseLine(res),
      });
      m.others.delete(ref);
      const after = await second.get(theirs.id);
      r.ctx.expect(showsGone(after.status), {
        title: `GET /jobs/${theirs.id} as the second employer still answers after ${where}`,
        expected: 'spec 4.4: DELETE removes the job; reading it again finds nothing',
        received: responseLine(after),
      });
    } else {
      r.ctx.expect(isSuccess(res.status) || showsGone(res.status), {
        title: `${where}, a referenceId only the first employer holds, failed on the server`,
        expected: 'spec 4.4, 5.3: the second employer holds no job with it: 204 or a client error (not shown), never a 5xx',
        received: responseLine(res),
      });
      r.ctx.observe({ topic: 'isolation-status.delete-by-reference', section: '5.3', observed: String(res.status) });
    }
    if (mine) await expectReadBack(r, mine);
    // The first employer's job still answers to the referenceId the second employer's delete named: an index of
    // referenceIds that one employer's delete empties for both loses it. Not judged on an archived job, whose edit a
    // server may refuse (not shown).
    if (mine && mine.status !== 'archived') {
      const named = await putJob(r, mine, { title: mine.fields.title }, 'reference');
      r.ctx.expect(isSuccess(named.status) && named.json !== undefined, {
        title: `${putLabel(mine, 'reference')} with the job's own title, after ${where}, did not reach the first employer's job`,
        expected: "spec 1, 4.3, 5.3: the employer's own referenceId names its job, whatever another employer deleted",
        received: responseLine(named),
      });
      expectMatchesModel(r, putLabel(mine, 'reference'), named.json, mine);
    }
    await expectListsMatch(r, m);
  }

  toString(): string {
    return `OtherEmployerDelete(${this.#detail ?? `#${this.position}`})`;
  }
}
