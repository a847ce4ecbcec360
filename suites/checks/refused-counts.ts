/**
 * @module A refused write counts nothing (spec 2.8: total, the number of matching jobs; 7; 5.3). The totals of the
 * list without q, per status filter, are read for each employer before and after a burst of refused writes by each,
 * for every reason a write is refused: creates in every create form, carrying the values derived invalid from the
 * schemas at a boundary (the nearest value outside a length, a count or an enum, a required value null or empty) and
 * every invalid status; updates of a job of each employer in every update form, carrying the invalid statuses; POSTs
 * of the employer's job's referenceId, a duplicate, with each status; and status updates by id of the other
 * employer's job. A server that files a refused create in a
 * count, or in the other employer's list, or moves a job between the status counts on a refused status, shows a total
 * that moved. Each other rule counts within its own jobs (q), where such a count never shows.
 * Without q a total counts every job of the employer, so the rule runs alone (exclusive). A total that moved beside a
 * sign of another writer (another shard, a user of a shared server: a job new on the first page or gone from it,
 * another job there in another status, fewer jobs in all, totals before that did not add up, a second reading that
 * differs from the first) is not judged. Where the employer holds more jobs than its first page shows, another
 * client's status change past it leaves no sign, so only the total without a filter is judged.
 */
import type { Job, JobHeader } from '../../schemas/types.gen.js';
import { show } from '../../judging/compare.js';
import { derivedNegatives, isBoundaryValue, type DerivedValue } from '../arbitraries/schema-negatives.js';
import type { ApiResponse, Body, JobsApi, RuleContext } from '../contract/rule.js';
import { atOnce } from '../kit/at-once.js';
import { caseTagOf, createBodyArb, identify } from '../kit/bodies.js';
import { isSuccess } from '../kit/http.js';
import { createJob } from '../kit/jobs.js';
import { patchFor, withContext } from '../kit/negative-bodies.js';
import { CREATE_FORMS, formLabel, sendCreate, sendUpdate, UPDATE_FORMS, type UpdateForm } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { requestList, STATUS_FILTERS, totalsWithoutQ, type StatusFilter } from '../kit/unscoped-lists.js';
import { dealtOver } from './schema-negatives.js';

/** One employer as the rule sees it: its key's api, a job of its own, and its counts before the refused writes. */
interface Employer {
  name: string;
  api: JobsApi;
  job: Job;
  totals: Record<StatusFilter, number>;
  /** The first page of its list without q (newest first), each job's status by id: where another client's new job shows. */
  firstPage: ReadonlyMap<number, string>;
}

/** One refused write: what it is, for the report, and how to send it. */
interface RefusedWrite {
  what: string;
  send(): Promise<ApiResponse>;
}

const mustInvalid = (value: DerivedValue): boolean => !value.valid && value.level === 'must';
const isStatus = (value: DerivedValue): boolean => value.path[0] === 'status';
const describe = (value: DerivedValue): string => `${value.field} ${show(value.value, 40)}`;

/** The refused creates of one employer: every invalid status and every other boundary value, in every create form. */
function refusedCreates(ctx: RuleContext, employer: Employer, generated: Body): RefusedWrite[] {
  const values = derivedNegatives().filter((value) => mustInvalid(value) && (isStatus(value) || isBoundaryValue(value)));
  return values
    .flatMap((value) => CREATE_FORMS.map((form) => ({ value, form })))
    .flatMap(({ value, form }) => {
      if (value.field === 'referenceId' && form !== 'post' && typeof value.value !== 'string') return [];
      const body = identify(ctx, withContext(generated, value));
      const patch = patchFor(value, body, ctx.refs, body.referenceId);
      if (patch === undefined) return [];
      const sent = { ...body, ...patch };
      // POST sends the value as it is; a PUT-create names its job by the (string) referenceId it carries.
      const send = (): Promise<ApiResponse> =>
        form === 'post'
          ? employer.api.create(sent)
          : sendCreate(ctx, form, { ...sent, referenceId: String(sent.referenceId) }, employer.api);
      return [{ what: `${formLabel(form)} by ${employer.name} with ${describe(value)}`, send }];
    });
}

