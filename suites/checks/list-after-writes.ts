/**
 * @module Every write is seen by the next list of the same address (spec 4.5: the list returns the employer's jobs;
 * 4.2, 4.3, 4.4: a write creates, changes or removes one). For each write path a list with q = the job's referenceId
 * goes out just before the write and the same request again just after it: a cache of list answers, or a search
 * view, that one write path does not clear answers the second list as the first. The rule runs alone (`exclusive`):
 * another rule's write between the two lists would clear such a cache and hide it.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { sameText, show } from '../../judging/compare.js';
import { expectStatus, isClientError, isSuccess } from '../kit/http.js';
import { createJob, listJobs } from '../kit/jobs.js';
import { CREATE_FORMS, declinesCreate, declinesUpdate, formLabel, sendCreate, sendUpdate, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { DELETE_HOW, DELETE_WAYS, deleteJob } from '../kit/delete-forms.js';

/** What the list shows of a job: its title and confidential flag (header fields, 2.7). */
type Shown = { title: string; confidential: boolean } | undefined;

/** What the list with q = `referenceId` shows of `id` (undefined: not listed), read twice apart by `write`. */
async function listedAround(ctx: RuleContext, referenceId: string, id: () => number | undefined, write: () => Promise<ApiResponse>) {
  const shownOf = async (): Promise<Shown> => {
    const item = (await listJobs(ctx, { q: referenceId, pageSize: 100 })).json.data.find((header) => header.id === id());
    return item === undefined ? undefined : { title: item.title, confidential: item.confidential };
  };
  await shownOf();
  const res = await write();
  return { res, after: await shownOf() };
}

function expectListed(ctx: RuleContext, what: string, referenceId: string, after: Shown, expected: Shown): void {
  const listed =
    expected === undefined ? after === undefined : sameText(after?.title, expected.title) && after?.confidential === expected.confidential;
  const describe = (shown: Shown): string =>
    shown === undefined ? 'not listed' : `titled ${show(shown.title)}, confidential ${shown.confidential}`;
  ctx.expect(listed, {
    title: `GET /jobs?q=${referenceId} right after ${what} still answers as before it`,
    expected: `the list shows the job as the write left it (spec 4.5; 4.2, 4.3, 4.4): ${describe(expected)}`,
    received: describe(after),
  });
}

async function check(ctx: RuleContext, generated: Body): Promise<void> {
  // A create in every form, seen by the list that found nothing just before it.
  for (const form of CREATE_FORMS) {
    const body = identify(ctx, generated);
    let created: Job | undefined;
    const made = await listedAround(
      ctx,
      body.referenceId,
      () => created?.id,
      async () => {
        const res = await sendCreate(ctx, form, body);
        created = res.json;
        return res;
      },
    );
    if (await declinesCreate(ctx, form, generated, made.res)) continue;
    expectStatus(ctx, made.res, isSuccess, `${formLabel(form)} with a valid body creates the job (spec 4.2, 4.3)`);
    // The flag as the create left it (whether it is the one sent is jobs.create.explicit-values' to judge).
    expectListed(ctx, formLabel(form), body.referenceId, made.after, {
      title: body.title as string,
      confidential: created?.confidential === true,
    });
  }
  // An update in every form, of a header field of each type: the title and the confidential flag.
  for (const form of UPDATE_FORMS) {
    const job = await createJob(ctx, identify(ctx, generated));
    const referenceId = job.referenceId as string;
    const change = { title: scopedTitle(ctx, referenceId, `after ${form}`), confidential: !job.confidential };
    const { res, after } = await listedAround(
      ctx,
      referenceId,
      () => job.id,
      () => sendUpdate(ctx, form, job, change),
    );
    if (await declinesUpdate(ctx, form, job, res)) continue;
    expectStatus(ctx, res, isSuccess, `${formLabel(form, job)} with a new title and confidential flag updates the job (spec 4.3)`);
    expectListed(ctx, formLabel(form, job), referenceId, after, change);
  }
  // A delete in every form: by id, by referenceId, and through the override on either path (spec 4.7; on DELETE /jobs's
  // path good practice only, so a target that declines it there is not judged here).
  for (const way of DELETE_WAYS) {
    const job = await createJob(ctx, identify(ctx, generated));
    const referenceId = job.referenceId as string;
    const { res, after } = await listedAround(
      ctx,
      referenceId,
      () => job.id,
      () => deleteJob(ctx, way, job, referenceId),
    );
    if (way === 'override-reference' && isClientError(res.status)) continue;
    expectStatus(ctx, res, 204, `${DELETE_HOW[way]} removes the job: 204 (spec 4.4, 4.7)`);
    expectListed(ctx, `${DELETE_HOW[way]} (job ${job.id}, referenceId ${referenceId})`, referenceId, after, undefined);
  }
}

export const listAfterWritesRule: Implementation = propertyRule<Body>(
  {
    id: 'jobs.list.after-writes',
    section: '4.5',
    level: 'must',
    title: 'A list asked just before a write and again just after it shows the write, for every create, update and delete form',
    statement: 'Returns job headers of the authenticated employer, sorted by `publishDate` descending.',
    exclusive: true,
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check,
  },
);
