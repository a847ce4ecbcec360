/**
 * @module Root causes: failed rules grouped by the one failure that explains
 * them. When a setup step breaks (POST /jobs answers a body that is not a
 * Job), every rule that creates a job fails on that same request line with
 * the same failure; the reports name that cause once, worst first, above the
 * rules, which keep their own entries. Derived from the report object alone,
 * so every writer shows the same grouping and report.json stays the record
 * of what happened, not of how it is read.
 */
import type { ConformanceReport, Exchange, Mismatch, RuleResult } from '../schemas/types.gen.js';
import { STATUS_ORDER, worstStatus, type RuleStatus } from './status.js';

export interface RootCause {
  /** `POST /jobs`: the method and the path under the API root, ids as `{id}`. */
  requestLine: string;
  /** The failure, with the request line's own path templated: `the 201 body is not a Job (full) (job.schema.json)`. */
  failure: string;
  /** The rules it fails, in report order. */
  ruleIds: string[];
  /** The worst status among those rules. */
  status: RuleStatus;
}

/** Statuses whose mismatches can share a cause (a known rule is accepted; an error has no mismatch). */
const GROUPED_STATUSES: ReadonlySet<RuleStatus> = new Set(['failed', 'warning']);
/** A cause shared by fewer rules is just that rule's failure. */
const MIN_RULES = 2;

/**
 * The causes that fail at least two rules, worst first (worst status, then most rules).
 *
 * @example
 * for (const cause of rootCauses(report)) console.log(`${describeCause(cause)} (${failsRules(cause)})`);
 */
export function rootCauses(report: ConformanceReport): RootCause[] {
  const apiRoot = pathnameOf(report.target.baseUrl) ?? '';
  const byKey = new Map<string, { cause: RootCause; statuses: RuleStatus[]; order: number }>();
  for (const rule of report.rules) {
    if (!GROUPED_STATUSES.has(rule.status)) continue;
    for (const cause of causesOfRule(rule, apiRoot)) {
      const key = `${cause.requestLine}\n${normalize(cause.failure)}`;
      const entry = byKey.get(key) ?? { cause: { ...cause, ruleIds: [], status: rule.status }, statuses: [], order: byKey.size };
      entry.cause.ruleIds.push(rule.id);
      entry.statuses.push(rule.status);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()]
    .filter((entry) => entry.cause.ruleIds.length >= MIN_RULES)
    .map((entry) => ({ ...entry, cause: { ...entry.cause, status: worstStatus(entry.statuses) ?? 'failed' } }))
    .sort((a, b) => rankOf(b.cause.status) - rankOf(a.cause.status) || b.cause.ruleIds.length - a.cause.ruleIds.length || a.order - b.order)
    .map((entry) => entry.cause);
}

/** One line: `POST /jobs: the 201 body is not a Job (full) (job.schema.json)`. */
export function describeCause(cause: RootCause): string {
  return `${cause.requestLine}: ${cause.failure}`;
}

/** `fails 103 rules`. */
export function failsRules(cause: RootCause): string {
  return `fails ${cause.ruleIds.length} ${cause.ruleIds.length === 1 ? 'rule' : 'rules'}`;
}

/** `1 cause explains 103 failed rules` (rules counted once, even under two causes). */
export function causesHeadline(causes: readonly RootCause[]): string {
  const rules = new Set(causes.flatMap((cause) => cause.ruleIds)).size;
  return `${causes.length} ${causes.length === 1 ? 'cause explains' : 'causes explain'} ${rules} failed ${rules === 1 ? 'rule' : 'rules'}`;
}

/** The distinct causes of one rule's mismatches. */
function causesOfRule(rule: RuleResult, apiRoot: string): Omit<RootCause, 'ruleIds' | 'status'>[] {
  const seen = new Map<string, Omit<RootCause, 'ruleIds' | 'status'>>();
  for (const mismatch of rule.mismatches) {
    const cause = causeOf(mismatch, apiRoot);
    if (cause) seen.set(`${cause.requestLine}\n${normalize(cause.failure)}`, cause);
  }
  return [...seen.values()];
}

/** The mismatch's failing exchange (the last one its title names, else the last one) and its failure. */
function causeOf(mismatch: Mismatch, apiRoot: string): Omit<RootCause, 'ruleIds' | 'status'> | undefined {
  const named = mismatch.exchanges.filter((exchange) => {
    const path = pathnameOf(exchange.request.url);
    return path !== undefined && mismatch.title.includes(`${exchange.request.method} ${path}`);
  });
  const failing: Exchange | undefined = named.at(-1) ?? mismatch.exchanges.at(-1);
  if (!failing) return undefined;
  const path = pathnameOf(failing.request.url) ?? failing.request.url;
  const rawLine = `${failing.request.method} ${path}`;
  const requestLine = `${failing.request.method} ${pathTemplate(path, apiRoot)}`;
  const failure = mismatch.title.startsWith(`${rawLine}: `)
    ? mismatch.title.slice(rawLine.length + 2)
    : mismatch.title.split(path).join(pathTemplate(path, apiRoot));
  return { requestLine, failure };
}

/** The path under the API root with every segment after the collection as `{id}`: `/jobs/123` → `/jobs/{id}`. */
export function pathTemplate(path: string, apiRoot: string): string {
  const under = apiRoot !== '' && (path === apiRoot || path.startsWith(`${apiRoot}/`)) ? path.slice(apiRoot.length) : path;
  const [, collection, ...rest] = under.split('/');
  if (collection === undefined) return under || '/';
  return ['', collection, ...rest.map(() => '{id}')].join('/');
}

function pathnameOf(url: string): string | undefined {
  try {
    return new URL(url).pathname.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/** Case and spacing do not make two failures different. */
function normalize(failure: string): string {
  return failure.toLowerCase().replace(/\s+/g, ' ').trim();
}

function rankOf(status: RuleStatus): number {
  return STATUS_ORDER.indexOf(status);
}