/** The refused status updates of the employer's job, dealt over the update forms. */
function refusedUpdates(ctx: RuleContext, employer: Employer): RefusedWrite[] {
  const statuses = derivedNegatives().filter((value) => mustInvalid(value) && isStatus(value));
  return dealtOver([statuses], UPDATE_FORMS).flatMap(({ values, form }: { values: DerivedValue[]; form: UpdateForm }) =>
    values.map((value) => ({
      what: `${formLabel(form, employer.job)} by ${employer.name} with ${describe(value)}`,
      send: () => sendUpdate(ctx, form, employer.job, { status: value.value }, employer.api),
    })),
  );
}

/**
 * The creates refused as duplicates (4.2: a referenceId that already exists is rejected): a POST with the referenceId
 * of the employer's job, with each status and with none (3: draft), so a server that counts a create before its unique
 * check moves each status total.
 */
function refusedDuplicates(ctx: RuleContext, employer: Employer, generated: Body): RefusedWrite[] {
  const referenceId = employer.job.referenceId;
  return [undefined, 'active', 'archived', 'draft'].map((status) => ({
    what: `POST by ${employer.name} with job ${employer.job.id}'s referenceId${status ? ` and status ${status}` : ''}`,
    send: () => employer.api.create({ ...identify(ctx, generated), referenceId, ...(status ? { status } : {}) }),
  }));
}

/** Status updates by id of the other employer's job (5.3: not the key's to write), plainly and through the override. */
function refusedForeignUpdates(ctx: RuleContext, employer: Employer, other: Employer): RefusedWrite[] {
  return (['id', 'override'] as const).map((form) => ({
    what: `${formLabel(form, other.job)} by ${employer.name}, of ${other.name}'s job, with status archived`,
    send: () => sendUpdate(ctx, form, other.job, { status: 'archived' }, employer.api),
  }));
}

/**
 * Every refused write of `employer`, for each reason a write is refused: an invalid value (creates and status
 * updates), a duplicate referenceId, and a job that is another employer's.
 */
function refusedWrites(ctx: RuleContext, employer: Employer, employers: readonly Employer[], generated: Body): RefusedWrite[] {
  return [
    ...refusedCreates(ctx, employer, generated),
    ...refusedUpdates(ctx, employer),
    ...refusedDuplicates(ctx, employer, generated),
    ...employers.filter((other) => other !== employer).flatMap((other) => refusedForeignUpdates(ctx, employer, other)),
  ];
}

async function employerBefore(ctx: RuleContext, name: string, api: JobsApi, generated: Body): Promise<Employer> {
  const job = await createJob(ctx, { ...identify(ctx, generated), status: 'active' }, api);
  const [totals, firstPage] = await Promise.all([totalsWithoutQ(ctx, api), firstPageOf(api, new Set([job.id]))]);
  return { name, api, job, totals, firstPage: new Map(firstPage.map((item) => [item.id, item.status])) };
}

async function firstPageOf(api: JobsApi, ours: ReadonlySet<number>): Promise<JobHeader[]> {
  const res = await requestList(api, { pageSize: 100 }, ours);
  return res.status === 200 && Array.isArray(res.json?.data) ? res.json.data : [];
}

/** Whether a listed job carries the case's tag: one the refused writes sent (their referenceIds and titles carry it). */
const carriesTag = (item: JobHeader, tag: string): boolean => (item.referenceId ?? '').includes(tag) || item.title.includes(tag);

const filterName = (status: StatusFilter): string => (status === 'absent' ? 'without status' : `status=${status}`);

/**
 * What shows that another client wrote the employer's jobs meanwhile (another shard, a user of a shared server), or
 * undefined: a job new on the first page, one gone from it, another job of it in another status, or fewer jobs in
 * all. A refused write never removes a job, never moves one but the rule's own, and a job it wrongly filed carries the
 * case's tag.
 */
function anotherWriter(employer: Employer, page: readonly JobHeader[], after: Record<StatusFilter, number>): string | undefined {
  const listed = new Set(page.map((item) => item.id));
  const newcomers = page.filter((item) => !employer.firstPage.has(item.id)).length;
  const gone = [...employer.firstPage.keys()].filter((id) => !listed.has(id)).length;
  if (newcomers > 0 || gone > 0) return `${newcomers} new and ${gone} gone on the first page`;
  const moved = page.filter((item) => item.id !== employer.job.id && employer.firstPage.get(item.id) !== item.status).length;
  if (moved > 0) return `${moved} other job(s) on the first page in another status`;
  if (after.absent < employer.totals.absent) return `${employer.totals.absent - after.absent} fewer jobs in all`;
  // Each total is its own request: read while another client wrote, the status totals did not add up to the whole.
  const { absent, ...byStatus } = employer.totals;
  if (Object.values(byStatus).reduce((sum, total) => sum + total, 0) !== absent) return 'its totals before did not add up';
  return undefined;
}

