/**
 * @module Archive and re-publish: a PUT carrying `status` (spec 3, 4.3), alone
 * or with a partial update of other fields in the same body (4.3: the fields
 * sent change, the status among them). The two transitions the spec states
 * (active -> archived, archived -> active) must succeed, change the status and
 * the fields sent, and nothing else. Every other
 * (from draft, or to the status the job already has) is not shown: the
 * target may accept or refuse; what it does is observed, and the model
 * follows what it answered so later steps still check consistency.
 */
import type { JobStatus } from '../arbitraries/schema-limits.js';
import type { Body } from '../contract/rule.js';
import { applyPatch } from './expected-fields.js';
import { sameDate } from '../../judging/compare.js';
import { isClientError, isSuccess, responseLine } from '../kit/http.js';
import type { ModelJob, ModelReal } from './jobs-model.js';
import { overrideDeclined, putJob, putLabel, type PutVia } from './put-job.js';
import { expectMatchesModel, expectReadBack } from './verify-target.js';

const STATED: ReadonlyArray<[from: JobStatus, to: JobStatus]> = [
  ['active', 'archived'],
  ['archived', 'active'],
];

/**
 * @example
 * await changeStatus(r, target, 'archived', 'reference'); // PUT /jobs {referenceId, status}
 * await changeStatus(r, target, 'archived', 'id', { title }); // PUT /jobs/{id} {status, title}
 */
export async function changeStatus(r: ModelReal, target: ModelJob, to: JobStatus, via: PutVia, also: Body = {}): Promise<void> {
  const from = target.status;
  const stated = STATED.some(([a, b]) => a === from && b === to);
  const res = await putJob(r, target, { ...also, status: to }, via);
  const fieldsSent = Object.keys(also).length > 0 ? ` and ${Object.keys(also).join(', ')}` : '';
  const where = putLabel(target, via);
  if (await overrideDeclined(r, via, target, res)) return expectReadBack(r, target);
  if (!stated) {
    r.ctx.expect(isSuccess(res.status) || isClientError(res.status), {
      title: `${where} with status ${to} failed on the server for a ${from} job`,
      expected: 'spec 3: the transition from ' + from + ' is not shown, so accepting or refusing it are both fine, but not a server error',
      received: responseLine(res),
    });
    const outcome = isSuccess(res.status) ? `accepted; status now ${res.json?.status}` : `refused with ${res.status}`;
    r.ctx.observe({
      topic: `transition.${from}-to-${to}`,
      section: '3',
      observed: `PUT status ${to} on ${from === 'draft' ? 'a' : 'an'} ${from} job: ${outcome}`,
    });
    if (isSuccess(res.status) && res.json) {
      target.status = res.json.status;
      target.fields = applyPatch(target.fields, also);
      // Leaving draft is not shown (3): a service may publish the job "now"; the model learns the date it set.
      if (from === 'draft' && !sameDate(res.json.publishDate, target.publishDate)) {
        r.ctx.observe({
          topic: `transition.${from}-to-${to}.publish-date`,
          section: '3',
          observed: 'publishDate set anew when the job left draft',
        });
        target.publishDate = res.json.publishDate;
      }
      expectMatchesModel(r, where, res.json, target);
    }
    await expectReadBack(r, target);
    return;
  }
  r.ctx.expect(isSuccess(res.status) && res.json !== undefined && res.json.status === to, {
    title: `${where} with status ${to}${fieldsSent} did not move the job from ${from} to ${to}`,
    expected: `spec 3: ${from} -> PUT with status = ${to} -> ${to}; spec 4.3: 200 with the full job and its new status`,
    received: isSuccess(res.status) ? `status ${res.json?.status}` : responseLine(res),
  });
  target.status = to;
  target.fields = applyPatch(target.fields, also);
  expectMatchesModel(r, where, res.json, target); // §3: the fields not sent unchanged; 4.3: those sent changed
  await expectReadBack(r, target);
}
