/**
 * @module Updates that change nothing (spec 4.3: "Updates are partial. Only the fields sent change."), sent in every
 * update form (by id, by referenceId, through the override where the target honours it); the answer, where taken,
 * and a GET must show the job as it was.
 * - A job's own GET result sent back (4.3: the body "is symmetrical with the GET result"), whole and then each request
 *   field of it alone (a partial update may send any of them), of a job routed by email and of one routed by URL (a
 *   routing type resent alone leaves its address as it was). Every value in it is the job's own, its referenceId
 *   included: a server that checks a sent value against the stored ones without leaving the job itself out (a
 *   referenceId "already in use" by the job that holds it), or that asks a field for its companions (a routing type
 *   sent without its address), refuses it, and one that rewrites a value it is sent unchanged moves it. It must be
 *   taken. The status alone is left out: the move to the status a job already has is not shown (3).
 * - The same values in the other forms a client may send them: the whole in the form a create sends (each object by
 *   its id), the very body the job's create sent, the closeDate in another spelling of its day or instant (a server that compares spellings, not values,
 *   takes it for a change and may move it), and each part of the salary with its stored values (a part that equals
 *   what is stored still merges: the fields it leaves out stay). The job carries a whole salary for this.
 * - An update that sends no field: `{}`, and the referenceId alone on PUT /jobs. Whether it is valid is not stated:
 *   taking it or refusing it (a client error) is observed, and it is never a 5xx (7: a server error is no refusal).
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import * as fc from 'fast-check';
import { anonymous, asCreateInput, createBodyArb, identify, withNumberAmounts } from '../kit/bodies.js';
import { respelledDate } from '../arbitraries/close-date-forms.js';
import { PARTIAL_SALARY_FIELDS, wholeSalaryArb } from '../arbitraries/salary.js';
import { emailRoutingArb, urlRoutingArb, type Routing } from '../arbitraries/routing.js';
import { changedFields, changeLines } from '../../judging/compare.js';
import { expectStatus, isSuccess, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { declinesUpdate, formLabel, namesByReference, sendUpdate, UPDATE_FORMS, type UpdateForm } from '../kit/rejected-writes.js';
import { JOB_INPUT_FIELDS } from '../../schemas/job-fields.js';
import { propertyRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';

/** An update that changes nothing: what it sends to a job, and how its answer is judged. */
interface NoChange {
  /** The bodies sent to `job` in `form` (`created`: the body its create sent), each with its words for titles. */
  patchesOf(job: Job, form: UpdateForm, created: Body): Array<{ what: string; patch: Body }>;
  /** Judges the answer before the reads; a taken update's answer is read too. */
  judgeAnswer(ctx: RuleContext, res: ApiResponse<Job>, label: string, form: UpdateForm): void;
  /** Why nothing may change. */
  because: string;
}

interface NoChangeCase {
  body: Body;
  /** One routing of each type: a field whose companion depends on the routing type is sent alone under both. */
  routings: Routing[];
}

function noChangeRule(entry: RuleEntry, update: NoChange): Implementation {
  return propertyRule<NoChangeCase>(entry, {
    maxRuns: 1,
    // A whole salary (maxAmount and plusCommission spelled out), so that a part of it sent alone leaves fields to lose.
    arbitrary: (ctx) =>
      fc
        .tuple(createBodyArb(ctx), wholeSalaryArb, emailRoutingArb, urlRoutingArb)
        .map(([body, salary, email, url]) => ({ body: { ...body, salary }, routings: [email, url] })),
    check: async (ctx: RuleContext, { body, routings }) => {
      const { applicationEmail: _email, applicationUrl: _url, ...unrouted } = body;
      const jobs: Array<{ id: number; forms: readonly UpdateForm[]; created: Body }> = [];
      for (const routing of routings) {
        const named = identify(ctx, { ...unrouted, ...routing });
        jobs.push({ id: (await createJob(ctx, named)).id, forms: UPDATE_FORMS, created: named });
      }
      // Then a job without a referenceId, beside another one without: named by id, its own null or "" is no
      // referenceId "in use" by the other (2.1: the employer gave none).
      const unnamed = anonymous(ctx, body);
      const anonymousId = (await createJob(ctx, unnamed)).id;
      await createJob(ctx, anonymous(ctx, body));
      jobs.push({ id: anonymousId, forms: UPDATE_FORMS.filter((form) => !namesByReference(form)), created: unnamed });
      for (const { id, forms, created } of jobs) await resendEach(ctx, update, id, forms, created);
    },
  });
}

