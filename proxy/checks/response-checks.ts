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
import type { Findings } from './findings.js';
import type { ObservedExchange } from './observed-exchange.js';
import { checkPaging } from './paging-checks.js';

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
function checkJobBody(x: ObservedExchange, findings: Findings, rule: string, what: string, id?: string): void {
  const problem =
    x.response.jsonError !== undefined
      ? `not JSON: ${x.response.jsonError}`
      : x.job()
        ? undefined
        : issuesOf(validators.job(x.response.json), x.response.json);
  findings.check(
    rule,
    'server',
    problem === undefined,
    () => ({ title: `${line(x)} without a Job (full) as its body`, expected: `${what}; the Job of spec 2.1`, received: problem! }),
    [x],
  );
  if (problem === undefined && id !== undefined) {
    const got = (x.response.json as { id: unknown }).id;
    findings.check(
      rule,
      'server',
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
    findings.check(
      'jobs.limits.salary-four-decimals',
      'server',
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

function checkCreate(x: ObservedExchange, findings: Findings, status: number): void {
  findings.check(
    'jobs.create.status-201',
    'server',
    status === 201,
    () => ({ title: `${line(x)}`, expected: '201 for a created job (spec 4.2, 7)', received: `status ${status}` }),
    [x],
  );
  checkJobBody(x, findings, 'jobs.create.status-201', 'the body is the created Job (full), spec 4.2');
  const location = headerOf(x.captured.responseHeaders, 'location');
  const id = (x.response.json as { id?: unknown } | undefined)?.id;
  let path: string | undefined;
  try {
    path = location === undefined ? undefined : new URL(location, 'http://proxy.invalid/').pathname;
  } catch {
    path = undefined;
  }
  findings.check(
    'jobs.create.location-header',
    'server',
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

function checkDelete(x: ObservedExchange, findings: Findings, status: number): void {
  const empty = x.response.bytes === 0;
  findings.check(
    deleteRule(x),
    'server',
    status === 204 && empty,
    () => ({
      title: `${line(x)}${empty ? '' : ' with a body'}`,
      expected: '204 with no body (spec 4.4)',
      received: `${status}${empty ? '' : ` ${show(x.response.text ?? '')}`}`,
    }),
    [x],
  );
}

function checkList(x: ObservedExchange, findings: Findings, query: URLSearchParams): void {
  const list = x.list();
  const result = list ? undefined : validators.jobList(x.response.json);
  const dataIssue = result !== undefined && !result.ok && result.issues.some((issue) => !issue.path.startsWith('/paging'));
  const problem =
    x.response.jsonError !== undefined ? `not JSON: ${x.response.jsonError}` : list ? undefined : issuesOf(result!, x.response.json);
  findings.check(
    dataIssue || x.response.jsonError !== undefined ? 'jobs.list.header-fields' : 'jobs.paging.total',
    'server',
    problem === undefined,
    () => ({
      title: `${line(x)} without a job list`,
      expected: '{data: Job header[], paging} (spec 4.5, 2.7, 2.8)',
      received: problem!,
    }),
    [x],
  );
  if (!list) return;
  const { data, paging } = list;
  const status = query.get('status');
  if (status !== null && STATUSES.has(status)) {
    const others = data.filter((job) => job.status !== status);
    findings.check(
      'jobs.list.status-filter',
      'server',
      others.length === 0,
      () => ({
        title: `GET /jobs?status=${status} listed jobs in another status`,
        expected: `only ${status} jobs (spec 4.5)`,
        received: others.map((job) => `${job.id}: ${job.status}`).join(', '),
      }),
      [x],
    );
  }
  const instants = data.map((job) => (hasTime(job.publishDate) ? instantMs(job.publishDate) : writtenDay(job.publishDate) * 86_400_000));
  const comparable = data.every((job) => hasTime(job.publishDate)) || data.every((job) => !hasTime(job.publishDate));
  if (comparable && instants.every(Number.isFinite)) {
    const at = instants.findIndex((value, i) => i > 0 && value > instants[i - 1]!);
    findings.check(
      'jobs.list.sorted',
      'server',
      at < 0,
      () => ({
        title: 'the list is not sorted by publishDate, newest first',
        expected: 'publishDate descending (spec 4.5)',
        received: `${data[at - 1]!.publishDate} before ${data[at]!.publishDate}`,
      }),
      [x],
    );
  }
  checkPaging(x, findings, query, data.length, paging);
  // Judged by meaning (judging/paging.ts): the filters sent and the page size in effect, in any URL form.
  if (typeof paging.next === 'string') {
    const problems = linkProblems(paging.next, {
      q: query.get('q') ?? undefined,
      status: query.get('status') ?? undefined,
      pageSize: paging.pageSize,
      pageSizeSent: query.get('pageSize') !== null,
      page: paging.page + 1,
    });
    findings.check(
      'jobs.paging.next-follows',
      'server',
      problems.length === 0,
      () => ({
        title: 'next does not repeat the active filters and page size',
        expected: 'next repeats the active filters and page size in its query string (spec 2.8)',
        received: `next ${paging.next}: ${problems.join(', ')}`,
      }),
      [x],
    );
  }
}

/**
 * Applies the stateless server rules to one exchange (success answers only).
 *
 * @example
 * checkResponse(observed, findings);
 */
export function checkResponse(x: ObservedExchange, findings: Findings): void {
  const status = x.captured.status;
  if (status === undefined || !isSuccess(status) || x.response.problem !== undefined) return;
  const { op } = x;
  switch (op.kind) {
    case 'create':
      return checkCreate(x, findings, status);
    case 'get':
      findings.check(
        'proxy.server.success-status',
        'server',
        status === 200,
        () => ({ title: line(x), expected: '200 with one Job (spec 4.1, 7)', received: `status ${status}` }),
        [x],
      );
      return checkJobBody(x, findings, 'proxy.server.job-body', 'one Job (full), spec 4.1', op.id);
    case 'put-by-id':
      findings.check(
        'jobs.update.status-200',
        'server',
        status === 200,
        () => ({ title: line(x), expected: '200 with the full Job (spec 4.3)', received: `status ${status}` }),
        [x],
      );
      return checkJobBody(x, findings, 'jobs.update.status-200', 'the full Job, spec 4.3', op.id);
    case 'put-by-reference':
      // 4.3: an update answers 200; the status of a PUT that creates is not shown. Either way the body is the Job.
      return checkJobBody(x, findings, 'jobs.update.by-reference', 'the full Job, spec 4.3');
    case 'delete-by-id':
    case 'delete-by-reference':
      return checkDelete(x, findings, status);
    case 'list':
      if (status === 200) checkList(x, findings, op.query);
      else
        findings.check(
          'proxy.server.success-status',
          'server',
          false,
          () => ({ title: line(x), expected: '200 with the job list (spec 4.5, 7)', received: `status ${status}` }),
          [x],
        );
      return;
    default:
      return;
  }
}
