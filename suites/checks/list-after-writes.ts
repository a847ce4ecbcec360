/**
 * @module Every write is seen by the next list of the same address (spec 4.5: the list returns the employer's jobs;
 * 4.2, 4.3, 4.4: a write creates, changes or removes one). For each write path a list with q = the job's referenceId
 * goes out just before the write and the same request again just after it: a cache of list answers, or a search
 * view, that one write path does not clear answers the second list as the first. Right after every write, before any
 * GET of the job, the lists by the case's title word (a word every title of the case holds, no referenceId) and by
 * the job's referenceId with each status are read too. After a create (in every form, with no status and with each
 * one) or an update, the item must be the job as a GET reads it, every header field (2.7), with the header fields
 * sent; the title word's list and its own status's list hold it and no other status's list does; and the lists
 * without q, with and without its status, have no older job at their head; each update form also changes one header
 * field alone, and after an update the list without q shows the job at its head as a GET does; after a status change
 * in each update form, both statuses' lists without q count what they hold, and the active jobs stay in publishDate
 * order; after a delete, no list holds it, the list without q and status stays in publishDate order (each job deleted has
 * newer jobs beside it), and the employer's next write, a create in each create form in turn, takes the deleted job's
 * referenceId. A later
 * page of the case's list (the second, one job a page), read around every write too, counts the job a write made or
 * removed and shows its job as a GET reads it (each update form also retitles the job on that page): a cache of later
 * pages that one write path leaves, or a page read ahead when the first was read just before the write, shows there;
 * and in that list and each status's, page 1 read before the write, page 2 after it holds another job than page 1
 * (a server that starts a page where it stopped serving the one before repeats a job the write moved);
 * and the employer's list without q gives
 * one total on its first and second page after every write. The rule runs alone (`exclusive`):
 * another rule's write between the two lists, or between the delete and the create, would clear such a cache and hide it.
 */
import * as fc from 'fast-check';
import { setTimeout } from 'node:timers/promises';
import type { Job, JobHeader } from '../../schemas/types.gen.js';
import { locationsArb, type LocationInput } from '../arbitraries/location.js';
import { jobStatuses, listLimits, type JobStatus } from '../arbitraries/schema-limits.js';
import { JOB_HEADER_FIELDS } from '../../schemas/job-fields.js';
import type { ApiResponse, Body, ListQuery, RuleContext } from '../contract/rule.js';
import { caseTagOf, createBodyArb, identify, scopedTitle, titleWordOf } from '../kit/bodies.js';
import { compareDates, firstOutOfOrder, headerDifferences, keptValueProblems, show } from '../../judging/compare.js';
import { expectStatus, isClientError, isSuccess } from '../kit/http.js';
import { createJob, getJob, listJobs } from '../kit/jobs.js';
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
} from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { DELETE_HOW, DELETE_WAYS, deleteJob, type DeleteWay } from '../kit/delete-forms.js';
import { expectCountAgrees, requestList } from '../kit/unscoped-lists.js';

/** What a list shows of the job: its item, or undefined when it is not listed. */
type Shown = JobHeader | undefined;

/**
 * The case's list read twice apart by a write: what the lists show of the job right after it, and a later page's
 * total. Every list after the write is read before any GET of the job: a server that refreshes a list's copy of a
 * job when it is read by id (a read-through index) shows a stale list only to a client that lists first.
 */
interface Around {
  /** The list with q = the job's referenceId (a word its title does not hold). */
  after: Shown;
  /** Whether the list with q = the case's title word (held by the title alone) shows the job. */
  byTitleWord: boolean;
  /** The statuses whose list with q = the job's referenceId shows the job. */
  byStatus: ReadonlySet<JobStatus>;
  /** The total of the case's list at page 2 (one job a page) before and after the write: undefined where not answered. */
  later: [number | undefined, number | undefined];
  /** The job page 2 of the case's list shows after the write. */
  laterItem: Shown;
  /** Each view of the case's list whose pages 1 and 2, read right after the write, hold one job twice. */
  repeated: string[];
}

/**
 * `body` with a title that starts with the case's title word and holds no referenceId: q = the title word finds the
 * job by its title alone, q = its referenceId by its referenceId alone (4.5: q matches both).
 */
const titled = (ctx: RuleContext, body: Body & { referenceId: string }, text: string): Body & { referenceId: string } => ({
  ...body,
  title: scopedTitle(ctx, titleWordOf(ctx), text),
});

