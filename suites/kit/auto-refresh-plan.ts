/**
 * @module Whether the key's employer takes autoRefresh true (spec 2.1: "Applies only to employers on unlimited job
 * plans"). The plan is the target's to decide, so the canonical bodies never send it; the rules that do ask here
 * first, and judge autoRefresh true only where the plan took it.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { Body, JobsApi, RuleContext } from '../contract/rule.js';
import { show } from '../../judging/compare.js';
import { expectStatus, isSuccess } from './http.js';
import { expectCreateAnswerStored } from './jobs.js';

/**
 * POSTs `body` with autoRefresh true and records what the plan made of it: the created job where it was taken,
 * undefined where it was refused or answered false. Whatever the plan made of it, the answer is the created job
 * (4.2), so a GET must show what it showed: autoRefresh false in the answer and true in the job is no plan's answer.
 *
 * @example
 * const job = await createdWithAutoRefresh(ctx, identify(ctx, generated));
 * if (job === undefined) return; // the plan declines it: nothing to judge
 */
export async function createdWithAutoRefresh(ctx: RuleContext, body: Body, api: JobsApi = ctx.api): Promise<Job | undefined> {
  const created = await api.client.request<Job>({ method: 'POST', path: '/jobs', body: { ...body, autoRefresh: true } });
  ctx.observe({
    topic: 'auto-refresh.taken',
    section: '2.1',
    observed: isSuccess(created.status) ? `taken as ${show(created.json?.autoRefresh)}` : `refused with ${created.status}`,
  });
  // The plan may decline it, as a refusal or an answer of false; a server error is no plan's answer (spec 7).
  expectStatus(
    ctx,
    created,
    (status) => status < 500,
    'POST /jobs with autoRefresh true is taken or refused as the plan decides, never with a 5xx (spec 2.1, 7)',
  );
  if (!isSuccess(created.status) || created.json === undefined) return undefined;
  await expectCreateAnswerStored(ctx, created, 'POST /jobs with autoRefresh true', api);
  return created.json.autoRefresh === true ? created.json : undefined;
}
