/**
 * @module Read-only and optional identity on create (spec 2.1): publishDate, employer
 * and id are never honoured, on POST and on PUT-create (and its override); a job may be created without a referenceId.
 */
import type { Job } from '../../../schemas/types.gen.js';
import type { Body, RuleContext } from '../../contract/rule.js';
import { anonymous, createBodyArb, foreignReadOnly, identify, NO_REFERENCE_ID } from '../../kit/bodies.js';
import { changedFields, jsonEqual, sameEmployer, show } from '../../../judging/compare.js';
import { expectStatus, isClientError, isSuccess, jobOf } from '../../kit/http.js';
import { createJob, getJob, readsOfWritten } from '../../kit/jobs.js';
import { propertyRule, type Implementation } from '../../kit/rule-builders.js';
import { isAroundNow } from './defaults.js';
import {
  CREATE_FORMS,
  declinesCreate,
  declinesUpdate,
  formLabel,
  sendCreate,
  sendUpdate,
  UPDATE_FORMS,
  type CreateForm,
  type UpdateForm,
} from '../../kit/rejected-writes.js';

/**
 * Sends a GET-shaped body with a foreign publishDate, then one with the run's other employer (where there is one),
 * then one with a foreign employer and id, as a create in `form`
 * (POST, or PUT /jobs with a new referenceId, plainly or through the override where honoured, which behaves as POST:
 * spec 4.3), and fails if either is stored. Neither job is confidential: a confidential job's employer name may be
 * masked (sameEmployer), so only jobs that show their employer's name show one that was sent.
 */
async function expectReadOnlyOnCreate(ctx: RuleContext, form: CreateForm, generated: Body, otherEmployer?: Job['employer']): Promise<void> {
  const before = Date.now();
  const foreign = foreignReadOnly(ctx);
  const way = formLabel(form);
  // POST answers 201 (4.2); the code of a PUT-create is not shown (4.3).
  const created = form === 'post' ? 201 : isSuccess;
  const spec = form === 'post' ? 'spec 4.2' : 'spec 4.3: a PUT that creates behaves as POST';
  // A GET result carries publishDate (4.2: the body is symmetrical with it), so one sent is accepted and ignored.
  const res = await sendCreate(ctx, form, { ...identify(ctx, generated), confidential: false, publishDate: foreign.publishDate });
  if (await declinesCreate(ctx, form, generated, res)) return;
  expectStatus(
    ctx,
    res,
    created,
    `${way} with the fields of a GET result (publishDate included) creates the job (${spec}: body symmetrical with GET)`,
  );
  const job = jobOf(res);
  ctx.expect(isAroundNow(job.publishDate, before), {
    title: `the publishDate sent on ${way} was stored`,
    expected: 'publishDate is read-only and set by the service on create (spec 2.1, 3): today, not the value sent',
    received: `sent ${foreign.publishDate}, got ${job.publishDate}`,
  });
  // The other employer of the run, as its own GET results show it: an employer the service knows, which a server that
  // honours a sent employer files the job under.
  if (otherEmployer !== undefined) await expectKeysEmployer(ctx, form, { generated, sent: otherEmployer, own: job });
  // Another employer and an id are no GET result of this key: refusing them is fine, storing them is not.
  const other = await sendCreate(ctx, form, {
    ...identify(ctx, generated),
    confidential: false,
    employer: foreign.employer,
    id: foreign.id,
  });
  if (isClientError(other.status)) {
    ctx.observe({
      topic: 'read-only-fields.create',
      section: '2.1',
      observed: `a ${way} with a foreign employer and an id is refused with ${other.status}`,
    });
    return;
  }
  expectStatus(ctx, other, created, `${way} carrying read-only employer and id creates the job or is refused (4xx) (spec 2.1, ${spec})`);
  const stored = jobOf(other);
  ctx.expect(stored.id !== foreign.id && sameEmployer(stored.employer, job.employer, job.confidential), {
    title: `the employer or id sent on ${way} was stored`,
    expected: "id is assigned by the service, the employer is the key's (spec 2.1, 5.3)",
    received:
      `sent id ${foreign.id}, employer ${show(foreign.employer)}; ` +
      `got id ${stored.id}, employer ${show(stored.employer)} (the key's employer: ${show(job.employer)})`,
  });
}