/**
 * The total the case's list (q = the case tag) gives on its second page of one job: a cache of later pages that one
 * write path does not clear counts as before the write. Undefined where the target answers no such page (past the
 * end, what it answers is open).
 */
async function laterPage(ctx: RuleContext): Promise<{ total: number | undefined; item: Shown }> {
  const res = await ctx.api.list({ q: caseTagOf(ctx), page: 2, pageSize: 1 });
  return res.status === 200 ? { total: res.json?.paging?.total, item: res.json?.data?.[0] } : { total: undefined, item: undefined };
}

/** The case's list (q = the case tag, one job a page) plainly and by each status: the views paged around each write. */
const caseViews = (ctx: RuleContext): ListQuery[] =>
  [undefined, ...jobStatuses].map((status) => ({ q: caseTagOf(ctx), ...(status && { status }) }));

/** Page 1 of each view, read before a write as a client paging through does before it asks for page 2. */
async function readFirstPages(ctx: RuleContext): Promise<void> {
  for (const view of caseViews(ctx)) await ctx.api.list({ ...view, page: 1, pageSize: 1 });
}

/**
 * Right after a write, page 2 of each view, then page 1, hold two jobs (2.8: pages are slices of one list): a server
 * that starts page 2 after the last job it served on page 1 (a cursor kept from the read before the write) serves
 * again the job the write moved onto page 1. Each view where both pages answer with one job, the same, as a line.
 */
async function repeatedAcrossPages(ctx: RuleContext): Promise<string[]> {
  const repeated: string[] = [];
  for (const view of caseViews(ctx)) {
    const second = await ctx.api.list({ ...view, page: 2, pageSize: 1 });
    const first = await ctx.api.list({ ...view, page: 1, pageSize: 1 });
    const [top, next] = [
      first.status === 200 ? first.json?.data?.[0] : undefined,
      second.status === 200 ? second.json?.data?.[0] : undefined,
    ];
    if (top !== undefined && top.id === next?.id)
      repeated.push(
        `GET /jobs?q=${view.q}${view.status ? `&status=${view.status}` : ''}&pageSize=1: pages 1 and 2 both hold job ${top.id}`,
      );
  }
  return repeated;
}

/**
 * The totals the employer's list without q gives on its first and second page (one job a page): undefined where a
 * page is not answered (past the end, what it answers is open). Only the paging is recorded (unscoped-lists.ts).
 */
async function unscopedTotals(ctx: RuleContext): Promise<[number, number] | undefined> {
  const totalAt = async (page: number): Promise<number | undefined> => {
    const res = await requestList(ctx.api, { page, pageSize: 1 }, new Set());
    return res.status === 200 ? res.json?.paging?.total : undefined;
  };
  const [first, second] = [await totalAt(1), await totalAt(2)];
  return first !== undefined && second !== undefined ? [first, second] : undefined;
}

/**
 * The pauses before each re-read of two unscoped pages that disagree. Another client's writes (another shard, a user
 * of a shared server) can fall between each page and the next in step with the reads, as a create and a delete in
 * turn do, and so give one false pair twice in a row; reads spaced apart keep no such step, and a stale page stays.
 */
const REREAD_PAUSES_MS: readonly number[] = [0, 50, 150];

/**
 * Right after a write, the employer's list without q gives one total on its first and its second page (2.8: the
 * number of matching jobs, on every page): a cache of later pages that one write path leaves, or only a POST
 * rebuilds, counts as before the write there, and stays so. Judged only where both pages, read again after each pause
 * of REREAD_PAUSES_MS, give the same two totals each time: another client's writes move them, and a write between
 * two reads is no stale page. The problem line, or undefined.
 */
async function unscopedPagesDisagree(ctx: RuleContext): Promise<string | undefined> {
  const first = await unscopedTotals(ctx);
  if (first === undefined || first[0] === first[1]) return undefined;
  for (const pause of REREAD_PAUSES_MS) {
    await setTimeout(pause);
    const again = await unscopedTotals(ctx);
    if (again === undefined || again[0] !== first[0] || again[1] !== first[1]) return undefined;
  }
  const over = REREAD_PAUSES_MS.reduce((sum, pause) => sum + pause, 0);
  return `GET /jobs?pageSize=1 gives total ${first[0]}, and page 2 of it total ${first[1]}, ${REREAD_PAUSES_MS.length + 1} times over ${over} ms`;
}

