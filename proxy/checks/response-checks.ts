/**
 * @module Server-side checks of one exchange, without state: the success
 * status of each operation (7, 4.2-4.5), the body against the response
 * schemas shared with the suite, the Location of a 201 (4.2), a 204 without
 * body (4.4), four decimals in salary amounts (2.5), and the list's filter,
 * order and paging object (4.5, 2.8). Error answers are left alone: their
 * status codes and bodies are not shown (7).
 */
import { formatIssues, validators, type ValidationResult } from '../../schemas/index.js';
import { linkProblems } from '../../judging/paging.js';
import { amountsWithoutFourDecimals } from '../../judging/amount-decimals.js';
import { hasTime, instantMs, show, writtenDay } from '../../judging/compare.js';
import { headerOf } from '../relay/captured-exchange.js';
import { checkOf, type ProxyCheck, type Verdicts } from './check.js';
import type { ObservedExchange } from './observed-exchange.js';
import { checkPaging, PAGING_RULES } from './paging-checks.js';

const isSuccess = (status: number): boolean => status >= 200 && status <= 299;
const STATUSES = new Set(['active', 'archived', 'draft']);

/** The issues of a failed validation, one line each. */
function issuesOf(result: ValidationResult<unknown>, data: unknown): string {
  return result.ok ? '' : formatIssues(result.issues, { data });
}

/** Rule ids a DELETE's answer is judged under, by how the job was named (4.4, 4.7). */
function deleteRule(x: ObservedExchange): string {
  if (x.op.kind === 'delete-by-reference') return 'jobs.lifecycle.delete-by-reference';
  return x.op.kind === 'delete-by-id' && x.op.override ? 'jobs.lifecycle.delete-by-override' : 'jobs.lifecycle.delete-by-id';
}

function line(x: ObservedExchange): string {
  return `${x.captured.method} ${x.captured.url.split('?')[0]} answered ${x.captured.status}`;
}

/** The job id of a path (`103`, `0103`: the same Int32) is the body's id. */
function sameJobId(got: unknown, pathId: string): boolean {
  return /^\d+$/.test(pathId) ? got === Number(pathId) : String(got) === pathId;
}

/** The body must be a Job (full); `id`, when given, must be its id. */
function checkJobBody(x: ObservedExchange, out: Verdicts, rule: string, what: string, id?: string): void {
  const problem =
    x.response.jsonError !== undefined
      ? `not JSON: ${x.response.jsonError}`
      : x.job()
        ? undefined
        : issuesOf(validators.job(x.response.json), x.response.json);
  out.check(
    rule,
    problem === undefined,
    () => ({ title: `${line(x)} without a Job (full) as its body`, expected: `${what}; the Job of spec 2.1`, received: problem! }),
    [x],
  );
  if (problem === undefined && id !== undefined) {
    const got = (x.response.json as { id: unknown }).id;
    out.check(
      rule,
      sameJobId(got, id),
      () => ({
        title: `${line(x)} with another job (id ${show(got)})`,
        expected: `the job ${id} of the path`,
        received: `id ${show(got)}`,
      }),
      [x],
    );
  }
  if (x.response.text !== undefined) {
    const amounts = amountsWithoutFourDecimals(x.response.text);
    out.check(
      'jobs.limits.salary-four-decimals',
      amounts.length === 0,
      () => ({
        title: `${line(x)} with a salary amount without four decimal places`,
        expected: 'salary.amount with four decimal places (spec 2.5: "Responses carry four decimal places")',
        received: amounts.join(', '),
      }),
      [x],
    );
  }
}

function checkCreate(x: ObservedExchange, out: Verdicts, status: number): void {
  out.check(
    'jobs.create.status-201',
    status === 201,
    () => ({ title: `${line(x)}`, expected: '201 for a created job (spec 4.2, 7)', received: `status ${status}` }),
    [x],
  );
  checkJobBody(x, out, 'jobs.create.status-201', 'the body is the created Job (full), spec 4.2');
  const location = headerOf(x.captured.responseHeaders, 'location');
  const id = (x.response.json as { id?: unknown } | undefined)?.id;
  let path: string | undefined;
  try {
    path = location === undefined ? undefined : new URL(location, 'http://proxy.invalid/').pathname;
  } catch {
    path = undefined;
  }
  out.check(
    'jobs.create.location-header',
    path !== undefined && (id === undefined || path.endsWith(`/jobs/${String(id)}`)),
    () => ({
      title:
        location === undefined ? `${line(x)} without a Location header` : `${line(x)} with a Location that is not the new job's address`,
      expected: `Location: {base_url}/api/v1.1/jobs/${id === undefined ? '<job_id>' : String(id)} (spec 4.2)`,
      received: location === undefined ? 'no Location header' : `Location: ${location}`,
    }),
    [x],
  );
}