/**
 * A create in `form` that carries `sent`, another employer the service knows: refused, or created under the key's own
 * employer (`own`'s), which a GET by the key reads (2.1: the employer is the key's; 5.3).
 */
async function expectKeysEmployer(
  ctx: RuleContext,
  form: CreateForm,
  { generated, sent, own }: { generated: Body; sent: Job['employer']; own: Job },
): Promise<void> {
  const way = formLabel(form);
  const res = await sendCreate(ctx, form, { ...identify(ctx, generated), confidential: false, employer: sent });
  if (isClientError(res.status)) return;
  expectStatus(ctx, res, isSuccess, `${way} carrying the other employer creates the job or is refused (4xx) (spec 2.1)`);
  const read = await ctx.api.get(jobOf(res).id);
  const stored = isSuccess(read.status) ? read.json : undefined;
  ctx.expect(stored !== undefined && sameEmployer(stored.employer, own.employer, own.confidential), {
    title: `the other employer sent on ${way} was honoured`,
    expected: "the employer of a job is the key's (spec 2.1, 5.3): a create that carries another employer is refused, or ignores it",
    received:
      `sent employer ${show(sent)}; the answer shows ${show(jobOf(res).employer)}, ` +
      `a GET by the key ${stored === undefined ? `answers ${read.status}` : `shows ${show(stored.employer)}`} (the key's employer: ${show(own.employer)})`,
  });
}

export const publishDateReadOnly: Implementation = propertyRule(
  {
    id: 'jobs.create.publish-date-read-only',
    section: '2.1',
    level: 'must',
    title: 'A publishDate, employer or id sent on create (POST or PUT-create) is never honoured (read-only)',
    statement: 'Publish date. Set by the service. Read-only.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const otherEmployer = ctx.second && (await createJob(ctx, identify(ctx, generated), ctx.second)).employer;
      for (const form of CREATE_FORMS) await expectReadOnlyOnCreate(ctx, form, generated, otherEmployer);
    },
  },
);

export const withoutReferenceId: Implementation = propertyRule(
  {
    id: 'jobs.create.without-reference-id',
    section: '2.1',
    level: 'must',
    title: 'POST without referenceId (absent, "" or null) creates a job whose referenceId is "" or null, however many such jobs there are',
    statement: 'Described as an empty string when the employer gave none; sample responses show null. A consumer accepts both.',
  },
  {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      // Each spelling of "none" twice in every case, all live at once: several jobs without one are no duplicates (7.1
      // rejects a referenceId in use; none is no referenceId), as a unique index that takes "" or null for a value
      // would make them.
      for (const none of [...NO_REFERENCE_ID, ...NO_REFERENCE_ID]) {
        const job = await createJob(
          ctx,
          { ...anonymous(ctx, generated), ...none.patch },
          {
            anySuccess: true,
            title: `POST /jobs ${none.label} was refused`,
            expected: 'a job without a referenceId is created (spec 2.1, 4.2)',
          },
        );
        ctx.observe({
          topic: 'reference-id-empty',
          section: '2.1',
          observed: job.referenceId === null ? 'null' : JSON.stringify(job.referenceId),
        });
        ctx.expect(job.referenceId === null || job.referenceId === '', {
          title: `a job created ${none.label} has referenceId ${show(job.referenceId)}`,
          expected: 'referenceId "" or null when the employer gave none (spec 2.1)',
          received: `referenceId ${show(job.referenceId)}`,
        });
      }
    },
  },
);