/** What the list with q = `referenceId` shows of `id` (undefined: not listed), read twice apart by `write`. */
async function listedAround(
  ctx: RuleContext,
  referenceId: string,
  id: () => number | undefined,
  write: () => Promise<ApiResponse>,
): Promise<Around & { res: ApiResponse }> {
  // pageSize first, where every other read of the suite sends it last: the order of query parameters is the client's,
  // and a server that keys a cache by the query as sent, apart from the one its writes clear, serves it stale here.
  const shownIn = async (query: ListQuery): Promise<Shown> =>
    (await listJobs(ctx, { pageSize: 100, ...query })).json.data.find((header) => header.id === id());
  const shownOf = (): Promise<Shown> => shownIn({ q: referenceId });
  const laterBefore = (await laterPage(ctx)).total;
  // Then the page before it, as a client paging through does, in every view: a server that reads the next page ahead
  // when it answers one, or keeps where it stopped, must bring that up to date with the write, or the later page after
  // it shows the list before the write.
  await readFirstPages(ctx);
  // Read before the write too, so that a copy of the unscoped pages taken then must be brought up to date by it.
  await unscopedTotals(ctx);
  await shownOf();
  const res = await write();
  const after = await shownOf();
  const byTitleWord = (await shownIn({ q: titleWordOf(ctx) })) !== undefined;
  const byStatus = new Set<JobStatus>();
  for (const status of jobStatuses) if ((await shownIn({ q: referenceId, status })) !== undefined) byStatus.add(status);
  const laterAfter = await laterPage(ctx);
  const repeated = await repeatedAcrossPages(ctx);
  return { res, after, byTitleWord, byStatus, later: [laterBefore, laterAfter.total], laterItem: laterAfter.item, repeated };
}

/** What differs between the list item `after` and the job a GET reads (none listed: `job` undefined), as lines. */
function listedProblems(after: Shown, job: Job | undefined, sent: Body): string[] {
  if (job === undefined) return after === undefined ? [] : [`still listed: ${show(after)}`];
  if (after === undefined) return ['not listed'];
  const header = JOB_HEADER_FIELDS as readonly string[];
  const sentHeader = Object.fromEntries(Object.entries(sent).filter(([field]) => header.includes(field)));
  return [
    ...headerDifferences(after, job).map((field) => `${field}: list ${show(after[field])}, GET ${show(job[field])}`),
    ...keptValueProblems(sentHeader, after),
  ];
}

/**
 * The employer's list without q (page 1, one job a page) shows the job as a GET reads it, where the job is at its head
 * (the newest: this rule runs alone): listedAround read that page before the write, so a copy of the unscoped pages
 * that a write does not bring up to date (a cache evicted only by the fields it names) shows the job as it was.
 */
async function unscopedHeadProblems(ctx: RuleContext, job: Job): Promise<string[]> {
  const res = await requestList(ctx.api, { pageSize: 1 }, new Set([job.id]));
  const head = res.status === 200 ? res.json?.data?.[0] : undefined;
  if (head?.id !== job.id) return [];
  return headerDifferences(head, job).map((field) => `GET /jobs?pageSize=1: ${field} ${show(head[field])}, GET ${show(job[field])}`);
}

/**
 * Right after a create, the employer's list without q, and with the new job's status, has no job published before it
 * at its head (4.5: sorted by publishDate descending): the new job, one of its publishDate (ties are open) or another
 * client's newer job comes first. A create path that files its job at the end of a view shows there. The dates
 * compared are both list items', so a header written at another precision than the full job cannot mislead.
 */
async function newestFirstProblems(ctx: RuleContext, created: JobHeader): Promise<string[]> {
  const problems: string[] = [];
  for (const status of [undefined, created.status]) {
    const res = await requestList(ctx.api, status === undefined ? { pageSize: 1 } : { status, pageSize: 1 }, new Set([created.id]));
    const first = res.status === 200 ? res.json?.data?.[0] : undefined;
    if (first !== undefined && compareDates(first.publishDate, created.publishDate) < 0)
      problems.push(
        `GET /jobs?${status === undefined ? '' : `status=${status}&`}pageSize=1 lists first a job published ` +
          `${first.publishDate}, before the new job (${created.publishDate})`,
      );
  }
  return problems;
}

/**
 * Right after a delete of a job with newer jobs beside it, the employer's list without q and status is still in
 * publishDate order (4.5) over its largest page: a store that fills the deleted job's slot with another job (the
 * newest, as a swap-remove from an array does) lists that one out of place. The dates compared are list items'.
 */