function checkDelete(x: ObservedExchange, out: Verdicts, status: number): void {
  const empty = x.response.bytes === 0;
  out.check(
    deleteRule(x),
    status === 204 && empty,
    () => ({
      title: `${line(x)}${empty ? '' : ' with a body'}`,
      expected: '204 with no body (spec 4.4)',
      received: `${status}${empty ? '' : ` ${show(x.response.text ?? '')}`}`,
    }),
    [x],
  );
}

/** The status of a success answer whose body could be read; undefined for any other (error answers are not shown, 7). */
function successStatus(x: ObservedExchange): number | undefined {
  const status = x.captured.status;
  return status === undefined || !isSuccess(status) || x.response.problem !== undefined ? undefined : status;
}

/** A server check of the success answers of one kind of operation. */
function answerCheck(
  id: string,
  rules: readonly string[],
  kinds: readonly string[],
  body: (out: Verdicts, x: ObservedExchange, status: number) => void,
): ProxyCheck {
  return {
    id,
    side: 'server',
    rules,
    run: checkOf('server', (out, _model, x) => {
      const status = successStatus(x);
      if (status !== undefined && kinds.includes(x.op.kind)) body(out, x, status);
    }),
  };
}

const DECIMALS = 'jobs.limits.salary-four-decimals';

/** 4.2, 7: 201, the created Job, its Location. */
export const createAnswer = answerCheck(
  'create-answer',
  ['jobs.create.status-201', DECIMALS, 'jobs.create.location-header'],
  ['create'],
  (out, x, status) => checkCreate(x, out, status),
);

/** 4.1, 7: 200 with the Job of the path. */
export const readAnswer = answerCheck(
  'read-answer',
  ['proxy.server.success-status', 'proxy.server.job-body', DECIMALS],
  ['get'],
  (out, x, status) => {
    out.check(
      'proxy.server.success-status',
      status === 200,
      () => ({ title: line(x), expected: '200 with one Job (spec 4.1, 7)', received: `status ${status}` }),
      [x],
    );
    checkJobBody(x, out, 'proxy.server.job-body', 'one Job (full), spec 4.1', idOf(x));
  },
);

/** 4.3: 200 with the full Job of the path. */
export const updateAnswer = answerCheck('update-answer', ['jobs.update.status-200', DECIMALS], ['put-by-id'], (out, x, status) => {
  out.check(
    'jobs.update.status-200',
    status === 200,
    () => ({ title: line(x), expected: '200 with the full Job (spec 4.3)', received: `status ${status}` }),
    [x],
  );
  checkJobBody(x, out, 'jobs.update.status-200', 'the full Job, spec 4.3', idOf(x));
});

/** 4.3: an update answers 200; the status of a PUT that creates is not shown. Either way the body is the Job. */
export const updateByReferenceAnswer = answerCheck(
  'update-by-reference-answer',
  ['jobs.update.by-reference', DECIMALS],
  ['put-by-reference'],
  (out, x) => checkJobBody(x, out, 'jobs.update.by-reference', 'the full Job, spec 4.3'),
);

/** 4.4, 4.7: 204 with no body, whichever way the job was named. */
export const deleteAnswer = answerCheck(
  'delete-answer',
  ['jobs.lifecycle.delete-by-id', 'jobs.lifecycle.delete-by-reference', 'jobs.lifecycle.delete-by-override'],
  ['delete-by-id', 'delete-by-reference'],
  (out, x, status) => checkDelete(x, out, status),
);

/** 4.5, 7: a list answers 200. */
export const listStatus = answerCheck('list-status', ['proxy.server.success-status'], ['list'], (out, x, status) => {
  if (status !== 200)
    out.check(
      'proxy.server.success-status',
      false,
      () => ({ title: line(x), expected: '200 with the job list (spec 4.5, 7)', received: `status ${status}` }),
      [x],
    );
});

const queryOf = (x: ObservedExchange): URLSearchParams => (x.op.kind === 'list' ? x.op.query : new URLSearchParams());
const idOf = (x: ObservedExchange): string | undefined => ('id' in x.op ? x.op.id : undefined);