/**
 * Spec 2.1 says confidential is "true if the employer name is confidential" and not what that hides: the name
 * may come back as it is, masked or blank (recorded). The employer's id is not named as confidential, so a
 * confidential job, created so or made so by a PUT, still shows the key's employer id.
 */
export const confidentialEmployer: Implementation = propertyRule(
  {
    id: 'jobs.create.confidential-employer-id',
    section: '2.1',
    level: 'must',
    title:
      "A confidential job still shows the key's employer id; its name may be hidden (observed), and shows again once an update in any form clears the flag",
    statement: 'true if the employer name is confidential.',
  },
  {
    maxRuns: 2,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const open = await getJob(ctx, (await createJob(ctx, identify(ctx, { ...generated, confidential: false }))).id);
      const hidden = await getJob(ctx, (await createJob(ctx, identify(ctx, { ...generated, confidential: true }))).id);
      const put = await ctx.api.putById(open.id, { confidential: true });
      expectStatus(ctx, put, 200, 'setup: PUT /jobs/{id} with only confidential is a partial update: 200 (spec 4.3)');
      const madeHidden = await getJob(ctx, open.id);
      ctx.observe({
        topic: 'employer.confidential-name',
        section: '2.1',
        observed: hidden.employer.name === open.employer.name ? 'shown' : `hidden as ${show(hidden.employer.name)}`,
      });
      // The comparison kit compares a confidential job's employer by id (sameEmployer): a hidden name is no change.
      const problems = [
        ...(sameEmployer(hidden.employer, open.employer, true)
          ? []
          : [`job ${hidden.id}, created confidential: employer ${show(hidden.employer)}`]),
        ...changedFields(open, madeHidden, ['confidential']).map(
          (f) => `job ${open.id}, made confidential: ${f} ${show(open[f])} -> ${show(madeHidden[f])}`,
        ),
      ];
      ctx.expect(problems.length === 0, {
        title: "a confidential job lost the key's employer id, or the PUT making it confidential changed more",
        expected:
          `the key's employer (id ${open.employer.id}): 2.1 makes the employer name confidential, ` +
          `not the job's employer; 4.3: only the fields sent change`,
        received: problems.join('\n'),
      });
      // Made open again, no longer confidential: its employer reads as an open job's does, the name included (a
      // name hidden while the flag was true is shown again). The job made confidential by PUT opens by id; the one
      // created confidential opens in every update form, hidden again by id between them, and is judged in the
      // answer, a GET and its list item, since a mask written into the job may outlive the flag on one path only.
      await expectReopened(ctx, open, 'id', open.employer);
      for (const [i, form] of UPDATE_FORMS.entries()) {
        if (i > 0)
          expectStatus(
            ctx,
            await ctx.api.putById(hidden.id, { confidential: true }),
            200,
            'setup: PUT /jobs/{id} with only confidential true: 200 (spec 4.3)',
          );
        await expectReopened(ctx, hidden, form, open.employer);
      }
    },
  },
);

/** Sends confidential false to `job` in `form`; every read of it then shows `employer`, as an open job does. */
async function expectReopened(ctx: RuleContext, job: Job, form: UpdateForm, employer: Job['employer']): Promise<void> {
  const res = await sendUpdate(ctx, form, job, { confidential: false });
  if (await declinesUpdate(ctx, form, job, res)) return;
  const label = `${formLabel(form, job)} with only confidential false`;
  expectStatus(ctx, res, 200, `${label} is a partial update: 200 with the full job (spec 4.3)`);
  for (const [where, read] of await readsOfWritten(ctx, jobOf(res), label, { listed: true })) {
    ctx.expect(read !== undefined && jsonEqual(read.employer, employer), {
      title: `job ${job.id}, made confidential false again: ${where} shows employer ${show(read?.employer)}`,
      expected: `the employer as a job that is not confidential shows it, ${show(employer)}: 2.1 hides the name only while confidential is true`,
      received: read === undefined ? `${where}: the job is missing` : `employer ${show(read.employer)}`,
    });
  }
}