async function unscopedOrderProblems(ctx: RuleContext, deleted: number | undefined): Promise<string[]> {
  const pageSize = listLimits.pageSizeMax;
  const res = await requestList(ctx.api, { pageSize }, new Set(deleted === undefined ? [] : [deleted]));
  const items = res.status === 200 ? (res.json?.data ?? []) : [];
  const at = firstOutOfOrder(items);
  if (at <= 0) return [];
  return [
    `GET /jobs?pageSize=${pageSize} lists job ${items[at]!.id} (${items[at]!.publishDate}) after job ${items[at - 1]!.id} ` +
      `(${items[at - 1]!.publishDate}), at ${at + 1}`,
  ];
}

/**
 * Where the lists read right after the write misplace the job a GET then reads (undefined: removed): the list by the
 * title word holds it exactly while it lives (its title holds the word), and of the lists by each status only its own
 * status's does (4.5: the status filter), so a search row or a status index one write path leaves shows.
 */
function filterProblems(ctx: RuleContext, job: Job | undefined, { byTitleWord, byStatus }: Around): string[] {
  const problems: string[] = [];
  const word = titleWordOf(ctx);
  if (job !== undefined && !byTitleWord) problems.push(`not listed with q=${word}, a word of its title`);
  if (job === undefined && byTitleWord) problems.push(`still listed with q=${word}`);
  for (const status of jobStatuses) {
    if (status === job?.status && !byStatus.has(status)) problems.push(`not listed with status=${status}`);
    if (status !== job?.status && byStatus.has(status)) problems.push(`listed with status=${status}`);
  }
  return problems;
}

/**
 * The job page 2 of the case's list shows right after a write, against a GET of it (2.7: the header has the job's
 * values): a page read ahead when page 1 was read before the write, kept past the write, shows its job as it was.
 */
async function laterItemProblems(ctx: RuleContext, item: Shown): Promise<string[]> {
  const read = item === undefined ? undefined : await ctx.api.get(item.id);
  if (item === undefined || read?.status !== 200 || read.json === undefined) return [];
  return headerDifferences(item, read.json).map(
    (field) =>
      `page 2 of GET /jobs?q=${caseTagOf(ctx)}&pageSize=1, job ${item.id}: ${field} ${show(item[field])}, GET ${show(read.json![field])}`,
  );
}

/**
 * Fails unless the lists show the job as the write left it: not at all after a delete; else every header field as a
 * GET reads it (2.7), the header fields the write sent as sent, and under its title word and its own status only;
 * and a later page counts the `adds` jobs the write made (1) or removed (-1) (2.8: total is the number of matching
 * jobs, on every page).
 */
async function expectListed(
  ctx: RuleContext,
  what: string,
  referenceId: string,
  around: Around,
  adds: -1 | 0 | 1,
  written?: { id: number; sent: Body; left?: Job['status'] },
) {
  const { after, later } = around;
  const job = written === undefined ? undefined : await getJob(ctx, written.id);
  const problems = [...listedProblems(after, job, written?.sent ?? {}), ...filterProblems(ctx, job, around)];
  const [before, now] = later;
  if (before !== undefined && now !== undefined && now !== before + adds)
    problems.push(`page 2 of GET /jobs?q=${caseTagOf(ctx)}&pageSize=1 gives total ${now}, ${before} before the write`);
  problems.push(...(await laterItemProblems(ctx, around.laterItem)), ...around.repeated);
  const unscoped = await unscopedPagesDisagree(ctx);
  if (unscoped !== undefined) problems.push(unscoped);
  if (adds === 1 && after !== undefined) problems.push(...(await newestFirstProblems(ctx, after)));
  if (adds === 0 && job !== undefined) problems.push(...(await unscopedHeadProblems(ctx, job)));
  if (adds === -1) problems.push(...(await unscopedOrderProblems(ctx, written?.id)));
  // After a status change, both statuses' lists without q count what they hold: a count per status that only creates
  // and deletes move counts the job under the status it was made in.
  if (job !== undefined && written?.left !== undefined && written.left !== job.status) {
    for (const status of [written.left, job.status]) await expectCountAgrees(ctx, what, new Set([job.id]), ctx.api, status);
  }
  ctx.expect(problems.length === 0, {
    title: `GET /jobs?q=${referenceId} right after ${what} does not show the job as the write left it`,
    expected:
      job === undefined
        ? 'the list no longer shows a deleted job (spec 4.5; 4.4)'
        : 'the list shows the job as a GET does, with the values sent (spec 4.5, 2.7; 4.2, 4.3)',
    received: problems.join('\n'),
  });
}