/** A check of a 200 list answer. */
function listCheck(id: string, rules: readonly string[], body: (out: Verdicts, x: ObservedExchange, query: URLSearchParams) => void) {
  return answerCheck(id, rules, ['list'], (out, x, status) => {
    if (status === 200) body(out, x, queryOf(x));
  });
}

/** 4.5, 2.7, 2.8: the body is a job list. */
export const listBody = listCheck('list-body', ['jobs.list.header-fields', 'jobs.paging.total'], (out, x) => {
  const list = x.list();
  const result = list ? undefined : validators.jobList(x.response.json);
  const dataIssue = result !== undefined && !result.ok && result.issues.some((issue) => !issue.path.startsWith('/paging'));
  const problem =
    x.response.jsonError !== undefined ? `not JSON: ${x.response.jsonError}` : list ? undefined : issuesOf(result!, x.response.json);
  out.check(
    dataIssue || x.response.jsonError !== undefined ? 'jobs.list.header-fields' : 'jobs.paging.total',
    problem === undefined,
    () => ({
      title: `${line(x)} without a job list`,
      expected: '{data: Job header[], paging} (spec 4.5, 2.7, 2.8)',
      received: problem!,
    }),
    [x],
  );
});

/** 4.5: status=<s> lists only jobs in that status. */
export const listStatusFilter = listCheck('list-status-filter', ['jobs.list.status-filter'], (out, x, query) => {
  const data = x.list()?.data;
  const status = query.get('status');
  if (data === undefined || status === null || !STATUSES.has(status)) return;
  const others = data.filter((job) => job.status !== status);
  out.check(
    'jobs.list.status-filter',
    others.length === 0,
    () => ({
      title: `GET /jobs?status=${status} listed jobs in another status`,
      expected: `only ${status} jobs (spec 4.5)`,
      received: others.map((job) => `${job.id}: ${job.status}`).join(', '),
    }),
    [x],
  );
});

/** 4.5: publishDate descending, judged where the dates compare (all with a time, or all days). */
export const listSorted = listCheck('list-sorted', ['jobs.list.sorted'], (out, x) => {
  const data = x.list()?.data;
  if (data === undefined) return;
  const instants = data.map((job) => (hasTime(job.publishDate) ? instantMs(job.publishDate) : writtenDay(job.publishDate) * 86_400_000));
  const comparable = data.every((job) => hasTime(job.publishDate)) || data.every((job) => !hasTime(job.publishDate));
  if (!comparable || !instants.every(Number.isFinite)) return;
  const at = instants.findIndex((value, i) => i > 0 && value > instants[i - 1]!);
  out.check(
    'jobs.list.sorted',
    at < 0,
    () => ({
      title: 'the list is not sorted by publishDate, newest first',
      expected: 'publishDate descending (spec 4.5)',
      received: `${data[at - 1]!.publishDate} before ${data[at]!.publishDate}`,
    }),
    [x],
  );
});

/** 2.8, 4.5, 8: the paging object against itself and the query, and next repeating the filters and page size. */
export const listPaging = listCheck('list-paging', PAGING_RULES, (out, x, query) => {
  const list = x.list();
  if (list === undefined) return;
  const { data, paging } = list;
  checkPaging(x, out, query, data.length, paging);
  // Judged by meaning (judging/paging.ts): the filters sent and the page size in effect, in any URL form.
  if (typeof paging.next !== 'string') return;
  const problems = linkProblems(paging.next, {
    q: query.get('q') ?? undefined,
    status: query.get('status') ?? undefined,
    pageSize: paging.pageSize,
    pageSizeSent: query.get('pageSize') !== null,
    page: paging.page + 1,
  });
  out.check(
    'jobs.paging.next-follows',
    problems.length === 0,
    () => ({
      title: 'next does not repeat the active filters and page size',
      expected: 'next repeats the active filters and page size in its query string (spec 2.8)',
      received: `next ${paging.next}: ${problems.join(', ')}`,
    }),
    [x],
  );
});

/** The stateless server-side checks, in the order they apply. */
export const RESPONSE_CHECKS: readonly ProxyCheck[] = [
  createAnswer,
  readAnswer,
  updateAnswer,
  updateByReferenceAnswer,
  deleteAnswer,
  listStatus,
  listBody,
  listStatusFilter,
  listSorted,
  listPaging,
];
