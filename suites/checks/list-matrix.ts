/**
 * @module The list in every combination of its parameters (spec 4.5, 2.8, 5.3). One fixture per rule run
 * (create once, read many): twelve jobs of the key's employer in the three statuses, eight of them with
 * a title word, one whose whole referenceId is a q, the others holding both in their description and
 * address; for the isolation rule, four jobs of the second employer whose titles hold that word and
 * that referenceId, so every q matches them under any reading, and two older than the whole fixture. The jobs are made in every create form (the
 * drafts with status omitted) and moved by later writes in every update form, while the second employer creates
 * and deletes jobs of its own: a list holds a job however it was made and moved, whoever else writes. Three are made
 * without a referenceId, one in each spelling of none, and one of them is given one later. Two of those
 * writes rename their job in the same body: a list files a job by every field a write changed.
 * For the filter rule, two more jobs with the title word are created last and deleted (by id, by referenceId): no
 * list may show them.
 * Then the combinations of suites/arbitraries/list-combinations.ts (every pair of levels first), one
 * list request each, each judged for one aspect: the filter, the order across pages, the counts, both
 * links (by meaning, judging/paging.ts), or isolation (the second employer also asks for each address the first
 * was answered, and its links). Without q the list holds every job of the
 * employer, so the rules run alone (exclusive) and count from the totals read around the fixture; a list
 * read while another client (another shard, a user of a shared server) changes those totals is not judged.
 */
