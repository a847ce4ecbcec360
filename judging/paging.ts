/**
 * @module Paging links judged by their meaning (spec 2.8): the suite's list
 * rules and the proxy read `previous` and `next` the same way. A link is a
 * "String (URL)": absolute or relative, an IRI with unencoded letters too; its
 * query is parsed and compared as values, in any order. `pageSize=050` is 50,
 * an empty `q=` is no term filter (it may be left out), and the page size a
 * link repeats is the one in effect (after a clamp of a size over 100). A
 * filter's value is text up to Unicode normalization: `é` composed or as `e`
 * + U+0301 is one q (a server may normalize what it reads to NFC).
 */
import { show } from './compare.js';

/** The list a page belongs to: its active filters and page size in effect, and the page a link should lead to. */
export interface PageAddress {
  /** The term filter sent; undefined or '' when none. */
  readonly q?: string | undefined;
  /** The status filter sent; undefined or '' when none. */
  readonly status?: string | undefined;
  /** The page size in effect (paging.pageSize). */
  readonly pageSize: number;
  /**
   * Whether the request named a page size. When it did not, the link may leave it out too (the default is
   * then in effect again) or name the size in effect.
   */
  readonly pageSizeSent?: boolean;
  /** The page the link should lead to; undefined: not judged. */
  readonly page?: number | undefined;
}

/** A decimal integer as a query parameter writes it (`050`, `+5`, ` 7 `), else undefined. */
export function queryInteger(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\s*\+?\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/** The query of a link, absolute or relative, resolved against any base (only the query is read). */
function linkQuery(link: string): URLSearchParams | undefined {
  try {
    return new URL(link, 'http://link.invalid/').searchParams;
  } catch {
    return undefined;
  }
}

/** The one value of a parameter, or why there is not one. */
function single(params: URLSearchParams, name: string): { value: string | null } | { problem: string } {
  const all = params.getAll(name);
  if (all.length > 1) return { problem: `${name} given ${all.length} times (${show(all)})` };
  return { value: all[0] ?? null };
}

/** A filter: active (a non-empty value) must be repeated as it is; inactive, the link may carry it only empty. */
function filterProblem(params: URLSearchParams, name: string, active: string | undefined): string | undefined {
  const got = single(params, name);
  if ('problem' in got) return got.problem;
  const want = active === undefined || active === '' ? undefined : active;
  const has = got.value === null || got.value === '' ? undefined : got.value;
  if (want === has || (want !== undefined && has !== undefined && want.normalize('NFC') === has.normalize('NFC'))) return undefined;
  return want === undefined ? `${name}=${show(has)} (no ${name} filter is active)` : `${name}=${show(got.value)} (active: ${show(want)})`;
}

/**
 * What in `link` departs from the list it should address, one line each; [] when it means that list.
 *
 * @example
 * linkProblems('/api/v1.1/jobs?pageSize=050&page=2&status=active', { status: 'active', pageSize: 50, page: 2 }); // []
 * linkProblems('https://h.example/api/v1.1/jobs?page=2', { q: 'chef', pageSize: 5, pageSizeSent: true, page: 2 });
 * // ['q=null (active: "chef")', 'pageSize=null (in effect: 5)']
 */
export function linkProblems(link: string, address: PageAddress): string[] {
  const params = linkQuery(link);
  if (params === undefined) return [`not a URL: ${show(link)}`];
  const problems: string[] = [];
  for (const [name, active] of [
    ['q', address.q],
    ['status', address.status],
  ] as const) {
    const problem = filterProblem(params, name, active);
    if (problem !== undefined) problems.push(problem);
  }
  const size = single(params, 'pageSize');
  if ('problem' in size) problems.push(size.problem);
  else if (size.value === null ? address.pageSizeSent !== false : queryInteger(size.value) !== address.pageSize) {
    problems.push(`pageSize=${show(size.value)} (in effect: ${address.pageSize})`);
  }
  if (address.page !== undefined) {
    const page = single(params, 'page');
    // A link to page 1 may leave page out: its default is 1 (spec 4.5).
    const value = 'problem' in page ? undefined : page.value === null ? 1 : queryInteger(page.value);
    if (value !== address.page) problems.push('problem' in page ? page.problem : `page=${show(page.value)} (the page: ${address.page})`);
  }
  return problems;
}
