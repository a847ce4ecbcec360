/**
 * @module A title with no letter in it: empty, or white space alone (spec 2.1 "title | String, max 256"; 8 states
 * a maximum only). Whether a server takes one is not stated, so either answer passes and is recorded; what is
 * judged is that the answer holds: a title taken comes back as sent on the answer and a GET, and a title refused
 * creates nothing and changes nothing. Sent on every path that writes a title: POST, PUT-create, PUT by id, by
 * referenceId and through the override.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { sameText, show } from '../../judging/compare.js';
import { expectNothingCreated } from '../kit/expect-rejected.js';
import { expectStatus, isSuccess, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { formLabel, sendUpdate, STATED_UPDATE_FORMS, type CreateForm, type UpdateForm } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

/** The titles without a letter: the shortest, one space, and white space of several kinds (tab, no-break space, line feed). */
const BLANK_TITLES: ReadonlyArray<[string, string]> = [
  ['an empty title', ''],
  ['a title of one space', ' '],
  ['a title of a tab, a no-break space and a line feed', '\t\u00A0\n'],
];

const UNBOUNDED = 'spec 2.1 and 8: a title is a String of at most 256 characters; nothing states a least one';

/**
 * Taken: the title sent, or that title with its ends trimmed (the empty string), which
 * jobs.roundtrip.title-end-white-space already warns of: a server that trims every title trims this one too.
 */
function keepsBlank(sent: string, got: unknown): boolean {
  return sameText(got, sent) || sameText(got, sent.trim());
}

function expectBlankKept(ctx: RuleContext, sent: string, job: Job, path: string, what: string): void {
  ctx.expect(keepsBlank(sent, job.title), {
    title: `${path} took ${what} but changed it`,
    expected: `${UNBOUNDED}; a title taken comes back as sent (4.2, 4.3: the body is symmetrical with the GET result)`,
    received: `sent ${show(sent)}, got ${show(job.title)}`,
  });
}

/** Whether a blank title is taken is not stated: record it, per path and value. */
function observeBlankTitle(ctx: RuleContext, path: string, what: string, status: number): void {
  const answer = isSuccess(status) ? 'accepted' : `refused with ${status}`;
  ctx.observe({ topic: 'title.blank', section: '2.1', observed: `${path}, ${what}: ${answer}` });
}

function expectAnswered(ctx: RuleContext, res: ApiResponse, path: string, what: string): void {
  expectStatus(ctx, res, (status) => status < 500, `${path} with ${what} is answered, never with a 5xx (spec 7)`);
}

/** Creates a job titled `title` in `form`: kept on the answer and a GET, or refused with nothing created. */
async function createBlank(ctx: RuleContext, form: CreateForm, generated: Body, what: string, title: string): Promise<void> {
  const body = { ...identify(ctx, generated), title };
  const res = form === 'post' ? await ctx.api.create(body) : await ctx.api.putByReference(body);
  const path = formLabel(form);
  expectAnswered(ctx, res, path, what);
  observeBlankTitle(ctx, path, what, res.status);
  if (isSuccess(res.status)) {
    expectBlankKept(ctx, title, jobOf(res), `the ${path} answer`, what);
    expectBlankKept(ctx, title, await getJob(ctx, jobOf(res).id), `GET /jobs/${jobOf(res).id}`, what);
  } else if (res.status < 500) {
    await expectNothingCreated(ctx, body.referenceId, { title: `${path} with ${what}`, expected: UNBOUNDED });
  }
}

/** Retitles job `id` in `form`: kept on the answer and a GET, or refused with the title as it was. */
async function updateBlank(ctx: RuleContext, id: number, form: UpdateForm, what: string, title: string): Promise<void> {
  const before = await getJob(ctx, id);
  const res = await sendUpdate(ctx, form, before, { title });
  const path = formLabel(form, before);
  expectAnswered(ctx, res, path, what);
  observeBlankTitle(ctx, formLabel(form), what, res.status);
  const after = await getJob(ctx, id);
  if (isSuccess(res.status)) {
    expectBlankKept(ctx, title, jobOf(res), `the ${path} answer`, what);
    expectBlankKept(ctx, title, after, `GET /jobs/${id} after ${path}`, what);
    return;
  }
  ctx.expect(sameText(after.title, before.title), {
    title: `${path} with ${what} was refused but changed the title`,
    expected: `${UNBOUNDED}; a refused update changes nothing (spec 4.3)`,
    received: `title ${show(before.title)} -> ${show(after.title)}`,
  });
}

const blankTitle: Implementation = propertyRule<Body>(
  {
    id: 'jobs.roundtrip.blank-title',
    section: '2.1',
    level: 'must',
    title: 'An empty or white-space title is kept as sent or refused without effect, on POST, PUT-create and every update path (observed)',
    statement: 'title | String, max 256 | Job title.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const job = await createJob(ctx, identify(ctx, generated));
      for (const [what, title] of BLANK_TITLES) {
        for (const form of ['post', 'put-create'] as const) await createBlank(ctx, form, generated, what, title);
        for (const form of STATED_UPDATE_FORMS) await updateBlank(ctx, job.id, form, what, title);
      }
    },
  },
);

export const blankTitleRules: Implementation[] = [blankTitle];
