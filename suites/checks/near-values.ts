/**
 * @module Updates that change a value only a little (spec 4.3: "Only the fields sent change", and what is sent is
 * stored): the title in letter case alone, then in one accent alone, the description's text in letter case alone,
 * the closeDate to another time of the same day, the referenceId in letter case alone (by id and through the
 * override: PUT /jobs names its job by it), and the local part of the email in letter case alone (the job is routed
 * by email for it). A server whose dirty check compares as a collation or by date ("nothing changed") keeps the old
 * value and answers 200. Each goes through every update form (PUT by id, by referenceId, the override where the
 * target honours it), and the answer and a GET must hold the new value, judged by the comparison kit
 * (keptValueProblems: a date at the precision the answer writes, an email's domain in any case).
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { keptValueProblems } from '../../judging/compare.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { routingTypeIds } from '../arbitraries/schema-limits.js';
import { isSuccess, jobOf, responseLine } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, UPDATE_FORMS, type UpdateForm } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

/** One near change: what it is, and the update it makes of the job as it stands (undefined where it does not apply). */
interface NearChange {
  readonly label: string;
  next(job: Job, ctx: RuleContext): Body | undefined;
  /** The forms that can send it (all when absent): PUT /jobs names its job by the referenceId, so cannot change it. */
  readonly forms?: readonly UpdateForm[];
}

/** `text` with the case of every letter swapped: it differs in letter case alone. */
const swapCase = (text: string): string => [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

/** The day after `date`'s, at 09:30 UTC: a date-time, whatever form the job's closeDate had. */
function nextDayAt0930(date: string): string {
  const next = new Date(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) + 86_400_000);
  return `${next.toISOString().slice(0, 10)}T09:30:00Z`;
}

/** The same day as `date`, at 15:30 UTC. */
const sameDayAt1530 = (date: string): string => `${date.slice(0, 10)}T15:30:00Z`;

const NEAR_CHANGES: readonly NearChange[] = [
  { label: 'the title in letter case alone', next: (job) => ({ title: swapCase(job.title) }) },
  { label: 'the title to "cafe"', next: (job, ctx) => ({ title: scopedTitle(ctx, job.referenceId ?? '', 'cafe') }) },
  { label: 'the title in one accent alone ("café")', next: (job, ctx) => ({ title: scopedTitle(ctx, job.referenceId ?? '', 'café') }) },
  { label: "the description's text in letter case alone", next: (job) => ({ description: `<p>${swapCase(`Apply ${job.id} now`)}</p>` }) },
  { label: 'the description to its text before', next: (job) => ({ description: `<p>Apply ${job.id} now</p>` }) },
  // A time first (the job may hold a bare date), then another time of that same day.
  { label: 'the closeDate to 09:30 of the next day', next: (job) => ({ closeDate: nextDayAt0930(job.closeDate) }) },
  { label: 'the closeDate to another time of the same day', next: (job) => ({ closeDate: sameDayAt1530(job.closeDate) }) },
  {
    label: 'the referenceId in letter case alone',
    next: (job) => (job.referenceId ? { referenceId: swapCase(job.referenceId) } : undefined),
    forms: ['id', 'override'],
  },
  {
    label: "the email's local part in letter case alone",
    next: (job) => {
      const email = job.applicationEmail;
      if (typeof email !== 'string' || !email.includes('@')) return undefined;
      const at = email.indexOf('@');
      return { applicationEmail: `${swapCase(email.slice(0, at))}${email.slice(at)}` };
    },
  },
];

/** The generated body routed by email (2.6 type 1), so the email's near change applies whatever was drawn. */
function routedByEmail(generated: Body): Body {
  const { applicationUrl: _url, ...rest } = generated;
  const email = typeof generated.applicationEmail === 'string' ? generated.applicationEmail : 'Near.Values@example.com';
  return { ...rest, applicantRoutingType: { id: routingTypeIds.email }, applicationEmail: email };
}

async function check(ctx: RuleContext, generated: Body, form: UpdateForm): Promise<void> {
  let job = await createJob(ctx, identify(ctx, routedByEmail(generated)));
  for (const change of NEAR_CHANGES) {
    if (change.forms && !change.forms.includes(form)) continue;
    const update = change.next(job, ctx);
    if (update === undefined) continue;
    const res = await sendUpdate(ctx, form, job, update);
    // Honouring an override PUT is good practice only (jobs.update.by-override): a target that declines it is not judged here.
    if (await declinesUpdate(ctx, form, job, res)) return;
    const what = `${formLabel(form, job)} changing ${change.label}`;
    const answered = isSuccess(res.status) ? keptValueProblems(update, jobOf(res)) : [responseLine(res)];
    const read = await getJob(ctx, job.id);
    const stored = keptValueProblems(update, read);
    ctx.expect(answered.length === 0 && stored.length === 0, {
      title: `${what} ${isSuccess(res.status) ? 'did not keep it' : 'was refused'}`,
      expected: 'spec 4.3: only the fields sent change, to what was sent, however little they differ from before',
      received: [...answered.map((p) => `answer: ${p}`), ...stored.map((p) => `GET: ${p}`)].join('\n'),
      failingExchange: res.exchange,
    });
    job = read;
  }
}

export const nearValuesRule: Implementation = propertyRule<{ generated: Body; form: UpdateForm }>(
  {
    id: 'jobs.update.near-values',
    section: '4.3',
    level: 'must',
    title: 'An update that changes a value only in letter case, an accent or the time of day is kept, in every update form',
    statement: 'Updates are partial. Only the fields sent change.',
  },
  {
    maxRuns: 1,
    independentCases: true,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), form: fc.constantFrom(...UPDATE_FORMS) }),
    examples: () => UPDATE_FORMS.map((form) => ({ form })),
    check: (ctx, { generated, form }) => check(ctx, generated, form),
  },
);