/**
 * An active job archived and then re-published in each update form (3): each list right after shows it in its new
 * status only. Then the case's active jobs, older and newer ones among them, are listed in publishDate order (4.5): a
 * status change that re-files the job at the end of its status view, or stamps it anew, shows there.
 */
async function statusChangesInEveryForm(ctx: RuleContext, generated: Body): Promise<void> {
  for (const form of UPDATE_FORMS) {
    const job = await createJob(ctx, titled(ctx, identify(ctx, { ...generated, status: 'active' }), `moved by ${form}`));
    const referenceId = job.referenceId as string;
    for (const [status, left] of [
      ['archived', 'active'],
      ['active', 'archived'],
    ] as const) {
      const around = await listedAround(
        ctx,
        referenceId,
        () => job.id,
        () => sendUpdate(ctx, form, job, { status }),
      );
      if (await declinesUpdate(ctx, form, job, around.res)) break;
      expectStatus(ctx, around.res, isSuccess, `${formLabel(form, job)} with status ${status} changes the status (spec 3)`);
      await expectListed(ctx, `${formLabel(form, job)} with status ${status}`, referenceId, around, 0, {
        id: job.id,
        sent: { status },
        left,
      });
    }
  }
  const active = (await listJobs(ctx, { q: caseTagOf(ctx), status: 'active', pageSize: 100 })).json.data;
  ctx.expect(firstOutOfOrder(active) === -1, {
    title: 'the active jobs are out of publishDate order after their archive and re-publish',
    expected: 'sorted by publishDate descending (spec 4.5); a status change changes nothing else (spec 3)',
    received: active.map((header) => `${header.id} ${header.publishDate}`).join('\n'),
  });
}

/** The statuses a create names: none (a draft), then each one given (3). */
const CREATE_STATUSES: ReadonlyArray<Job['status'] | undefined> = [undefined, 'active', 'archived'];

/** The header fields an update may send alone (2.7), one per update form in turn; the referenceId names the job on PUT /jobs. */
const HEADER_FIELDS_ALONE = ['locations', 'confidential', 'title', 'locations'] as const;

/** The `i`th update form's change of one header field alone: other places than the job's, the flag flipped, or a new title. */
function headerFieldAlone(ctx: RuleContext, job: Job, places: readonly LocationInput[], i: number): Body {
  const field = HEADER_FIELDS_ALONE[i % HEADER_FIELDS_ALONE.length]!;
  if (field === 'confidential') return { confidential: !job.confidential };
  if (field === 'title') return { title: scopedTitle(ctx, titleWordOf(ctx), `alone ${i}`) };
  const held = new Set(job.locations.map((location) => String(location.description).split(',')[0]!.trim()));
  return { locations: [places.find((place) => !held.has(place.description.split(',')[0]!.trim())) ?? places[0]!] };
}