import * as fc from 'fast-check';
import type { Job, JobHeader, JobList } from '../../schemas/types.gen.js';
import { MismatchError } from '../contract/errors.js';
import type { ApiResponse, Body, JobsApi, ListQuery, RuleContext } from '../contract/rule.js';
import { assertJobListBody } from '../http/api.js';
import { caseTagOf, createBodyArb, identify, NO_REFERENCE_ID, scopedTitle } from '../kit/bodies.js';
import { listLimits } from '../arbitraries/schema-limits.js';
import { compareDates, firstOutOfOrder, headerDifferences, instantMs, sameEmployer, show } from '../../judging/compare.js';
import { linkProblems } from '../../judging/paging.js';
import { expectStatus, isClientError, jobOf, responseLine } from '../kit/http.js';
import { atOnce, inTurn } from '../kit/at-once.js';
import { DELETE_WAYS, removeJob, type DeleteWay } from '../kit/delete-forms.js';
import { createJob, getJob, listJobs, secondEmployer } from '../kit/jobs.js';
import { linkPath, onlyOwnJobs, requestList, totalsWithoutQ, type StatusFilter } from '../kit/unscoped-lists.js';
import { fixedRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';
import { CREATE_FORMS, createInForm, sendUpdate, type CreateForm, type UpdateForm } from '../kit/rejected-writes.js';
import {
  defaultSizeRows,
  firstPageRows,
  linkRows,
  listCombinationArb,
  pairwiseCombinations,
  shortLastPageRows,
  showCombination,
  type ListCombination,
} from '../arbitraries/list-combinations.js';

/** What one matrix rule judges of every combination. */
export type MatrixAspect = 'filter' | 'order' | 'count' | 'links' | 'isolation' | 'values';

type Status = Job['status'];

/** The statuses of the key's employer's fixture jobs, in creation order: 5 active, 4 archived, 3 draft. */
const FIXTURE: readonly Status[] = [
  'active',
  'archived',
  'draft',
  'active',
  'archived',
  'active',
  'draft',
  'active',
  'archived',
  'active',
  'draft',
  'archived',
];
/**
 * Fixture jobs whose status a later PUT reaches (spec 3): each transition, archive and re-publish, in each update form
 * (by id, by referenceId, and through the override on each path where the target honours it, else by id). A status
 * reached by a write, not by the create, so that every list (with q and without) shows where a server keeps a job
 * whose status changed, and where it files it, whichever path changed it.
 */
const STATUS_LATER: ReadonlyMap<number, { to: 'archived' | 'active'; by: UpdateForm }> = new Map([
  [4, { to: 'archived', by: 'id' }],
  [8, { to: 'archived', by: 'reference' }],
  [11, { to: 'archived', by: 'override' }],
  [1, { to: 'archived', by: 'reference-override' }],
  [3, { to: 'active', by: 'id' }],
  [7, { to: 'active', by: 'reference' }],
  [0, { to: 'active', by: 'override' }],
  [9, { to: 'active', by: 'reference-override' }],
]);
/**
 * The form each fixture job is created in, dealt in turn: POST, PUT-create, and PUT-create through the override (where
 * the target honours it, else POST). A list must hold a job however it was made (4.3: a PUT that creates behaves as POST).
 */
const createdIn = (index: number): CreateForm => CREATE_FORMS[index % CREATE_FORMS.length]!;
/**
 * Titled fixture jobs created without the title word and given it by a later PUT (by id, by referenceId, and through
 * the override where the target honours it), after a list with q = the title word: a match reached by a write, so
 * that a server whose search (an index, a cache of a needle's matches) misses a title changed on one path shows it.
 */
const TITLED_LATER: ReadonlyMap<number, UpdateForm> = new Map<number, UpdateForm>([
  [1, 'override'],
  [7, 'id'],
  [10, 'reference'],
]);
/**
 * Fixture jobs whose later write renames them too, in the same body (4.3: the fields sent change together): job 4's
 * status move by id and job 7's title by id. A server that re-files a job for one field of a write (its status in a
 * status index, its title in a search row) and keeps the other as the row held it lists it by the old one.
 */
const RENAMED_TOO: ReadonlySet<number> = new Set([4, 7]);
/** A fixture job created with the title word and losing it by a later PUT (the override where honoured): a search must let go of an old title too. */
const UNTITLED_LATER = 11;
/**
 * A fixture job created with the title word, retitled without it by referenceId and back to its first title by id:
 * a search that keeps a title a job once held and left (a row marked gone, a unique key) must take it again.
 */
const RETITLED_BACK = 9;
/**
 * The fixture job created with the reference-id level's referenceId and renamed away from it by a later PUT, before
 * REFERENCE_JOB is renamed to it: a search that keeps a job's old referenceId lists both.
 */
const RENAMED_AWAY = 2;
/**
 * Fixture jobs created without a referenceId, by POST, in each spelling of none (absent, null, ""): a list holds and
 * counts a job however it is named, and a search or a count that joins or filters on the referenceId loses these.
 * Job 6 is a draft with the title word; job 4 is given a referenceId later by its status move (RENAMED_TOO); job 11
 * loses the title word later.
 */
const UNREFERENCED: ReadonlyMap<number, Body> = new Map([
  [6, NO_REFERENCE_ID[0]!.patch],
  [4, NO_REFERENCE_ID[2]!.patch],
  [11, NO_REFERENCE_ID[1]!.patch],
]);
/** Fixture jobs whose title holds the title word (8 of 12, in every status). */
const isTitled = (index: number): boolean => index % 3 !== 2;
/** The fixture job whose whole referenceId is the reference-id level of q (active, no title word, its title not holding it). */
const REFERENCE_JOB = 5;
/**
 * Jobs created with the title word after the first search, in each status, and deleted in each delete form (by id, by
 * referenceId, and through the override on either path), once the other later writes are done: a list without q, a
 * search by the title word and a list filtered by the job's status hold them if a count, a cache or an index missed
 * the delete on one path or for one status (spec 3: the job is removed).
 */
const DELETED_LATER: ReadonlyArray<[DeleteWay, Status]> = DELETE_WAYS.flatMap((way) =>
  (['active', 'archived', 'draft'] as const).map((status): [DeleteWay, Status] => [way, status]),
);
/**
 * The second employer's jobs, each titled with the title word and the referenceId above, in these statuses. The first,
 * which takes REFERENCE_JOB's referenceId, is archived where that job is active: a list with q = that referenceId and
 * status archived holds no job of the key's employer and one of the other's (a search that fills an empty answer
 * with another employer's matches shows it).
 */
const OTHER_FIXTURE: readonly Status[] = ['archived', 'active', 'draft', 'active'];
/**
 * The second employer's jobs made before the key's employer's fixture, so older than all of it: in one list order of
 * both employers they follow the first employer's last job. A server that pages by a cursor (the last job of the page
 * before) and forgets the employer there fills the first employer's short last page with them.
 */
const OTHER_BEFORE: readonly Status[] = ['active', 'archived'];
/**
 * The fixture jobs whose referenceId each of the second employer's jobs takes (spec 1: a referenceId is the employer's
 * own), REFERENCE_JOB's first, so that q = that referenceId matches a job of each employer: a server that files
 * anything by referenceId alone (a search, a cache of the employer a list item shows) mixes the two employers there.
 */
const SHARED_REFERENCE: readonly number[] = [REFERENCE_JOB, 0, 1, 3];

// §4.5, 8: pageSize default 10, maximum 100.
const DEFAULT_PAGE_SIZE = listLimits.pageSizeDefault;
const MAX_PAGE_SIZE = listLimits.pageSizeMax;
/** Just over a second: jobs created either side of it differ in publishDate even on a server that writes whole seconds. */
const SECOND_BOUNDARY_MS = 1_100;

interface MatrixFixture {
  /** The key's employer's jobs, as created. */
  jobs: Job[];
  titleWord: string;
  referenceId: string;
  /**
   * The key's employer's jobs outside the fixture, per status filter: the totals read before the fixture was
   * created, or, when another client wrote meanwhile, those read once it was complete less the fixture's own.
   */
  outside: Record<StatusFilter, number>;
  /**
   * Whether the fixture's jobs are the newest of the employer, so a list without q holds them at known
   * positions: true unless another client wrote while the fixture was created.
   */
  newestFirst: boolean;
  /** The totals without q once the fixture was complete. */
  complete: Record<StatusFilter, number>;
  /** The second employer's jobs (the isolation rule only). */
  others: Job[];
  /** Every fixture id, the deleted ones too: what an exchange of a list without q records (no other job reaches a report). */
  ids: ReadonlySet<number>;
  /** The ids of the jobs deleted after the fixture was written (DELETED_LATER). */
  deleted: readonly number[];
  /**
   * The lists without q take turns, even where the combinations run at once: such a list is judged only when the
   * totals read either side of it did not move, which holds only while no other list of the rule is in flight.
   */
  unscopedTurn: ReturnType<typeof inTurn>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A publishDate written in whole seconds (or coarser): jobs created within a second may tie. */
const wholeSeconds = (date: string): boolean => !/T\d\d:\d\d:\d\d[.,]\d*[1-9]/.test(date);

async function createFixture(ctx: RuleContext, aspect: MatrixAspect): Promise<MatrixFixture> {
  const caseTag = caseTagOf(ctx);
  // A word of the case tag's form that no other title or referenceId of the run contains (suites/contract/scope-words.ts).
  // Its last letters in capitals: a q in the title's own letter case matches under every reading, and a search that
  // folds the titles' case but not the q's misses it. The last is a full-width letter, beyond ASCII and changed by
  // NFKC: a search that takes such a q by another path (one that forgets the employer or the status, or counts over
  // a normalized column) does so in every combination.
  const titleWord = `${caseTag}T\uFF31`;
  const bodies = fc.sample(createBodyArb(ctx), { seed: ctx.seedOf?.('fixture') ?? 0, numRuns: FIXTURE.length });
  // Searched before any fixture job exists (beside the first totals), so that every later write must bring the search
  // up to date: the creates, the archive of a job that does not match, the title that comes to match.
  const searched = async (): Promise<undefined> => void (await listJobs(ctx, { q: titleWord }));
  const [totals] = await atOnce(ctx, [() => totalsWithoutQ(ctx), searched], (read) => read());
  const before = totals!;
  const earlier = aspect === 'isolation' ? await otherEmployersEarlierJobs(ctx, bodies, titleWord) : [];
  // Named up front, in order, so that a job's referenceId does not depend on which creation answers first.
  const named = FIXTURE.map((status, i) => {
    const body = identify(ctx, bodies[i] ?? {});
    // The reference-id job's title starts with the case tag, not its referenceId: q = that referenceId must match by
    // referenceId; so does the title of the job that holds it first.
    const marker = i === REFERENCE_JOB || i === RENAMED_AWAY ? caseTag : body.referenceId;
    // The values rule's jobs are confidential in turn, so that each status holds both values of the header's flag.
    const flag = aspect === 'values' ? { confidential: i % 2 === 0 } : {};
    return { ...body, title: scopedTitle(ctx, marker, titledAt(i, titleWord)), status, ...flag };
  });
  // The jobs no q level names carry both levels in every other text field: q matches title and referenceId only.
  const referenceTerm = named[REFERENCE_JOB]!.referenceId;
  for (const [i, body] of named.entries()) if (!isTitled(i)) named[i] = { ...body, ...termsElsewhere(body, titleWord, referenceTerm) };
  // What the creates send: the jobs reached by a later write are created before it, the two renamed jobs each with the
  // other's referenceId (RENAMED_AWAY holds the reference-id level's first).
  const swapped = (i: number): string => named[i === RENAMED_AWAY ? REFERENCE_JOB : i === REFERENCE_JOB ? RENAMED_AWAY : i]!.referenceId;
  const created = named.map((body, i) => ({
    ...body,
    ...(TITLED_LATER.has(i) ? { title: scopedTitle(ctx, body.referenceId, titledAt(i)) } : {}),
    ...(i === UNTITLED_LATER ? { title: scopedTitle(ctx, body.referenceId, `${titleWord} ${titledAt(i)}`) } : {}),
    ...(STATUS_LATER.has(i) ? { status: STATUS_LATER.get(i)!.to === 'archived' ? ('active' as const) : ('archived' as const) } : {}),
    ...(i === RENAMED_AWAY || i === REFERENCE_JOB ? { referenceId: swapped(i) } : {}),
  }));
  // The drafts are made as a client makes them, with status omitted (spec 3: the create default).
  for (const [i, body] of created.entries()) if (FIXTURE[i] === 'draft') delete (body as Body).status;
  const half = FIXTURE.length / 2;
  const jobs = await atOnce(ctx, created.slice(0, half), (body, i) => createFixtureJob(ctx, body, i));
  // The order is observable on a server that writes whole seconds only if the fixture spans a second boundary.
  if (aspect === 'order' && jobs.every((job) => wholeSeconds(job.publishDate))) await sleep(SECOND_BOUNDARY_MS);
  jobs.push(...(await atOnce(ctx, created.slice(half), (body, i) => createFixtureJob(ctx, body, half + i))));
  // Asked before the renames, so that a search that kept what it found (an index, a cache) must let go of it.
  await listJobs(ctx, { q: named[REFERENCE_JOB]!.referenceId });
  // The status moves one after the other, the newest job first: a server that files a job by when its status last
  // changed (an index re-keyed by the write) then holds the oldest first, against the publishDate order (4.5).
  for (const i of newestFirst(jobs, [...STATUS_LATER.keys()])) {
    const move = STATUS_LATER.get(i)!;
    jobs[i] = await moveStatus(ctx, jobs[i]!, move.to, move.by, renamedToo(ctx, i));
  }
  // The other later writes of different jobs may go at once; those of one job, and the two renames, one after the other.
  const laterOf = async (i: number): Promise<void> => {
    const by = TITLED_LATER.get(i);
    if (by) jobs[i] = await retitle(ctx, jobs[i]!, { title: named[i]!.title, ...renamedToo(ctx, i) }, by);
    // Through the override where honoured: every write path must bring the search up to date.
    if (i === UNTITLED_LATER) jobs[i] = await retitle(ctx, jobs[i]!, { title: named[i]!.title }, 'override');
    if (i === RETITLED_BACK) {
      await retitle(ctx, jobs[i]!, { title: scopedTitle(ctx, named[i]!.referenceId, titledAt(i)) }, 'reference');
      jobs[i] = await retitle(ctx, jobs[i]!, { title: named[i]!.title }, 'id');
    }
  };
  const later = [
    ...FIXTURE.map((_status, i) => () => laterOf(i)),
    async () => {
      jobs[RENAMED_AWAY] = await retitle(ctx, jobs[RENAMED_AWAY]!, { referenceId: ctx.referenceId() }, 'id');
      jobs[REFERENCE_JOB] = await retitle(ctx, jobs[REFERENCE_JOB]!, { referenceId: named[REFERENCE_JOB]!.referenceId }, 'id');
    },
    () => otherEmployerComesAndGoes(ctx, bodies),
  ];
  await atOnce(ctx, later, (write) => write());
  // Only the filter rule judges them (judgeFilter): the other aspects' fixtures skip the four requests.
  const deleted =
    aspect !== 'filter'
      ? []
      : await atOnce(ctx, DELETED_LATER, async ([way, status], i) => {
          const body = identify(ctx, bodies[i % bodies.length] ?? {});
          const title = scopedTitle(ctx, body.referenceId, `${titleWord} ${status} deleted by ${way}`);
          const job = await createJob(ctx, { ...body, title, status });
          await removeJob(ctx, way, job, body.referenceId);
          return job.id;
        });
  // A second apart, the later jobs come first, unless the service writes publishDate as a bare date or in minutes (then all tie).
  if (aspect === 'order' && new Set(jobs.map((job) => instantMs(job.publishDate))).size === 1)
    ctx.observe({ topic: 'list.sort-order-unobservable', section: '4.5', observed: 'jobs created a second apart share one publishDate' });
  const referenceId = jobs[REFERENCE_JOB]!.referenceId as string;
  const others: Job[] = [...earlier];
  if (aspect === 'isolation') {
    const second = secondEmployer(ctx);
    for (const [i, status] of OTHER_FIXTURE.entries()) {
      // The referenceId of one of the key's employer's jobs, made before it: a referenceId is the employer's own.
      const body = { ...identify(ctx, bodies[i] ?? {}), referenceId: jobs[SHARED_REFERENCE[i]!]!.referenceId as string };
      const title = scopedTitle(ctx, body.referenceId, `${titleWord} ${referenceId} other employer's job ${i}`);
      // Made in every create form in turn, as the key's employer's jobs are: each lists under its own employer.
      others.push(await createInForm(ctx, createdIn(i), { ...body, title, status }, second));
      if (others[0]!.employer.id === jobs[0]!.employer.id)
        ctx.skip(`both keys belong to employer ${jobs[0]!.employer.id}: isolation needs two employers`);
    }
  }
  // The values rule compares each item with a GET of its job, read once the writes are done (not their answers).
  if (aspect === 'values') jobs.splice(0, jobs.length, ...(await atOnce(ctx, jobs, (job) => getJob(ctx, job.id))));
  // Read once the fixture is complete: the unscoped totals the lists must show while nobody else writes.
  const complete = await totalsWithoutQ(ctx);
  const ids = new Set([...[...jobs, ...others].map((job) => job.id), ...deleted]);
  const outside = await outsideTheFixture(ctx, jobs, before, complete, ids);
  return { jobs, titleWord, referenceId, ...outside, complete, others, ids, deleted, unscopedTurn: inTurn() };
}

/** The second employer's jobs of OTHER_BEFORE, titled with the title word, one after the other (each older than the next). */
async function otherEmployersEarlierJobs(ctx: RuleContext, bodies: readonly Body[], titleWord: string): Promise<Job[]> {
  const second = secondEmployer(ctx);
  const made: Job[] = [];
  for (const [i, status] of OTHER_BEFORE.entries()) {
    const body = identify(ctx, bodies[i] ?? {});
    const title = scopedTitle(ctx, body.referenceId, `${titleWord} other employer's earlier job ${i}`);
    made.push(await createJob(ctx, { ...body, title, status }, second));
  }
  return made;
}

/** Creates the fixture job at `index` in its form (createdIn), or by POST without a referenceId (UNREFERENCED). */
function createFixtureJob(ctx: RuleContext, body: Body & { referenceId: string }, index: number): Promise<Job> {
  const none = UNREFERENCED.get(index);
  if (none === undefined) return createInForm(ctx, createdIn(index), body);
  const { referenceId: _named, ...rest } = body;
  return createJob(ctx, { ...rest, ...none });
}

/**
 * The second employer creates a job and deletes it, in each delete form (where the run has its key): one employer's
 * writes move nothing of another's lists (5.3), a count or an offset kept for the whole store included.
 */
async function otherEmployerComesAndGoes(ctx: RuleContext, bodies: readonly Body[]): Promise<void> {
  const second = ctx.second;
  if (second === undefined) return;
  await atOnce(ctx, DELETE_WAYS, async (way, i) => {
    const body = identify(ctx, bodies[i % bodies.length] ?? {});
    await removeJob(ctx, way, await createJob(ctx, body, second), body.referenceId, second);
  });
}

/**
 * The text fields other than title and referenceId, holding the q levels' terms: the description, and the address of
 * the job's routing type (the email's local part, the URL's path). A search that also reads them finds jobs it must
 * not (4.5).
 */
function termsElsewhere(body: Body, titleWord: string, referenceTerm: string): Body {
  // The addresses stay in ASCII: whether a server takes one beyond ASCII is open (email.non-ascii), and a fixture
  // job's create is setup. So the email carries the referenceId level's term alone, and the URL the title word
  // percent-encoded.
  return {
    description: `<p>${titleWord} ${referenceTerm}</p>`,
    ...(typeof body.applicationEmail === 'string' ? { applicationEmail: `${referenceTerm}@example.com` } : {}),
    ...(typeof body.applicationUrl === 'string'
      ? { applicationUrl: `https://jobs.example.com/${encodeURIComponent(titleWord)}/${referenceTerm}` }
      : {}),
  };
}

/** A fixture job's title words: the title word (when given), then its place in the fixture. */
const titledAt = (index: number, titleWord?: string): string =>
  titleWord !== undefined && isTitled(index) ? `${titleWord} listed job ${index}` : `listed job ${index}`;

/**
 * A partial PUT of `job` in `by` (spec 4.3 forms 1 and 2, or through the method override of spec 1). The override is
 * good practice only: where the target declines it (a client error), the plain PUT by id writes instead.
 */
async function putOrById(ctx: RuleContext, job: Job, update: Body, by: UpdateForm): Promise<ApiResponse<Job>> {
  const sent = await sendUpdate(ctx, by, job, update);
  return by.includes('override') && isClientError(sent.status) ? sendUpdate(ctx, 'id', job, update) : sent;
}

/** A partial PUT with a new title or referenceId (spec 4.3, putOrById); the rule fails unless it answers 200 with the job. */
async function retitle(ctx: RuleContext, job: Job, update: Body, by: UpdateForm): Promise<Job> {
  const res = await putOrById(ctx, job, update, by);
  expectStatus(
    ctx,
    res,
    200,
    `setup: a PUT by ${by} with ${Object.keys(update).join(', ')} updates the job and answers 200 with it (spec 4.3)`,
  );
  return jobOf(res);
}

/** The `indexes` of `jobs`, the latest publishDate first (ties: the later created first). */
function newestFirst(jobs: readonly Job[], indexes: readonly number[]): number[] {
  return [...indexes].sort((a, b) => instantMs(jobs[b]!.publishDate) - instantMs(jobs[a]!.publishDate) || b - a);
}

/** A fresh referenceId for the later write of the fixture job at `index`, when that write renames it too. */
const renamedToo = (ctx: RuleContext, index: number): Body => (RENAMED_TOO.has(index) ? { referenceId: ctx.referenceId() } : {});

/**
 * A PUT with status `to` (spec 3 shows archived and active both ways) and the fields `also`, in `by` (putOrById); it
 * must answer 200 with that status.
 */
async function moveStatus(ctx: RuleContext, job: Job, to: 'archived' | 'active', by: UpdateForm, also: Body = {}): Promise<Job> {
  const res = await putOrById(ctx, job, { ...also, status: to }, by);
  const sent = Object.keys(also).length === 0 ? '' : ` and ${Object.keys(also).join(', ')}`;
  expectStatus(ctx, res, 200, `setup: a PUT by ${by} with status ${to}${sent} changes the job and answers 200 with it (spec 3, 4.3)`);
  const moved = jobOf(res);
  ctx.expect(moved.status === to, {
    title: `setup: a PUT by ${by} with status ${to} answered job ${job.id} with status ${show(moved.status)}`,
    expected: `spec 3: the status becomes ${to}`,
    received: responseLine(res),
  });
  return moved;
}

const ownCount = (jobs: readonly Job[], status: StatusFilter): number =>
  jobs.filter((job) => status === 'absent' || job.status === status).length;

/**
 * The employer's jobs outside the fixture, per status filter. While nobody else writes, the totals grew by
 * exactly the fixture's own jobs, and the earlier ones count. When they grew otherwise, another client may
 * have written between the two reads (another shard, a user of a shared server): if every fixture job shows
 * in the list without q, the later totals less the fixture count, and where the fixture's jobs stand in that
 * list is not judged. Else the server, not a writer, lost them, and the earlier totals judge it.
 */
async function outsideTheFixture(
  ctx: RuleContext,
  jobs: readonly Job[],
  before: Record<StatusFilter, number>,
  complete: Record<StatusFilter, number>,
  ids: ReadonlySet<number>,
): Promise<Pick<MatrixFixture, 'outside' | 'newestFirst'>> {
  const filters = Object.keys(before) as StatusFilter[];
  const strict = { outside: before, newestFirst: true };
  if (filters.every((status) => complete[status] === before[status] + ownCount(jobs, status))) return strict;
  const later = { ...complete };
  for (const status of filters) later[status] -= ownCount(jobs, status);
  if (filters.some((status) => later[status] < 0) || !(await listedWithoutQ(ctx, jobs, ids))) return strict;
  ctx.observe({
    topic: 'list.employer-jobs-moved',
    section: '4.5',
    observed:
      `the employer's totals without q moved by more than the fixture while it was created (${show(before)} before, ${show(complete)} after): ` +
      `lists without q count from the later ones, and where the fixture's jobs stand in them is not judged`,
  });
  return { outside: later, newestFirst: false };
}

/** How many pages of 100 a presence check reads: the fixture's jobs are recent, so near the top of the list. */
const PRESENCE_PAGES = 5;

/**
 * Whether every fixture job of the key's employer shows in the list without q within its first pages, each once: a
 * job listed twice is the server's own count, not another client's job.
 */
async function listedWithoutQ(ctx: RuleContext, jobs: readonly Job[], ids: ReadonlySet<number>): Promise<boolean> {
  const missing = new Set(jobs.map((job) => job.id));
  const seen = new Set<number>();
  for (let page = 1; page <= PRESENCE_PAGES && missing.size > 0; page++) {
    const res = await requestList(ctx.api, { page, pageSize: MAX_PAGE_SIZE }, ids);
    if (res.status !== 200 || !Array.isArray(res.json?.data)) return false;
    for (const { id } of res.json.data) {
      if (seen.has(id) && ids.has(id)) return false;
      seen.add(id);
      missing.delete(id);
    }
    if (res.json.data.length < MAX_PAGE_SIZE) break;
  }
  return missing.size === 0;
}

/**
 * Whether the employer's unscoped total for `status` is still the one read when the fixture was complete. A list
 * without q shows every job of the employer, so another client writing meanwhile (another shard of the run, a
 * user of a shared staging server) changes it: such a list is not judged.
 */
async function unscopedTotalHolds(ctx: RuleContext, fixture: MatrixFixture, status: StatusFilter): Promise<boolean> {
  const res = await requestList(ctx.api, { pageSize: 1, ...(status === 'absent' ? {} : { status }) }, new Set());
  return res.status === 200 && res.json?.paging?.total === fixture.complete[status];
}

/** What a combination sends and what its answer must show, known from the fixture alone. */
interface Expectation {
  query: ListQuery;
  /** The key's employer's fixture jobs matching the filters, newest first (ties in creation order: any order passes). */
  matching: Job[];
  total: number;
  pageSize: number;
  pageSizeSent: boolean;
  pages: number;
  page: number;
  pastEnd: boolean;
}

function matches(fixture: MatrixFixture, c: ListCombination, job: Job, index: number): boolean {
  const byQ = c.q === 'title-word' ? isTitled(index) : c.q === 'reference-id' ? job.referenceId === fixture.referenceId : true;
  return byQ && (c.status === 'absent' || job.status === c.status);
}

/** The smallest page size from 2 that does not divide `total`, at most 100: the last page holds fewer; else 2. */
function shortLastPageSize(total: number): number {
  for (let d = 2; d <= Math.min(MAX_PAGE_SIZE, total); d++) if (total % d !== 0) return d;
  return 2;
}

/** The largest divisor of `total` below it and at most 100 (pages all full, more than one); else the total itself, or 1. */
function exactDivisor(total: number): number {
  for (let d = Math.min(MAX_PAGE_SIZE, total - 1); d >= 2; d--) if (total % d === 0) return d;
  return total >= 1 && total <= MAX_PAGE_SIZE ? total : 1;
}

function expectationOf(fixture: MatrixFixture, c: ListCombination): Expectation {
  const matching = fixture.jobs
    .map((job, index) => ({ job, index }))
    .filter(({ job, index }) => matches(fixture, c, job, index))
    .map(({ job }) => job)
    .sort((a, b) => compareDates(b.publishDate, a.publishDate) || 0);
  const scoped = c.q === 'title-word' || c.q === 'reference-id';
  const total = matching.length + (scoped ? 0 : fixture.outside[c.status]);
  const pageSize = {
    default: DEFAULT_PAGE_SIZE,
    'default-sent': DEFAULT_PAGE_SIZE,
    one: 1,
    divisor: exactDivisor(total),
    'short-last-page': shortLastPageSize(total),
    max: MAX_PAGE_SIZE,
  }[c.pageSize];
  const pages = Math.ceil(total / pageSize);
  const last = Math.max(pages, 1);
  const page = {
    default: 1,
    first: 1,
    middle: pages >= 3 ? Math.ceil(pages / 2) : Math.min(2, last),
    last,
    'past-end': last + 1,
    largest: listLimits.pageMax,
  }[c.page];
  const q = { absent: undefined, empty: '', 'title-word': fixture.titleWord, 'reference-id': fixture.referenceId }[c.q];
  const query: ListQuery = {
    ...(q === undefined ? {} : { q }),
    ...(c.status === 'absent' ? {} : { status: c.status }),
    ...(c.page === 'default' ? {} : { page }),
    ...(c.pageSize === 'default' ? {} : { pageSize }),
  };
  return { query, matching, total, pageSize, pageSizeSent: c.pageSize !== 'default', pages, page, pastEnd: page > last };
}

function observeMoved(ctx: RuleContext): void {
  ctx.observe({
    topic: 'list.employer-jobs-moved',
    section: '4.5',
    observed: "the employer's jobs changed while a list without q was read (another client writing): that list was not judged",
  });
}

/**
 * How often a combination without q is read before its mismatch stands. Another client's job that lives only
 * between the reads either side of the list (created and deleted again within milliseconds, as a parallel shard's
 * racing rules do) leaves both totals as they were: read again, such a list is whole, while a server's own fault
 * shows every time.
 */
const UNSCOPED_READS = 3;

/** Runs one combination and judges `aspect` of its answer. */
async function checkCombination(ctx: RuleContext, fixture: MatrixFixture, c: ListCombination, aspect: MatrixAspect): Promise<void> {
  const unscoped = c.q === 'absent' || c.q === 'empty';
  if (!unscoped) return readAndJudge(ctx, fixture, c, aspect, false);
  return fixture.unscopedTurn(async () => {
    for (let read = 1; ; read++) {
      try {
        return await readAndJudge(ctx, fixture, c, aspect, true);
      } catch (error) {
        if (read === UNSCOPED_READS || !(error instanceof MismatchError)) throw error;
      }
    }
  });
}

/** Reads one combination's list once and judges `aspect` of it. */
async function readAndJudge(ctx: RuleContext, fixture: MatrixFixture, c: ListCombination, aspect: MatrixAspect, unscoped: boolean) {
  const e = expectationOf(fixture, c);
  // Read either side of the list: a job another client created or deleted meanwhile changes one of them.
  const moved = async (): Promise<boolean> => unscoped && !(await unscopedTotalHolds(ctx, fixture, c.status));
  if (await moved()) return observeMoved(ctx);
  const res = await requestList(ctx.api, e.query, fixture.ids);
  if (await moved()) return observeMoved(ctx);
  if (e.pastEnd && isClientError(res.status)) {
    // What a page past the end answers is open (4.5 states none): refused, or a page.
    ctx.observe({ topic: 'page-past-end', section: '4.5', observed: `refused with ${res.status}` });
    return;
  }
  if (c.q === 'empty' && isClientError(res.status)) {
    // 4.5 states an omitted q ("no term filter"), not an empty one: taken, it filters nothing; refused, it is not judged.
    ctx.observe({ topic: 'q.empty', section: '4.5', observed: `refused with ${res.status}` });
    return;
  }
  expectStatus(ctx, res, 200, `GET /jobs answers 200 with {data, paging} (spec 4.5): ${showCombination(c)}`);
  assertJobListBody(res);
  const page = new MatrixPage(ctx, fixture, c, e, res as ApiResponse<JobList> & { json: JobList });
  await ASPECTS[aspect](page);
}

/** One answered page and what it must show; each aspect reads it. */
class MatrixPage {
  readonly data: JobHeader[];
  readonly paging: JobList['paging'];
  /** The page the answer holds: the page asked for, or past the end the last one if the server clamps. */
  readonly at: number;
  /** Positions of the whole list this page covers: [start, end). */
  readonly start: number;
  readonly end: number;

  constructor(
    readonly ctx: RuleContext,
    readonly fixture: MatrixFixture,
    readonly c: ListCombination,
    readonly e: Expectation,
    readonly res: ApiResponse<JobList> & { json: JobList },
  ) {
    this.data = res.json.data;
    this.paging = res.json.paging;
    const clamped = e.pastEnd && this.paging.page !== e.page && this.data.length > 0;
    this.at = clamped ? Math.max(e.pages, 1) : e.page;
    this.start = (this.at - 1) * e.pageSize;
    this.end = Math.max(this.start, Math.min(this.start + e.pageSize, e.total));
    if (e.pastEnd) ctx.observe({ topic: 'page-past-end', section: '4.5', observed: clamped ? 'the last page' : 'an empty page' });
  }

  /** Fails the rule with the combination and the query in its texts. */
  expect(condition: boolean, title: string, expected: string, received: string): void {
    this.ctx.expect(condition, {
      title: `${title} (${showCombination(this.c)})`,
      expected,
      received: `${received}\nquery ${show(this.e.query)}; paging ${show(this.paging)}`,
      failingExchange: this.res.exchange,
    });
  }

  /**
   * Whether the fixture's matching jobs stand at known positions of the whole list: always with q, and
   * without q while they are the employer's newest.
   */
  get positional(): boolean {
    return (this.c.q !== 'absent' && this.c.q !== 'empty') || this.fixture.newestFirst;
  }

  /** The key's employer's matching fixture jobs at the positions of this page. */
  get expectedHere(): Job[] {
    return this.e.matching.slice(this.start, Math.min(this.end, this.e.matching.length));
  }

  /** The page's items that are fixture jobs of the key's employer. */
  get ownHere(): JobHeader[] {
    const own = new Set(this.fixture.jobs.map((job) => job.id));
    return this.data.filter((item) => own.has(item.id));
  }
}

const line = (items: ReadonlyArray<{ id: number; status: string; publishDate: string }>): string =>
  items.map((item) => `${item.id} ${item.status} ${item.publishDate}`).join('\n') || 'no jobs';

/** §4.5: q and status filter; without them, no term filter and every status. */
function judgeFilter(p: MatrixPage): void {
  const { c, e } = p;
  const deleted = p.data.filter((item) => p.fixture.deleted.includes(item.id));
  p.expect(
    deleted.length === 0,
    `the list holds job(s) ${deleted.map((item) => item.id).join(', ')} deleted before it was read`,
    'a deleted job is removed (spec 3: DELETE, job removed), so no list holds it (spec 4.5)',
    line(deleted),
  );
  if (c.status !== 'absent') {
    const others = p.data.filter((item) => item.status !== c.status);
    p.expect(
      others.length === 0,
      `status=${c.status} listed ${others.length} job(s) in another status`,
      `only jobs in status ${c.status} (spec 4.5)`,
      line(p.ownHere) + (others.length > 0 ? `\n(${others.length} of the ${p.data.length} items are not ${c.status})` : ''),
    );
  }
  const wanted = new Set(e.matching.map((job) => job.id));
  const strays = p.ownHere.filter((item) => !wanted.has(item.id));
  p.expect(
    strays.length === 0,
    `the list holds job(s) ${strays.map((item) => item.id).join(', ')} that the filters leave out`,
    `only jobs matching q (title or referenceId) and status (spec 4.5): ${show(e.matching.map((job) => job.id))}`,
    line(p.ownHere),
  );
  const expected = p.expectedHere.length;
  const found = p.ownHere.length;
  p.expect(
    found === expected || !p.positional,
    `page ${p.at} holds ${found} of the matching jobs, expected ${expected}`,
    `the matching jobs ${show(e.matching.map((job) => job.id))}, ${e.pageSize} a page, newest first: ` +
      `${show(p.expectedHere.map((job) => job.id))} on page ${p.at} ` +
      `(spec 4.5${c.q === 'absent' || c.q === 'empty' ? ': without a term, no term filter' : ''}` +
      `${c.status === 'absent' ? '; without status, every status' : ''})`,
    line(p.ownHere),
  );
}

/** §2.7: each item of the fixture is a subset of its job with the same values, in every combination of the list parameters. */
function judgeValues(p: MatrixPage): void {
  const jobs = new Map(p.fixture.jobs.map((job) => [job.id, job]));
  const differing = p.ownHere.flatMap((item) => {
    const job = jobs.get(item.id);
    const diff = job === undefined ? [] : headerDifferences(item, job);
    return diff.map((field) => `${item.id} ${field}: list ${show(item[field as keyof JobHeader])}, job ${show(job?.[field as keyof Job])}`);
  });
  p.expect(
    differing.length === 0,
    `${differing.length} value(s) of the list items differ from their jobs`,
    'a header is a subset of the job with the same types and meaning (spec 2.7), whatever the list parameters',
    differing.join('\n'),
  );
}

/** §4.5: sorted by publishDate descending over the whole list (ties in any order). */
function judgeOrder(p: MatrixPage): void {
  const bad = firstOutOfOrder(p.data);
  p.expect(
    bad === -1,
    `list item ${bad} of page ${p.at} is newer than the one before it`,
    'sorted by publishDate descending; ties in any order (spec 4.5)',
    // Only the fixture's own jobs are shown: a list without q holds jobs the run did not create.
    line(p.data.filter((item) => p.fixture.ids.has(item.id))),
  );
  // Across pages: the k-th item of the whole list has the k-th newest publishDate of the matching jobs.
  const wrong = !p.positional
    ? -1
    : p.expectedHere.findIndex((job, i) => p.data[i] !== undefined && compareDates(p.data[i].publishDate, job.publishDate) !== 0);
  p.expect(
    wrong === -1,
    `item ${wrong} of page ${p.at} is not the ${p.start + wrong + 1}th newest matching job`,
    `page ${p.at} of ${p.e.pageSize} a page holds the matching jobs ` +
      `of publishDates ${show(p.expectedHere.map((job) => job.publishDate))}, in this order; ties in any order (spec 4.5)`,
    line(p.data.filter((item) => p.fixture.ids.has(item.id))),
  );
}

/** §2.8: total, pages and pageSize describe the matching jobs; the page asked for, of the right length. */
function judgeCount(p: MatrixPage): void {
  const { paging, e } = p;
  const pagesOk = paging.pages === e.pages || (e.total === 0 && paging.pages <= 1);
  p.expect(
    paging.total === e.total && pagesOk && paging.pageSize === e.pageSize,
    `paging says total ${paging.total}, pages ${paging.pages}, pageSize ${paging.pageSize}`,
    `total ${e.total} matching jobs, pages ${e.pages}, pageSize ${e.pageSize} in effect (spec 2.8)`,
    `${e.matching.length} fixture jobs match` +
      `${p.c.q === 'absent' || p.c.q === 'empty' ? `, and the employer holds ${p.fixture.outside[p.c.status]} others` : ''}`,
  );
  p.expect(
    paging.page === e.page || (e.pastEnd && paging.page === p.at),
    `page=${e.page} answered page ${paging.page}`,
    `page ${e.page} (spec 4.5, 2.8: the current page number)`,
    `paging.page ${paging.page}`,
  );
  p.expect(
    p.data.length === p.end - p.start,
    `page ${p.at} holds ${p.data.length} jobs, expected ${p.end - p.start}`,
    `pages of pageSize ${e.pageSize} over ${e.total} matching jobs: ${p.end - p.start} on page ${p.at} (spec 4.5, 2.8)`,
    `${p.data.length} items`,
  );
}

/** §2.8: previous null on the first page, next null on the last; each link repeats the filters and the page size in effect. */
function judgeLinks(p: MatrixPage): void {
  const { paging, e } = p;
  const address = { q: e.query.q, status: e.query.status, pageSize: e.pageSize, pageSizeSent: e.pageSizeSent };
  const judge = (name: 'previous' | 'next', link: string | null, to: number | undefined): void => {
    if (typeof link !== 'string') return;
    const problems = linkProblems(link, { ...address, page: to });
    p.expect(
      problems.length === 0,
      `${name} does not address page ${to ?? '(any)'} of the same list`,
      `${name} repeats the active filters and the page size in effect (spec 2.8), read by meaning: any URL form and parameter order`,
      `${name} ${link}: ${problems.join(', ')}`,
    );
  };
  if (e.pastEnd) {
    // Past the end the spec names no previous or next page: a link given must still address the same list.
    judge('previous', paging.previous, undefined);
    judge('next', paging.next, undefined);
    return;
  }
  p.expect(
    e.page === 1 ? paging.previous === null : typeof paging.previous === 'string',
    e.page === 1 ? `page 1 has previous ${show(paging.previous)}` : `page ${e.page} has no previous`,
    'previous: null on the first page, the address of the previous page on the others (spec 2.8)',
    `previous ${show(paging.previous)}`,
  );
  p.expect(
    e.page < e.pages ? typeof paging.next === 'string' : paging.next === null,
    e.page < e.pages ? `page ${e.page} of ${e.pages} has no next` : `the last page (${e.page}) has next ${show(paging.next)}`,
    'next: the address of the next page, null on the last page (spec 2.8)',
    `next ${show(paging.next)}`,
  );
  judge('previous', paging.previous, e.page - 1);
  judge('next', paging.next, e.page + 1);
}

/** §5.3: the list returns only the key's employer's jobs, and counts only them. */
function judgeIsolation(p: MatrixPage): void {
  const { fixture, e, paging } = p;
  const theirs = new Set(fixture.others.map((job) => job.id));
  const leaked = p.data.filter((item) => theirs.has(item.id));
  const employer = fixture.jobs[0]!.employer;
  const foreign = p.data.filter((item) => !sameEmployer(item.employer, employer, true));
  p.expect(
    leaked.length === 0 && foreign.length === 0,
    `the list shows ${leaked.length + foreign.length} job(s) of another employer`,
    'the job list returns only data of the employer the key belongs to (spec 5.3)',
    `the second employer's jobs ${show(leaked.map((item) => item.id))} listed; ${foreign.length} item(s) with another employer than ${employer.id}`,
  );
  p.expect(
    paging.total <= e.total,
    `paging.total ${paging.total} counts more than the employer's ${e.total} matching jobs`,
    "the list returns only data of the key's employer, its counts too (spec 5.3, 2.8)",
    `the second employer holds ${fixture.others.length} jobs whose titles hold the same q`,
  );
}

/**
 * §5.3: the second employer asks for the very address the first was just answered, then the ones its links give, then
 * the address of the page's first job right after the first employer read it: a cache of answers, or of pages read
 * ahead or kept for the way back, or of jobs loaded, keyed by the address or the id and not the key, hands it the first
 * employer's jobs. What a page past the second employer's end answers is open: only a page is judged.
 */
async function expectNoneAtFirstsAddresses(p: MatrixPage, second: JobsApi, own: ReadonlySet<number>): Promise<void> {
  const { fixture, e, res, paging } = p;
  const ctx: RuleContext = p.ctx;
  const links = [paging.next, paging.previous].filter((link): link is string => typeof link === 'string');
  const answers = [
    { where: `GET /jobs ${show(e.query)}`, answer: await requestList(second, e.query, fixture.ids) },
    ...(await atOnce(ctx, links, async (link) => ({
      where: `the first employer's link ${link}`,
      answer: await second.client.request<JobList>({
        method: 'GET',
        path: linkPath(second, link, res),
        recordResponse: onlyOwnJobs(fixture.ids),
      }),
    }))),
  ];
  for (const { where, answer } of answers) {
    const data: unknown = answer.status === 200 ? answer.json?.data : undefined;
    const leaked = Array.isArray(data) ? data.filter((item: { id?: unknown }) => own.has(item.id as number)) : [];
    ctx.expect(leaked.length === 0, {
      title: `the second employer, at an address the first was just given, gets ${leaked.length} of its job(s) (${showCombination(p.c)})`,
      expected: 'the job list returns only data of the employer the key belongs to (spec 5.3), whoever asked for the same address before',
      received: `${where} as the second employer: ${line(leaked)}`,
      failingExchange: answer.exchange,
    });
  }
  await expectJobUnreadAfterFirst(ctx, p.data[0], second);
}

/** The second employer's GET /jobs/{id} of the first employer's job, just read by the first, is refused (5.3). */
async function expectJobUnreadAfterFirst(ctx: RuleContext, job: JobHeader | undefined, second: JobsApi): Promise<void> {
  if (job === undefined) return;
  await ctx.api.get(job.id);
  const read = await second.client.request<Job>({ method: 'GET', path: `/jobs/${job.id}` });
  expectStatus(
    ctx,
    read,
    isClientError,
    `the second employer's GET /jobs/${job.id}, right after the first employer read its job there, is refused with a 4xx (spec 5.3)`,
  );
}

/**
 * §5.3, 2.8: the second employer's view of the same filters, read at the largest page size, holds none of the key's
 * jobs, and its total counts only what it lists: the last page its total implies holds the rest of it. Its own
 * count is read from its pages, not from another total a server could inflate the same way.
 */
async function judgeSecondEmployer(p: MatrixPage): Promise<void> {
  const { fixture, e } = p;
  const ctx: RuleContext = p.ctx;
  const second = ctx.second;
  if (second === undefined) return;
  const query: ListQuery = { ...e.query, page: 1, pageSize: MAX_PAGE_SIZE };
  const read = async (page: number): Promise<ApiResponse<JobList> & { json: JobList }> => {
    const res = await requestList(second, { ...query, page }, fixture.ids);
    expectStatus(ctx, res, 200, `GET /jobs as the second employer answers 200 with {data, paging} (spec 4.5): ${show(query)}`);
    assertJobListBody(res);
    return res as ApiResponse<JobList> & { json: JobList };
  };
  const own = new Set(fixture.jobs.map((job) => job.id));
  await expectNoneAtFirstsAddresses(p, second, own);
  const first = await read(1);
  const leaked = first.json.data.filter((item) => own.has(item.id));
  ctx.expect(leaked.length === 0, {
    title: `the second employer's list shows ${leaked.length} job(s) of the first (${showCombination(p.c)})`,
    expected: 'the job list returns only data of the employer the key belongs to (spec 5.3)',
    received: line(leaked),
    failingExchange: first.exchange,
  });
  // Its own jobs hold referenceIds of the first employer's: each item still names its own employer.
  const employer = fixture.others[0]!.employer;
  const misnamed = first.json.data.filter((item) => !own.has(item.id) && !sameEmployer(item.employer, employer, true));
  ctx.expect(misnamed.length === 0, {
    title: `the second employer's list shows ${misnamed.length} of its job(s) with another employer (${showCombination(p.c)})`,
    expected: `the job list returns only data of the employer the key belongs to (spec 5.3): employer ${show(employer)}`,
    received: misnamed.map((item) => `job ${item.id}: employer ${show(item.employer)}`).join('\n'),
    failingExchange: first.exchange,
  });
  const { total } = first.json.paging;
  const pages = Math.max(1, Math.ceil(total / MAX_PAGE_SIZE));
  const last = pages === 1 ? first : await read(pages);
  const rest = total - (pages - 1) * MAX_PAGE_SIZE;
  ctx.expect(last.json.data.length === rest, {
    title: `the second employer's list counts ${total} jobs, but its page ${pages} holds ${last.json.data.length} (${showCombination(p.c)})`,
    expected: `total counts the matching jobs of the key's employer only (spec 5.3, 2.8): page ${pages} of pageSize ${MAX_PAGE_SIZE} holds ${rest}`,
    received: `query ${show(query)}; paging ${show(last.json.paging)}`,
    failingExchange: last.exchange,
  });
}

const ASPECTS: Record<MatrixAspect, (page: MatrixPage) => void | Promise<void>> = {
  filter: judgeFilter,
  order: judgeOrder,
  count: judgeCount,
  links: judgeLinks,
  values: judgeValues,
  isolation: async (page) => {
    judgeIsolation(page);
    await judgeSecondEmployer(page);
  },
};

/**
 * A rule that runs the list matrix and judges `aspect` of every combination: one fixture, then every
 * pair of levels (pairwise, from the rule's seed; for the links, every filter pair on a page that has both),
 * and --runs random combinations, more under --duration.
 *
 * @example
 * matrixRule(id, 'order'); // a rule judging the order of every combination
 */
export function matrixRule(entry: RuleEntry, aspect: MatrixAspect): Implementation {
  return fixedRule(entry, async (ctx: RuleContext) => {
    const fixture = await createFixture(ctx, aspect);
    const pairwise = pairwiseCombinations(ctx.seedOf?.('pairwise') ?? 0);
    await ctx.check(listCombinationArb, (c) => checkCombination(ctx, fixture, c, aspect), {
      examples:
        aspect === 'links'
          ? [...pairwise, ...linkRows(pairwise), ...defaultSizeRows(pairwise)]
          : aspect === 'filter'
            ? [...pairwise, ...firstPageRows(pairwise)]
            : aspect === 'isolation'
              ? [...pairwise, ...shortLastPageRows(pairwise)]
              : pairwise,
      // A combination only reads the fixture: against a distant target several run at once.
      independentCases: true,
    });
  });
}