/** Sends each of `update`'s bodies to job `id` in each of `forms`: the answer, where taken, and a GET show it unchanged. */
async function resendEach(ctx: RuleContext, update: NoChange, id: number, forms: readonly UpdateForm[], created: Body): Promise<void> {
  for (const form of forms) {
    const before = await getJob(ctx, id);
    for (const { what, patch } of update.patchesOf(before, form, created)) {
      const res = await sendUpdate(ctx, form, before, patch);
      if (await declinesUpdate(ctx, form, before, res)) break;
      const label = `${formLabel(form, before)} with ${what}`;
      update.judgeAnswer(ctx, res, label, form);
      const answer = isSuccess(res.status) ? ([['the answer', jobOf(res)]] as const) : [];
      for (const [where, job] of [...answer, ['a GET', await getJob(ctx, id)] as const]) {
        const diff = changedFields(before, job);
        ctx.expect(diff.length === 0, {
          title: `${label}: ${where} shows ${diff.join(', ')} changed`,
          expected: `only the fields sent change (spec 4.3): ${update.because}`,
          received: changeLines(before, job, diff).join('\n'),
        });
      }
    }
  }
}

/**
 * The GET result as a body: all of it but the id, which the path or the referenceId already names, with amounts as
 * JSON numbers (an amount answered as a decimal string is jobs.limits.amount-as-number's to judge, once).
 */
function resendable(job: Job): Body {
  const { id: _named, ...rest } = job;
  return withNumberAmounts(rest);
}

/** Its closeDate written in another plain form that names the same day or instant, where it has one. */
function respelledCloseDate(whole: Body): Array<{ what: string; patch: Body }> {
  const respelled = typeof whole.closeDate === 'string' ? respelledDate(whole.closeDate) : undefined;
  return respelled ? [{ what: `its own closeDate as ${respelled.form} (${respelled.value})`, patch: { closeDate: respelled.value } }] : [];
}

/** Each part of its salary a partial update may send (4.2 lists each salary field), with the stored values. */
function ownSalaryParts(whole: Body): Array<{ what: string; patch: Body }> {
  const salary = asCreateInput(whole).salary as Record<string, unknown> | null | undefined;
  if (!salary) return [];
  return PARTIAL_SALARY_FIELDS.map((fields) => ({
    what: `its own salary's ${fields.join(' and ')} alone`,
    patch: { salary: Object.fromEntries(fields.map((field) => [field, salary[field]])) },
  }));
}

/**
 * The GET result whole and in the form a create sends, then each request field of it alone, its closeDate in another
 * spelling and each part of its salary, as `form` sends it: the referenceId alone names the job on PUT /jobs (the
 * empty update, jobs.update.empty-body's), so only the forms by id send it alone.
 */
function resentParts(job: Job, form: UpdateForm, created: Body): Array<{ what: string; patch: Body }> {
  const whole = resendable(job);
  const alone = JOB_INPUT_FIELDS.filter(
    (field) => field in whole && field !== 'status' && !(field === 'referenceId' && namesByReference(form)),
  );
  return [
    { what: "the job's own GET result", patch: whole },
    // Its id too: the GET result as it came (4.3: "The job id is then not needed", which does not forbid it).
    { what: "the job's own GET result, its id included", patch: withNumberAmounts(job) },
    { what: 'its own values as a create sends them (each object by its id)', patch: asCreateInput(whole) },
    // The very body its create sent, as a client that resends its create as a PUT does (4.2 recommends PUT): an update
    // of a live job, answered 200, never a replay of the create's 201.
    { what: 'the very body its create sent', patch: created },
    ...alone.map((field) => ({ what: `its own ${field} alone`, patch: { [field]: whole[field] } })),
    ...respelledCloseDate(whole),
    ...ownSalaryParts(whole),
  ];
}

export const resentGetResultRule: Implementation = noChangeRule(
  {
    id: 'jobs.update.get-result-resent',
    section: '4.3',
    level: 'must',
    title:
      "A job's own values resent in every update form (whole, as a create sends it, its create's own body, each field alone, " +
      'closeDate respelled, salary parts) are taken, unchanged',
    statement: 'Request body fields are the same as POST, and its format is symmetrical with the GET result.',
  },
  {
    patchesOf: resentParts,
    judgeAnswer: (ctx, res, label) =>
      expectStatus(
        ctx,
        res,
        200,
        `${label} is a valid update: 200 with the full Job (spec 4.3: the body is symmetrical with the GET result)`,
      ),
    because: "each field was sent as the job's own value, so the job stays as it was",
  },
);

export const emptyUpdateRule: Implementation = noChangeRule(
  {
    id: 'jobs.update.empty-body',
    section: '4.3',
    level: 'must',
    title: 'An update that sends no field, in every form, changes nothing and is never answered with a 5xx',
    statement: 'Updates are partial. Only the fields sent change.',
  },
  {
    patchesOf: () => [{ what: 'no field', patch: {} }],
    judgeAnswer: (ctx, res, label, form) => {
      expectStatus(ctx, res, (status) => status < 500, `${label} is answered, taken or refused, never with a 5xx (spec 4.3, 7)`);
      ctx.observe({
        topic: 'update.empty-body',
        section: '4.3',
        observed: `${formLabel(form)}: ${isSuccess(res.status) ? 'accepted' : `refused with ${res.status}`}`,
      });
    },
    because: 'an update that sends none changes nothing',
  },
);