async function check(ctx: RuleContext, { body: generated, places }: { body: Body; places: LocationInput[] }): Promise<void> {
  // A create in every form and status, seen by the list that found nothing just before it.
  for (const form of CREATE_FORMS) {
    for (const status of CREATE_STATUSES) {
      const body = titled(ctx, identify(ctx, status === undefined ? generated : { ...generated, status }), `made by ${form}`);
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
      if (await declinesCreate(ctx, form, generated, made.res)) break;
      const how = `${formLabel(form)}${status === undefined ? '' : ` with status ${status}`}`;
      expectStatus(ctx, made.res, isSuccess, `${how} with a valid body creates the job (spec 4.2, 4.3)`);
      // The flags as the create left them (whether they are the ones sent is jobs.create.explicit-values' to judge).
      await expectListed(ctx, how, body.referenceId, made, 1, {
        id: (created as Job).id,
        sent: { title: body.title, status: body.status },
      });
    }
  }
  // An update in every form, of a header field of each type (the title and the confidential flag), then of one
  // header field alone, a different one on each form: a list that one field's change does not reach shows it.
  let previous: Job | undefined;
  for (const [i, form] of UPDATE_FORMS.entries()) {
    const job = await createJob(ctx, titled(ctx, identify(ctx, generated), `updated by ${form}`));
    // The job the form before updated is now on page 2 of the case's list, one job a page: a page read ahead when
    // page 1 is read, and kept past an update, shows it as it was.
    if (previous !== undefined) {
      const title = scopedTitle(ctx, titleWordOf(ctx), `on the later page, by ${form}`);
      await updatedAround(ctx, form, previous, { title }, 'the job on page 2');
    }
    previous = job;
    const changes: Body[] = [
      { title: scopedTitle(ctx, titleWordOf(ctx), `after ${form}`), confidential: !job.confidential },
      headerFieldAlone(ctx, job, places, i),
    ];
    for (const change of changes) if (!(await updatedAround(ctx, form, job, change))) break;
  }
  await statusChangesInEveryForm(ctx, generated);
  // A delete in every form: by id, by referenceId, and through the override on either path (spec 4.7; on DELETE /jobs's
  // path good practice only, so a target that declines it there is not judged here). The jobs are all made first, so
  // each one deleted has newer jobs beside it (the ones made after it, then the creates of expectFreedAtOnce).
  const doomed: Job[] = [];
  for (const way of DELETE_WAYS) doomed.push(await createJob(ctx, titled(ctx, identify(ctx, generated), `deleted by ${way}`)));
  for (const [i, way] of DELETE_WAYS.entries()) {
    const job = doomed[i]!;
    const referenceId = job.referenceId as string;
    const around = await listedAround(
      ctx,
      referenceId,
      () => job.id,
      () => deleteJob(ctx, way, job, referenceId),
    );
    if (way === 'override-reference' && isClientError(around.res.status)) continue;
    expectStatus(ctx, around.res, 204, `${DELETE_HOW[way]} removes the job: 204 (spec 4.4, 4.7)`);
    await expectListed(ctx, `${DELETE_HOW[way]} (job ${job.id}, referenceId ${referenceId})`, referenceId, around, -1);
    await expectFreedAtOnce(ctx, generated, job, way, CREATE_FORMS[i % CREATE_FORMS.length]!);
  }
}

/**
 * Sends `change` to `job` in `form` between the lists of listedAround and judges the lists right after (expectListed);
 * false where the target declines the form (the override, good practice only).
 */
async function updatedAround(ctx: RuleContext, form: UpdateForm, job: Job, change: Body, which = 'the job'): Promise<boolean> {
  const referenceId = job.referenceId as string;
  const around = await listedAround(
    ctx,
    referenceId,
    () => job.id,
    () => sendUpdate(ctx, form, job, change),
  );
  if (await declinesUpdate(ctx, form, job, around.res)) return false;
  const what = `${formLabel(form, job)} with ${Object.keys(change).join(' and ')} (${which})`;
  expectStatus(ctx, around.res, isSuccess, `${what} updates the job (spec 4.3)`);
  await expectListed(ctx, what, referenceId, around, 0, { id: job.id, sent: change });
  return true;
}

/**
 * The employer's next write after a delete, with no other write between, takes the deleted job's referenceId (spec
 * 3: the job is removed; 4.2: only a referenceId that exists is a duplicate): a unique check that reads a view the
 * delete reaches only with the next write (a cache, a replica) refuses it, and every other rule's creates hide that.
 */
async function expectFreedAtOnce(ctx: RuleContext, generated: Body, deleted: Job, way: DeleteWay, form: CreateForm): Promise<void> {
  const referenceId = deleted.referenceId as string;
  const again = await sendCreate(ctx, form, { ...titled(ctx, identify(ctx, generated), `made again after ${way}`), referenceId });
  if (await declinesCreate(ctx, form, generated, again)) return;
  expectStatus(
    ctx,
    again,
    isSuccess,
    `${formLabel(form)} with the referenceId of job ${deleted.id}, right after ${DELETE_HOW[way]} removed it, creates a job (spec 3, 4.2)`,
  );
}

export const listAfterWritesRule: Implementation = propertyRule<{ body: Body; places: LocationInput[] }>(
  {
    id: 'jobs.list.after-writes',
    section: '4.5',
    level: 'must',
    title:
      'A list asked just before a write and again just after it shows the write, for every create, update and delete form, ' +
      "and the next create after a delete takes the deleted job's referenceId",
    statement: 'Returns job headers of the authenticated employer, sorted by `publishDate` descending.',
    exclusive: true,
  },
  {
    maxRuns: 1,
    // Four places of distinct cities: at least one is none of the job's (1 to 3).
    arbitrary: (ctx) => fc.record({ body: createBodyArb(ctx), places: locationsArb({ minLength: 4, maxLength: 4 }) }),
    check,
  },
);
