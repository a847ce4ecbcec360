/**
 * @module The job list (spec 4.5, 2.7, 8). Every list is scoped with q = a
 * tag of the case's own jobs, so jobs that existed before the run are never
 * read into a check. Fixtures are created per rule, in its main case. The
 * filters and the order in every combination of the list parameters (q, status,
 * page, pageSize, with and without q) are the list matrix's (list-matrix.ts).
 */
import * as fc from 'fast-check';
import type { Job, JobList } from '../../schemas/types.gen.js';
import { assertJobListBody } from '../http/api.js';
import { linkProblems, type PageAddress } from '../../judging/paging.js';
import { JOB_HEADER_FIELDS } from '../../schemas/job-fields.js';
import type { Body, JobsApi, RuleContext } from '../contract/rule.js';
import { anonymous, caseTagOf, createBodyArb, identify, retitle, scopedTitle } from '../kit/bodies.js';
import { headerDifferences, jsonEqual, show } from '../../judging/compare.js';
import { expectStatus, isClientError, isSuccess, responseLine } from '../kit/http.js';
import { createJob, getJob, idsOf, listJobs } from '../kit/jobs.js';
import { fixedRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';
import { matrixRule } from './list-matrix.js';
import { lettersOnly, SCOPE_WORD } from '../contract/scope-words.js';
import { ABSENT_SPELLINGS } from '../arbitraries/text.js';
import { follow, type ListRes } from './paging.js';
import { listLimits } from '../arbitraries/schema-limits.js';

/** `count` generated bodies, reproducible from the rule's seed (one property run). */
async function withBodies(ctx: RuleContext, count: number, use: (bodies: Body[]) => Promise<void>): Promise<void> {
  await ctx.check(fc.array(createBodyArb(ctx), { minLength: count, maxLength: count }), use, { runs: 1 });
}

/** Creates jobs in this case, one per status given. */
async function fixture(ctx: RuleContext, bodies: Body[], statuses: Array<Job['status'] | undefined>): Promise<Job[]> {
  const jobs: Job[] = [];
  for (const [i, status] of statuses.entries()) {
    const body = identify(ctx, bodies[i % bodies.length] ?? {});
    jobs.push(await createJob(ctx, status ? { ...body, status } : body));
  }
  return jobs;
}

function sortedIds(ids: number[]): number[] {
  return [...ids].sort((a, b) => a - b);
}

const headerFields: Implementation = fixedRule(
  {
    id: 'jobs.list.header-fields',
    section: '2.7',
    level: 'must',
    title: 'List items carry the job header fields',
    statement:
      'A subset of the job with the same types and meaning: `id`, `referenceId`, `employer`, `title`, `publishDate`, `locations`, `confidential`, `status`.',
  },
  (ctx: RuleContext) =>
    withBodies(ctx, 3, async (bodies) => {
      await fixture(ctx, bodies, [undefined, 'active']);
      const list = await listJobs(ctx, { q: caseTagOf(ctx) });
      for (const item of list.json.data as unknown as Array<Record<string, unknown>>) {
        const keys = Object.keys(item);
        const missing = JOB_HEADER_FIELDS.filter((field) => !keys.includes(field));
        ctx.expect(missing.length === 0, {
          title: `list item ${show(item.id)} lacks ${missing.join(', ')}`,
          expected: `the header fields ${JOB_HEADER_FIELDS.join(', ')} (spec 2.7)`,
          received: `fields ${keys.sort().join(', ')}`,
        });
        // 2.7 lists the header's fields but does not forbid more: an extra one is recorded, not failed.
        const extra = keys.filter((key) => !(JOB_HEADER_FIELDS as readonly string[]).includes(key));
        if (extra.length > 0) ctx.observe({ topic: 'header.extra-fields', section: '2.7', observed: extra.sort().join(', ') });
      }
    }),
);

const headerValues: Implementation = fixedRule(
  {
    id: 'jobs.list.header-values',
    section: '2.7',
    level: 'must',
    title: "List item values equal those of the full job, in the second employer's list too",
    statement: 'A subset of the job with the same types and meaning',
  },
  (ctx: RuleContext) =>
    withBodies(ctx, 3, async (bodies) => {
      const jobs = await fixture(ctx, bodies, ['active', 'archived']);
      // And one created without a referenceId: its "none" must read the same in the list as in the job.
      jobs.push(await createJob(ctx, anonymous(ctx, bodies[0] ?? {})));
      await expectHeadersMatch(ctx, jobs, ctx.api);
      // The second employer's jobs in its own list: its employer (another name, another plan) in the header as in the
      // job. Not confidential, so the list may not mask the name and every letter of it is compared. One with
      // autoRefresh off and one with it on, which its plan may refuse (2.1: unlimited plans only): a header that
      // carries the flag among its extra fields, or builds its row per plan, shows both values.
      if (ctx.second) {
        const plain = { ...identify(ctx, bodies[1] ?? {}), confidential: false };
        const second = [await createJob(ctx, { ...plain, autoRefresh: false }, ctx.second)];
        const refreshed = await ctx.second.create({ ...plain, referenceId: ctx.referenceId(), autoRefresh: true });
        if (isSuccess(refreshed.status) && refreshed.json !== undefined) second.push(refreshed.json);
        await expectHeadersMatch(ctx, second, ctx.second);
      }
    }),
);

/**
 * The header's values in every combination of the list parameters (suites/checks/list-matrix.ts): a server that builds
 * its items on another path for one filter (a status's own query, a search's own index) shows a value of another
 * job or a default there. The fixture's jobs are confidential in turn, so each status holds both values of that flag.
 */
const headerValuesEveryList: Implementation = matrixRule(
  {
    id: 'jobs.list.header-values-every-list',
    section: '2.7',
    level: 'must',
    title: 'List item values equal those of the full job in every combination of q, status, page and pageSize',
    statement: 'A subset of the job with the same types and meaning',
    exclusive: true,
  },
  'values',
);

/** Each of `jobs` is in `api`'s list for the case's q, its header equal to a GET of it (spec 2.7). */
async function expectHeadersMatch(ctx: RuleContext, jobs: readonly Job[], api: JobsApi): Promise<void> {
  const list = await listJobs(ctx, { q: caseTagOf(ctx) }, api);
  for (const job of jobs) {
    const item = list.json.data.find((header) => header.id === job.id);
    ctx.expect(item !== undefined, {
      title: `job ${job.id} is missing from the list`,
      expected: 'the list has every job of the employer matching q (spec 4.5)',
      received: `listed ids ${show(idsOf(list.json))}`,
    });
    const full = await getJob(ctx, job.id, api);
    // A confidential employer's name may be masked in the list alone: the employer is then compared by its id (sameEmployer).
    const diff = headerDifferences(item, full);
    ctx.expect(diff.length === 0, {
      title: `list item ${job.id} differs from the job in ${diff.join(', ')}`,
      expected: 'a header is a subset of the job with the same types and meaning (spec 2.7)',
      received: diff.map((field) => `${field}: list ${show(item[field])}, job ${show(full[field])}`).join('\n'),
    });
  }
}

/** Sorted by publishDate descending, across pages too, in every combination of the list parameters (suites/checks/list-matrix.ts). */
const sorted: Implementation = matrixRule(
  {
    id: 'jobs.list.sorted',
    section: '4.5',
    level: 'must',
    title: 'The list is sorted by publishDate, newest first, across pages, in every combination of q, status, page and pageSize',
    statement: 'Returns job headers of the authenticated employer, sorted by `publishDate` descending.',
    exclusive: true,
  },
  'order',
);

/**
 * A title word of digits alone, with a leading zero: a q that reads as a number. Each character of the case tag
 * becomes its character code in three digits, so the word is the case's own as the tag is. A server that parses
 * query values before it knows their types refuses it, or looks up 12345 for 012345.
 */
function digitsWordOf(tag: string): string {
  return `0${[...tag].map((char) => String(char.codePointAt(0)).padStart(3, '0')).join('')}`;
}

/** Spellings of q that PHP's truthiness, or a parser of booleans, reads as empty or false: `0`, `false`. */
const FALSY_SPELLINGS = ['0', 'false'];

/** Three jobs: A matches a token only by title, B another token only by referenceId, C a word of digits in its title. */
async function qFixture(ctx: RuleContext, bodies: Body[]) {
  const tag = caseTagOf(ctx);
  const titleToken = `${tag}tq`;
  const referenceToken = `${tag}rq`;
  const digitsToken = digitsWordOf(tag);
  const a = await createJob(ctx, { ...retitle(ctx, bodies[0] ?? {}, titleToken), referenceId: `${tag}a` });
  const b = await createJob(ctx, { ...retitle(ctx, bodies[1] ?? {}, `${tag}b`), referenceId: referenceToken });
  const c = await createJob(ctx, { ...retitle(ctx, bodies[2] ?? {}, `${tag}c ${digitsToken}`), referenceId: `${tag}c` });
  return { titleToken, referenceToken, digitsToken, a, b, c };
}

/**
 * Fails where the list for q=`token` holds a job whose title and referenceId both lack the token: under substring,
 * prefix or word matching alike such a job does not match (4.5), so a server that drops a q it reads as a number
 * (an id, a page) shows here. Judged on every item, whoever made it: no reading of q lists them.
 */
function expectOnlyHolders(ctx: RuleContext, token: string, list: { json: JobList }): void {
  const holds = (text: unknown): boolean => typeof text === 'string' && text.toLowerCase().includes(token.toLowerCase());
  const strays = list.json.data.filter((item) => !holds(item.title) && !holds(item.referenceId));
  ctx.expect(strays.length === 0, {
    title: `q=${token} lists ${strays.length} job(s) whose title and referenceId do not hold it`,
    expected: 'q matches job title and referenceId (spec 4.5): a job that holds the term in neither is left out',
    received: strays.map((item) => `${item.id}: title ${show(item.title)}, referenceId ${show(item.referenceId)}`).join('\n'),
  });
}

function qRule(entry: RuleEntry, check: (ctx: RuleContext, f: Awaited<ReturnType<typeof qFixture>>) => Promise<void>): Implementation {
  return fixedRule(entry, (ctx: RuleContext) => withBodies(ctx, 3, async (bodies) => check(ctx, await qFixture(ctx, bodies))));
}

const qTitle = qRule(
  {
    id: 'jobs.list.q-title',
    section: '4.5',
    level: 'must',
    title: 'q matches the job title',
    statement: 'Matches job title and `referenceId`.',
  },
  async (ctx: RuleContext, { titleToken, digitsToken, a, c }) => {
    // A title word of letters and digits, and one of digits alone (a q that reads as a number is still text).
    for (const [token, job] of [
      [titleToken, a],
      [digitsToken, c],
    ] as const) {
      const list = await listJobs(ctx, { q: token });
      ctx.expect(idsOf(list.json).includes(job.id), {
        title: `q=${token} does not find job ${job.id} whose title contains it`,
        expected: 'q matches the job title (spec 4.5)',
        received: `title ${show(job.title)}; listed ids ${show(idsOf(list.json))}`,
      });
      expectOnlyHolders(ctx, token, list);
    }
    await shortWordsFound(ctx);
    await holdersLeaveInTurn(ctx, titleToken, a);
    // A q a loosely typed server reads as empty or false is text too: it lists only the jobs that hold it. A job that
    // holds neither (the tags' digits may hold 0: its title is the case tag in letters, and it has no referenceId)
    // shows a q taken for none.
    const { referenceId: _none, ...plain } = fc.sample(createBodyArb(ctx), { seed: ctx.seedOf?.('falsy') ?? 0, numRuns: 1 })[0]!;
    await createJob(ctx, { ...plain, title: `${lettersOnly(caseTagOf(ctx))} holds neither spelling` });
    for (const token of FALSY_SPELLINGS) {
      const list = await ctx.api.list({ q: token, pageSize: 100 });
      if (isClientError(list.status)) {
        ctx.observe({ topic: 'q.falsy-spellings', section: '4.5', observed: `q=${token}: ${list.status}` });
        continue;
      }
      expectStatus(ctx, list, 200, `GET /jobs?q=${token} answers the list (spec 4.5)`);
      assertJobListBody(list);
      expectOnlyHolders(ctx, token, list as { json: JobList });
    }
  },
);

/**
 * Title words at the short end of q's length (4.5 and 8 bound q by nothing): one character and two, of a script no
 * other rule writes, so the case's job is the newest that holds them. A search that serves only terms of three
 * characters or more (a trigram index) finds nothing for them; every other q the suite sends is longer.
 */
const SHORT_WORDS = ['ჯ', 'ჭღ'];

async function shortWordsFound(ctx: RuleContext): Promise<void> {
  const named = identify(ctx, fc.sample(createBodyArb(ctx), { seed: ctx.seedOf?.('short') ?? 0, numRuns: 1 })[0]!);
  const job = await createJob(ctx, { ...named, title: scopedTitle(ctx, named.referenceId, SHORT_WORDS.join(' ')) });
  for (const word of SHORT_WORDS) {
    const list = await listJobs(ctx, { q: word, pageSize: 100 });
    ctx.expect(idsOf(list.json).includes(job.id), {
      title: `q=${word} (${[...word].length} character(s)) does not find job ${job.id} whose title holds it as a word`,
      expected: 'q matches the job title (spec 4.5), whatever its length: no minimum is stated',
      received: `title ${show(job.title)}; listed ids ${show(idsOf(list.json))}`,
    });
    expectOnlyHolders(ctx, word, list);
  }
}

/**
 * Three jobs hold `token` in their title, `first` the first to take it; they leave it one at a time by title updates:
 * the first holder, then the last, then the one between. After each, q = `token` lists the holders left and none that
 * left (4.5). A word index that removes an entry by moving another into its place, and loses track of the moved one,
 * keeps a job found by a word it no longer has; one that drops the wrong entry loses a holder.
 */
async function holdersLeaveInTurn(ctx: RuleContext, token: string, first: Job): Promise<void> {
  const bodies = fc.sample(createBodyArb(ctx), { seed: ctx.seedOf?.('holders') ?? 0, numRuns: 2 });
  const holders = [first];
  for (const body of bodies) {
    const named = identify(ctx, body);
    holders.push(await createJob(ctx, { ...named, title: scopedTitle(ctx, named.referenceId, `${token} holder`) }));
  }
  for (const leaving of [holders[0]!, holders[2]!, holders[1]!]) {
    const marker = leaving.referenceId as string;
    const res = await ctx.api.putById(leaving.id, { title: scopedTitle(ctx, marker, 'left the word') });
    expectStatus(ctx, res, 200, `PUT /jobs/${leaving.id} with a new title updates the job (spec 4.3)`);
    holders.splice(holders.indexOf(leaving), 1);
    const list = await listJobs(ctx, { q: token, pageSize: 100 });
    const missing = holders.filter((job) => !idsOf(list.json).includes(job.id));
    ctx.expect(missing.length === 0, {
      title: `q=${token} no longer finds job ${missing.map((job) => job.id).join(', ')} once job ${leaving.id} left the word`,
      expected: 'q matches the job title (spec 4.5): a title update of one job leaves the others found',
      received: `listed ids ${show(idsOf(list.json))}`,
    });
    expectOnlyHolders(ctx, token, list);
  }
}

const qReference = qRule(
  {
    id: 'jobs.list.q-reference-id',
    section: '4.5',
    level: 'must',
    title: 'q matches the referenceId',
    statement: 'Matches job title and `referenceId`.',
  },
  async (ctx: RuleContext, { referenceToken, b }) => {
    const list = await listJobs(ctx, { q: referenceToken });
    ctx.expect(idsOf(list.json).includes(b.id), {
      title: `q=${referenceToken} does not find job ${b.id} whose referenceId contains it`,
      expected: 'q matches the referenceId (spec 4.5)',
      received: `referenceId ${show(b.referenceId)}; listed ids ${show(idsOf(list.json))}`,
    });
    expectOnlyHolders(ctx, referenceToken, list);
  },
);

/** The text a job holds beyond its title and referenceId: every other string field, the names of what it points to included. */
function otherTexts(job: Job): string[] {
  const names = (items: ReadonlyArray<{ name?: unknown; description?: unknown; type?: unknown; unit?: unknown }> = []) =>
    items.flatMap((item) => [item.name, item.description, item.type, item.unit]);
  return [
    job.description.replace(/<[^>]*>/g, ' '),
    job.applicationEmail,
    job.applicationUrl,
    ...names(job.locations),
    ...names(job.categories),
    ...names([job.positionType, job.applicantRoutingType, job.employer, ...(job.salary ? [job.salary.period] : [])]),
  ].filter((text): text is string => typeof text === 'string');
}

/**
 * Words of `jobs`' other text fields, as the suite sends q (suites/contract/scope-words.ts: lower-case letters and
 * digits, here 4 or more), that no title or referenceId of them holds, even as a part of a word.
 */
function otherFieldWords(jobs: readonly Job[]): string[] {
  const named = jobs.map((job) => `${job.title} ${job.referenceId ?? ''}`.toLowerCase()).join(' ');
  const words = jobs.flatMap((job) => otherTexts(job).flatMap((text) => text.toLowerCase().split(/[^a-z0-9]+/)));
  return [...new Set(words)].filter((word) => word.length >= 4 && !named.includes(word));
}

/**
 * The ids `jobs` hold, in digits, that no title or referenceId of them holds: the job's own, its employer's, its
 * categories', its locations' and its position type's. A search that falls back to an id when a q of digits matches no
 * text, or searches a row's numbers with its words, lists the job by one (4.5: title and referenceId only).
 */
function idDigits(jobs: readonly Job[]): string[] {
  const named = jobs.map((job) => `${job.title} ${job.referenceId ?? ''}`.toLowerCase()).join(' ');
  const ids = jobs.flatMap((job) => [
    job.id,
    job.employer.id,
    job.positionType?.id,
    ...job.categories.map((c) => c.id),
    ...job.locations.map((l) => l.id),
  ]);
  return [...new Set(ids.filter((id) => typeof id === 'number').map(String))].filter((digits) => !named.includes(digits));
}

/**
 * Words that span a job's title and referenceId as a search text that joins them without a separator writes them:
 * the title's last word then the referenceId's start, and the referenceId's end then the title's start. No reading
 * of "matches" finds one in either field alone (4.5), so a q of one lists nothing of the job.
 */
function acrossTheJoin(jobs: readonly Job[]): string[] {
  const words = jobs.flatMap((job) => {
    const title = job.title.toLowerCase().trim();
    const reference = (job.referenceId ?? '').toLowerCase();
    if (reference === '') return [];
    return [`${title.split(/\s+/).at(-1)}${reference.slice(0, 4)}`, `${reference.slice(-4)}${title.slice(0, 4)}`];
  });
  const fields = jobs.flatMap((job) => [job.title.toLowerCase(), (job.referenceId ?? '').toLowerCase()]);
  return words.filter((word) => SCOPE_WORD.test(word) && !fields.some((field) => field.includes(word)));
}

/**
 * Two jobs whose title and referenceId hold the case's words only: one routed by email, one by URL, each with a word
 * of its own in its description and its address; and a third without a referenceId. q is each word of their other
 * fields (4.5 names title and referenceId only): a server that also searches the description, an address, or the names
 * of a location, a category or the employer lists them; each id they hold in digits (idDigits), which a search that
 * falls back to an id lists; each spelling of an absent value, which a search text that
 * writes the missing referenceId lists; and each word across the join of a title and a referenceId (acrossTheJoin),
 * which a search text that joins them without a separator lists. The words of shared names find other jobs too, so each list is read for these
 * jobs only, on its first page (they are the newest).
 */
const qOtherFields: Implementation = fixedRule(
  {
    id: 'jobs.list.q-other-fields',
    section: '4.5',
    level: 'must',
    title:
      'q matches title and referenceId only: a word held only by another field, an id the job holds in digits, or a ' +
      'spelling of a missing referenceId (null), lists nothing of that job',
    statement: 'Matches job title and `referenceId`.',
  },
  (ctx: RuleContext) =>
    withBodies(ctx, 3, async (bodies) => {
      const word = `${caseTagOf(ctx)}oq`;
      const routes = [
        { applicantRoutingType: { id: 1 }, applicationEmail: `${word}@example.com` },
        { applicantRoutingType: { id: 2 }, applicationUrl: `https://example.com/${word}` },
      ];
      const jobs: Job[] = [];
      for (const [i, route] of routes.entries()) {
        const body = identify(ctx, bodies[i] ?? {});
        const { applicationEmail: _email, applicationUrl: _url, ...rest } = body;
        const description = `<p>${word}</p>${typeof body.description === 'string' ? body.description : ''}`;
        jobs.push(await createJob(ctx, { ...rest, ...route, description, title: scopedTitle(ctx, body.referenceId, 'job') }));
      }
      jobs.push(await createJob(ctx, anonymous(ctx, bodies[2] ?? {})));
      const named = jobs.map((job) => `${job.title} ${job.referenceId ?? ''}`.toLowerCase()).join(' ');
      const absent = ABSENT_SPELLINGS.filter((spelling) => !named.includes(spelling));
      for (const q of [...otherFieldWords(jobs), ...idDigits(jobs), ...absent, ...acrossTheJoin(jobs)]) {
        const listed = idsOf((await listJobs(ctx, { q, pageSize: 100 })).json);
        const found = jobs.filter((job) => listed.includes(job.id));
        ctx.expect(found.length === 0, {
          title: `q=${q} lists job ${found.map((job) => job.id).join(', ')}, whose title and referenceId do not hold it`,
          expected: 'q matches job title and referenceId (spec 4.5), not the other fields of a job',
          received: found.map((job) => `job ${job.id}: title ${show(job.title)}, referenceId ${show(job.referenceId)}`).join('\n'),
        });
      }
    }),
);

const STATUSES: Array<Job['status']> = ['active', 'archived', 'draft'];

/** q and status filter, and without them nothing is filtered, in every combination of the list parameters (suites/checks/list-matrix.ts). */
const statusFilter: Implementation = matrixRule(
  {
    id: 'jobs.list.status-filter',
    section: '4.5',
    level: 'must',
    title:
      'q and status return exactly the matching jobs, and without them nothing is filtered, in every combination of the list parameters',
    statement: 'status | String | No | `active`, `archived` or `draft`.',
    exclusive: true,
  },
  'filter',
);

const allStatuses: Implementation = fixedRule(
  {
    id: 'jobs.list.all-statuses',
    section: '4.5',
    level: 'must',
    title: 'Without status, jobs of every status are listed',
    statement: 'When omitted, all statuses are returned.',
  },
  (ctx: RuleContext) =>
    withBodies(ctx, 3, async (bodies) => {
      const jobs = await fixture(ctx, bodies, STATUSES);
      const list = await listJobs(ctx, { q: caseTagOf(ctx) });
      const expected = sortedIds(jobs.map((job) => job.id));
      ctx.expect(jsonEqual(sortedIds(idsOf(list.json)), expected), {
        title: 'the list without status misses jobs',
        expected: `every status when status is omitted (spec 4.5): ${show(expected)}`,
        received: list.json.data.map((item) => `${item.id} ${item.status}`).join('\n') || 'no jobs',
      });
    }),
);

const pageSizeDefault: Implementation = fixedRule(
  {
    id: 'jobs.list.page-size-default',
    section: '4.5',
    level: 'must',
    title: 'Without pageSize, pages hold 10 jobs',
    statement: 'pageSize | Int32 | No | Default 10.',
  },
  (ctx: RuleContext) =>
    withBodies(ctx, 3, async (bodies) => {
      await fixture(
        ctx,
        bodies,
        Array.from({ length: 11 }, () => undefined),
      );
      const list = await listJobs(ctx, { q: caseTagOf(ctx) });
      const { paging } = list.json;
      ctx.expect(paging.pageSize === 10 && list.json.data.length === 10 && paging.total === 11, {
        title: `default page: pageSize ${paging.pageSize}, ${list.json.data.length} items of ${paging.total}`,
        expected: 'pageSize default 10 (spec 4.5, 8): 10 of the 11 matching jobs on page 1',
        received: `paging ${show(paging)}, ${list.json.data.length} items`,
      });
    }),
);

/**
 * What a link departs from only under the reading that it names the page size even where the request named none: the
 * problems linkProblems finds with the size counted as sent and not without. The rest is jobs.paging.next-follows'.
 */
function unnamedSizeProblems(link: string, address: Omit<PageAddress, 'pageSizeSent'>): string[] {
  const lenient = new Set(linkProblems(link, { ...address, pageSizeSent: false }));
  return linkProblems(link, { ...address, pageSizeSent: true }).filter((problem) => !lenient.has(problem));
}

/**
 * A list asked without pageSize: its links repeat the page size in effect all the same (2.8: "It repeats the active
 * filters and page size in its query string"). A link without it still leads to a page of the default size while the
 * default stays what it is, so this is good practice, not a must: the list matrix accepts such a link.
 */
const pageSizeDefaultLinks: Implementation = fixedRule(
  {
    id: 'jobs.list.page-size-default-links',
    section: '2.8',
    level: 'should',
    title: 'Without pageSize, next and previous still name the page size in effect',
    statement: 'Good practice; the spec says: Address of the next page. It repeats the active filters and page size in its query string.',
  },
  (ctx: RuleContext) =>
    withBodies(ctx, 3, async (bodies) => {
      const size = listLimits.pageSizeDefault;
      await fixture(
        ctx,
        bodies,
        Array.from({ length: size + 1 }, () => undefined),
      );
      const q = caseTagOf(ctx);
      const first = await listJobs(ctx, { q });
      const expectNamed = (page: ListRes, name: 'next' | 'previous', to: number): void => {
        const link = page.json.paging[name];
        // A missing link, or one that leads elsewhere, is jobs.paging.next-follows' to judge.
        const problems = typeof link === 'string' ? unnamedSizeProblems(link, { q, pageSize: page.json.paging.pageSize, page: to }) : [];
        ctx.expect(problems.length === 0, {
          title: `GET /jobs?q=${q} (no pageSize): ${name} does not name the page size in effect`,
          expected: `${name} repeats the page size in its query string, the default in effect too (spec 2.8)`,
          received: `${name} ${show(link)}: ${problems.join(', ')}`,
          failingExchange: page.exchange,
        });
      };
      expectNamed(first, 'next', 2);
      if (typeof first.json.paging.next !== 'string') return;
      expectNamed(await follow(ctx, first.json.paging.next, first), 'previous', 1);
    }),
);

const pageDefault: Implementation = fixedRule(
  {
    id: 'jobs.list.page-default',
    section: '4.5',
    level: 'must',
    title: 'Without page, the first page is returned',
    statement: 'page | Int32 | No | Default 1.',
  },
  (ctx: RuleContext) =>
    withBodies(ctx, 3, async (bodies) => {
      const jobs = await fixture(ctx, bodies, [undefined, undefined, undefined]);
      const list = await listJobs(ctx, { q: caseTagOf(ctx), pageSize: 2 });
      const first = await listJobs(ctx, { q: caseTagOf(ctx), pageSize: 2, page: 1 });
      ctx.expect(list.json.paging.page === 1 && jsonEqual(idsOf(list.json), idsOf(first.json)), {
        title: `the list without page is page ${list.json.paging.page}`,
        expected: 'page default 1 (spec 4.5, 8)',
        received: `without page: page ${list.json.paging.page}, ids ${show(idsOf(list.json))}; page=1: ids ${show(idsOf(first.json))} (of ${jobs.length})`,
      });
    }),
);

// §4.5, 8: pageSize maximum 100. One job more than a full page: the largest page is full and a next page holds the rest.
const MAX_PAGE_SIZE = listLimits.pageSizeMax;
const OVER_A_FULL_PAGE = MAX_PAGE_SIZE + 1;

/** The filters a list is asked with beside the case's q. */
interface PageFilters {
  status?: Job['status'];
}

const filtersText = (filters: PageFilters): string => (filters.status === undefined ? '' : ` with status=${filters.status}`);

/**
 * Judges the first page of this case's OVER_A_FULL_PAGE jobs at the page size in effect: full, counted, and with a
 * next link that repeats q and that size (not the size asked for, when the server clamped it) and leads to the rest.
 */
async function judgeFullPages(
  ctx: RuleContext,
  first: ListRes,
  jobs: readonly Job[],
  asked: number,
  filters: PageFilters = {},
): Promise<ListRes> {
  const { data, paging } = first.json;
  const size = paging.pageSize;
  const pages = Math.ceil(jobs.length / size);
  const asking = `pageSize=${asked}${filtersText(filters)}`;
  ctx.expect(data.length === Math.min(size, jobs.length) && paging.total === jobs.length && paging.pages === pages, {
    title: `${asking} over ${jobs.length} jobs: ${data.length} items, total ${paging.total}, pages ${paging.pages}`,
    expected: `pageSize ${size} in effect over ${jobs.length} matching jobs: ${Math.min(size, jobs.length)} items, ${pages} pages (spec 4.5, 2.8)`,
    received: `paging ${show(paging)}`,
    failingExchange: first.exchange,
  });
  const address = { q: caseTagOf(ctx), ...filters, pageSize: size, pageSizeSent: true, page: 2 };
  const problems = typeof paging.next === 'string' ? linkProblems(paging.next, address) : ['no next link'];
  ctx.expect(problems.length === 0, {
    title: `${asking}: next does not address page 2 at the page size in effect (${size})`,
    expected: 'next repeats the active filters and the page size in effect (spec 2.8)',
    received: `next ${show(paging.next)}: ${problems.join(', ')}`,
    failingExchange: first.exchange,
  });
  const second = await follow(ctx, paging.next as string, first);
  const ids = new Set(jobs.map((job) => job.id));
  const both = [...idsOf(first.json), ...idsOf(second.json)];
  const rest = Math.min(size, jobs.length - size);
  ctx.expect(second.json.data.length === rest && new Set(both).size === both.length && both.every((id) => ids.has(id)), {
    title: `${asking}: page 2 through next holds ${second.json.data.length} items, expected ${rest} others`,
    expected: `page 2 of pageSize ${size}: the next ${rest} matching jobs, none of page 1 (spec 4.5, 2.8)`,
    received: `page 1 ids ${show(idsOf(first.json))}; page 2 ids ${show(idsOf(second.json))}`,
    failingExchange: second.exchange,
  });
  return second;
}

const pageSizeMax: Implementation = fixedRule(
  {
    id: 'jobs.list.page-size-100',
    section: '4.5',
    level: 'must',
    title: 'pageSize=100 (the maximum) and 99 are accepted: a full page of each, and next leads to the rest',
    statement: 'Default 10. Maximum 100.',
  },
  (ctx: RuleContext) =>
    withBodies(ctx, 1, async (bodies) => {
      const jobs = await fixture(
        ctx,
        bodies,
        Array.from({ length: OVER_A_FULL_PAGE }, () => undefined),
      );
      // The largest page size, then the one inside it: a server off by one at the maximum may clamp either.
      for (const size of [MAX_PAGE_SIZE, MAX_PAGE_SIZE - 1]) {
        const list = await listJobs(ctx, { q: caseTagOf(ctx), pageSize: size });
        ctx.expect(list.json.paging.pageSize === size, {
          title: `pageSize=${size} gave pageSize ${list.json.paging.pageSize}`,
          expected: `pageSize maximum 100 (spec 4.5, 8): ${size} is in effect`,
          received: `paging ${show(list.json.paging)}`,
        });
        await judgeFullPages(ctx, list, jobs, size);
      }
    }),
);

// The nearest invalid page size: a server wrong by one at the maximum is wrong exactly there.
const PAGE_SIZE_OVER_MAX = MAX_PAGE_SIZE + 1;

/**
 * pageSize over the maximum with the case's q and `filters`: refused (observed), or served at most 100 at a time, its
 * next link and a page 2 asked with the size sent keeping the size in effect.
 */
async function judgeOverMax(ctx: RuleContext, jobs: readonly Job[], filters: PageFilters): Promise<void> {
  const asking = `pageSize=${PAGE_SIZE_OVER_MAX}${filtersText(filters)}`;
  const res = await ctx.api.client.request<JobList>({
    method: 'GET',
    path: '/jobs',
    query: { q: caseTagOf(ctx), ...filters, pageSize: PAGE_SIZE_OVER_MAX },
  });
  if (isClientError(res.status)) {
    ctx.observe({ topic: 'page-size-over-max', section: '8', observed: `rejected with ${res.status}` });
    return;
  }
  expectStatus(ctx, res, 200, `${asking} is rejected with a 4xx or served with at most 100 (spec 4.5, 8)`);
  assertJobListBody(res);
  const pageSize = res.json?.paging?.pageSize;
  ctx.observe({ topic: 'page-size-over-max', section: '8', observed: `clamped to ${show(pageSize)}` });
  ctx.expect(typeof pageSize === 'number' && pageSize >= 1 && pageSize <= MAX_PAGE_SIZE, {
    title: `${asking} was served with pageSize ${show(pageSize)}`,
    expected: 'pageSize maximum 100 (spec 4.5, 8): the page size in effect is at most 100',
    received: responseLine(res),
    failingExchange: res.exchange,
  });
  const second = await judgeFullPages(ctx, res as ListRes, jobs, PAGE_SIZE_OVER_MAX, filters);
  // A client that keeps the size it sent asks for page 2 with it: served at the same size in effect, it is the
  // page next led to (an offset counted with the size sent leaves jobs on no page).
  const direct = await listJobs(ctx, { q: caseTagOf(ctx), ...filters, pageSize: PAGE_SIZE_OVER_MAX, page: 2 });
  const sorted = (list: JobList): number[] => idsOf(list).sort((a, b) => a - b);
  ctx.expect(
    direct.json.paging.page === 2 && direct.json.paging.pageSize === pageSize && jsonEqual(sorted(direct.json), sorted(second.json)),
    {
      title: `page=2&${asking} is not the page 2 that next leads to`,
      expected: `page 2 at the page size in effect, ${show(pageSize)}: the jobs after the first page (spec 4.5, 2.8)`,
      received:
        `page=2&${asking}: paging ${show(direct.json.paging)}, ids ${show(idsOf(direct.json))}; ` +
        `through next: ids ${show(idsOf(second.json))}`,
      failingExchange: direct.exchange,
    },
  );
}

const pageSizeOverMax: Implementation = fixedRule(
  {
    id: 'jobs.list.page-size-over-max',
    section: '8',
    level: 'must',
    title:
      'pageSize over 100, alone and with a status, is rejected (4xx) or clamped to at most 100, which the next link and ' +
      'page 2 asked with it then keep',
    statement: 'pageSize | Default 10, maximum 100',
  },
  (ctx: RuleContext) =>
    withBodies(ctx, 1, async (bodies) => {
      const jobs = await fixture(
        ctx,
        bodies,
        Array.from({ length: OVER_A_FULL_PAGE }, () => undefined),
      );
      // The limit holds in every combination of the list's parameters: a server may serve a status list by a path of
      // its own, with a cap of its own. The case's jobs were all made alike, so they share one status.
      for (const filters of [{}, { status: jobs[0]!.status }]) await judgeOverMax(ctx, jobs, filters);
    }),
);

export const listRules: Implementation[] = [
  headerFields,
  headerValues,
  headerValuesEveryList,
  sorted,
  qTitle,
  qReference,
  qOtherFields,
  statusFilter,
  allStatuses,
  pageSizeDefault,
  pageSizeDefaultLinks,
  pageDefault,
  pageSizeMax,
  pageSizeOverMax,
];
