/**
 * @module The unit tests of the proxy's checks: exchanges built from a few fields, a short sequence of them run
 * through a fresh StateModel as the Inspector runs them (the model learns each exchange, then the check judges the
 * last one against the view the model answered), and a table of cases per check module whose rows cover its list.
 */
import { expect, it } from 'vitest';
import { Redactor } from '../../reports/redactor.js';
import { exampleJob, headerOf } from '../../schemas/spec-examples.js';
import type { Job, JobList, Paging } from '../../schemas/types.gen.js';
import { API_PREFIX, METHOD_OVERRIDE_HEADER } from '../../vocabulary/index.js';
import type { CapturedExchange } from '../relay/captured-exchange.js';
import type { ProxyCheck, Verdict } from './check.js';
import { observe } from './observed-exchange.js';
import { EMPTY_VIEW, StateModel } from './state-model.js';

export const KEY = 'k-1';
export const OTHER_KEY = 'k-2';
const TARGET = new URL('http://target.test');

/** One exchange of a case: the request, and the answer when there was one (no `status`: the target never answered). */
export interface Step {
  readonly method: string;
  /** The path under the API root, query included: `/jobs/1?x=y`. */
  readonly path: string;
  /** The API-Key sent; null sends none. */
  readonly key?: string | null;
  readonly body?: unknown;
  /** The request's Content-Type when it has a body; null sends none. */
  readonly contentType?: string | null;
  readonly headers?: readonly string[];
  readonly status?: number;
  /** The response body: JSON unless a string. */
  readonly answer?: unknown;
  readonly answerHeaders?: readonly string[];
}

const bytesOf = (body: unknown): Buffer | undefined =>
  body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));

/** The n-th exchange of a sequence: each starts after the one before has ended (their order is certain). */
function captured(step: Step, n: number): CapturedExchange {
  const key = step.key === undefined ? KEY : step.key;
  const requestBody = bytesOf(step.body);
  const contentType = step.contentType === undefined ? 'application/json' : step.contentType;
  const requestHeaders = [
    ...(key === null ? [] : ['API-Key', key]),
    ...(requestBody && contentType !== null ? ['Content-Type', contentType] : []),
    ...(step.headers ?? []),
  ];
  const responseBody = bytesOf(step.answer);
  const answered = step.status === undefined ? {} : { status: step.status, responseHeaders: [...(step.answerHeaders ?? [])] };
  return {
    startSeq: 2 * n + 1,
    endSeq: 2 * n + 2,
    startedAt: n,
    durationMs: 1,
    method: step.method,
    url: `${API_PREFIX}${step.path}`,
    requestHeaders,
    ...(requestBody ? { requestBody } : {}),
    ...answered,
    ...(responseBody && step.status !== undefined ? { responseBody } : {}),
  };
}

/** The verdicts `check` gives the last step, after the model has learnt the steps before it, as the Inspector applies it. */
export function verdictsOf(check: ProxyCheck, steps: readonly Step[]): readonly Verdict[] {
  const model = new StateModel();
  const redactor = new Redactor();
  let verdicts: readonly Verdict[] = [];
  steps.forEach((step, n) => {
    const exchange = captured(step, n);
    model.started(exchange);
    const x = observe(exchange, TARGET, redactor);
    if (exchange.status === undefined) {
      model.failed(x);
      verdicts = check.side === 'server' ? [] : check.run(EMPTY_VIEW, x);
    } else verdicts = check.run(model.record(x), x);
  });
  return verdicts;
}

/** The rule ids of the failed verdicts (the findings). */
export const findingsOf = (verdicts: readonly Verdict[]): string[] => verdicts.filter((v) => !v.ok).map((v) => v.ruleId);

/** A job as a conformant server answers it: the spec's example, open until far ahead (no automatic closing), no salary. */
export function job(fields: Partial<Job> = {}): Job {
  return { ...exampleJob, closeDate: '2099-12-31', salary: null, ...fields };
}

/** The job's own path. */
export const pathOf = (shown: Job): string => `/jobs/${shown.id}`;

/** A one-page list of `jobs` as a conformant server answers it without a query. */
export function listOf(jobs: readonly Job[], paging: Partial<Paging> = {}): JobList {
  const base: Paging = { total: jobs.length, page: 1, pages: 1, pageSize: 10, previous: null, next: null };
  return { data: jobs.map(headerOf), paging: { ...base, ...paging } };
}

/** `job` created through the proxy with the body `sent` (default: its title), answered as a conformant server does. */
export function created(shown: Job, sent: Record<string, unknown> = { title: shown.title }): Step {
  return { method: 'POST', path: '/jobs', body: sent, status: 201, answer: shown, answerHeaders: ['Location', pathOf(shown)] };
}

/** A PUT of `sent` to `shown`'s id answered with `shown`. */
export const updated = (sent: Record<string, unknown>, shown: Job): Step => ({
  method: 'PUT',
  path: pathOf(shown),
  body: sent,
  status: 200,
  answer: shown,
});

/** A GET of job `shown` answered with it. */
export const read = (shown: Job, status = 200): Step => ({ method: 'GET', path: pathOf(shown), status, answer: shown });

/** A list asked with `query` answered with `answer`. */
export const listed = (answer: unknown, query = '', status = 200): Step => ({ method: 'GET', path: `/jobs${query}`, status, answer });

/** A DELETE by id answered 204, or as `status` says; by override with `override`. */
export const deleted = (shown: Job, status = 204, override = false): Step => ({
  method: override ? 'POST' : 'DELETE',
  path: pathOf(shown),
  status,
  ...(override ? { headers: [METHOD_OVERRIDE_HEADER, 'DELETE'] } : {}),
});

/** A sequence the check judges: its last step is the exchange judged. */
export type Steps = readonly Step[];

/** What a broken exchange must give: the finding, under its rule. */
export interface BrokenCase {
  readonly steps: Steps;
  readonly finding: string;
}

/** One row per check: a conformant sequence it passes, and broken ones, each giving its finding. */
export interface CheckRow {
  readonly passes: Steps;
  readonly broken: readonly [BrokenCase, ...BrokenCase[]];
}

/**
 * One test per check of `checks`, each from its row in `rows`: a check without a row fails, so no check comes
 * without its test. The conformant case gives no finding; each broken case gives its own finding and no other, under a
 * rule the check declares.
 */
export function testChecks(checks: readonly ProxyCheck[], rows: Readonly<Record<string, CheckRow>>): void {
  for (const check of checks) {
    it(`${check.id}: a conformant exchange passes, a broken one gives the finding`, () => {
      const row = rows[check.id];
      expect(row, `no row for the check ${check.id}`).toBeDefined();
      expect(findingsOf(verdictsOf(check, row!.passes))).toEqual([]);
      for (const { steps, finding } of row!.broken) {
        expect(check.rules).toContain(finding);
        expect(findingsOf(verdictsOf(check, steps))).toEqual([finding]);
      }
    });
  }
  it('has no row for a check that is not in the list', () => {
    expect(Object.keys(rows).filter((id) => !checks.some((check) => check.id === id))).toEqual([]);
  });
}