/** The employer's totals and then its first page, read once. */
interface Reading {
  after: Record<StatusFilter, number>;
  page: JobHeader[];
}

async function readEmployer(ctx: RuleContext, employer: Employer): Promise<Reading> {
  const after = await totalsWithoutQ(ctx, employer.api);
  return { after, page: await firstPageOf(employer.api, new Set([employer.job.id])) };
}

const sameReading = (a: Reading, b: Reading): boolean =>
  STATUS_FILTERS.every((status) => a.after[status] === b.after[status]) &&
  JSON.stringify(a.page.map((item) => [item.id, item.status])) === JSON.stringify(b.page.map((item) => [item.id, item.status]));

/** After the refused writes: each employer's totals as before, and no job of theirs in its list. */
async function judgeCounts(ctx: RuleContext, employer: Employer, sent: readonly string[]): Promise<void> {
  const first = await readEmployer(ctx, employer);
  const { after, page } = first;
  // Another client's status change shows only on the first page: past it, only the total without a filter is judged.
  const seesEveryJob = employer.totals.absent <= employer.firstPage.size && after.absent <= page.length;
  const judged = seesEveryJob ? STATUS_FILTERS : STATUS_FILTERS.filter((status) => status === 'absent');
  const moved = judged.filter((status) => after[status] !== employer.totals[status]);
  const tag = caseTagOf(ctx);
  const left = page.filter((item) => item.id !== employer.job.id && carriesTag(item, tag));
  ctx.expect(left.length === 0, {
    title: `refused writes left ${left.length} job(s) in ${employer.name}'s list`,
    expected: 'a refused write creates nothing, for either employer (spec 7, 5.3)',
    received: left.map((item) => `job ${item.id} (referenceId ${show(item.referenceId)}, title ${show(item.title, 80)})`).join('\n'),
  });
  if (moved.length === 0 || left.length > 0) return;
  // A job another client made and deleted again between the totals and the page shows in the totals alone: a second
  // reading a moment later no longer agrees with the first. A refused write a server wrongly counted stays counted.
  const again = await readEmployer(ctx, employer);
  const another = sameReading(first, again)
    ? anotherWriter(employer, page, after)
    : 'its totals or first page changed between two readings';
  if (another !== undefined) {
    ctx.observe({
      topic: 'list.employer-jobs-moved',
      section: '4.5',
      observed: `${employer.name}'s jobs changed around the refused writes (${another}): its totals were not judged`,
    });
    return;
  }
  const movements = moved.map((s) => `${filterName(s)} ${employer.totals[s]} → ${after[s]}`).join(', ');
  ctx.expect(false, {
    title: `${employer.name}'s list totals moved after refused writes: ${movements}`,
    expected: 'total is the number of matching jobs (spec 2.8), and a refused write changes none (spec 7)',
    received: `${sent.length} refused writes, among them ${sent.slice(0, 8).join('; ')}`,
  });
}

export const refusedWritesCountNothing: Implementation = propertyRule<Body>(
  {
    id: 'jobs.paging.refused-writes-count-nothing',
    section: '2.8',
    level: 'must',
    title:
      'Refused creates (every create form, invalid or duplicate) and refused status updates (every update form, invalid or of ' +
      "the other employer's job), by each employer, move no total of either",
    statement: 'total | Int | Total number of matching jobs.',
    exclusive: true,
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const apis: Array<[string, JobsApi]> = [['the first employer', ctx.api]];
      if (ctx.second) apis.push(['the second employer', ctx.second]);
      const employers = await Promise.all(apis.map(([name, api]) => employerBefore(ctx, name, api, generated)));
      const writes = employers.flatMap((employer) => refusedWrites(ctx, employer, employers, generated));
      const answers = await atOnce(ctx, writes, (write) => write.send());
      const accepted = writes.filter((_write, i) => isSuccess(answers[i]!.status));
      // An accepted write that must be refused is the finding of the rules that own its reason (the schema negatives,
      // the duplicate and isolation rules); its job would move the totals here.
      if (accepted.length > 0)
        ctx.skip(
          `the target accepted ${accepted.length} writes it must refuse (${accepted[0]!.what}): the rules of their reasons report them`,
        );
      for (const employer of employers)
        await judgeCounts(
          ctx,
          employer,
          writes.map((write) => write.what),
        );
    },
  },
);
