/**
 * @module The paging object of one list page against itself and the query
 * (spec 2.8, 4.5, 8): pages from total and pageSize, the page asked for,
 * the page size in effect (default 10, at most 100), the page's length, and
 * previous/next null exactly at the ends. The links' form (absolute or
 * relative) is open; only their presence and query are judged.
 */
import type { Paging } from '../../schemas/types.gen.js';
import { show } from '../../judging/compare.js';
import type { Verdicts } from './check.js';
import type { ObservedExchange } from './observed-exchange.js';

/** Every rule checkPaging judges under. */
export const PAGING_RULES: readonly string[] = [
  'jobs.list.page-size-default',
  'jobs.paging.total',
  'jobs.list.page-size-over-max',
  'jobs.list.page-default',
  'jobs.paging.page-param',
  'jobs.paging.page-length',
  'jobs.paging.previous-null-first',
  'jobs.paging.previous-follows',
  'jobs.paging.next-null-last',
  'jobs.paging.next-follows',
];

const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

/** A query parameter that is a positive integer, else undefined (a server may refuse or read others as it likes). */
function positive(value: string | null): number | undefined {
  return value !== null && /^\d+$/.test(value) && Number(value) >= 1 ? Number(value) : undefined;
}

/**
 * @example
 * checkPaging(observed, out, new URLSearchParams('page=2'), 10, paging);
 */
export function checkPaging(x: ObservedExchange, out: Verdicts, query: URLSearchParams, length: number, paging: Paging): void {
  const said = `paging ${show(paging)}`;
  const askedSize = query.get('pageSize');
  const size = positive(askedSize);
  if (askedSize === null) {
    out.check(
      'jobs.list.page-size-default',
      paging.pageSize === DEFAULT_PAGE_SIZE,
      () => ({
        title: `without pageSize, the page size in effect is ${paging.pageSize}`,
        expected: 'pageSize default 10 (spec 4.5, 8)',
        received: said,
      }),
      [x],
    );
  } else if (size !== undefined && size <= MAX_PAGE_SIZE) {
    out.check(
      'jobs.paging.total',
      paging.pageSize === size,
      () => ({
        title: `pageSize=${size} was asked, ${paging.pageSize} is in effect`,
        expected: `pageSize ${size}, the page size in effect (spec 2.8)`,
        received: said,
      }),
      [x],
    );
  } else if (size !== undefined) {
    out.check(
      'jobs.list.page-size-over-max',
      paging.pageSize <= MAX_PAGE_SIZE,
      () => ({ title: `pageSize=${size} gave pages of ${paging.pageSize}`, expected: 'at most 100 (spec 4.5, 8)', received: said }),
      [x],
    );
  }
  const pagesOk = paging.pages === Math.ceil(paging.total / paging.pageSize) || (paging.total === 0 && paging.pages <= 1);
  out.check(
    'jobs.paging.total',
    pagesOk,
    () => ({
      title: `paging says total ${paging.total}, pages ${paging.pages}, pageSize ${paging.pageSize}`,
      expected: `pages = ceil(total / pageSize) = ${Math.ceil(paging.total / paging.pageSize)} (spec 2.8)`,
      received: said,
    }),
    [x],
  );
  const askedPage = query.get('page');
  const page = askedPage === null ? 1 : positive(askedPage);
  if (page !== undefined && page <= Math.max(paging.pages, 1)) {
    const rule = askedPage === null ? 'jobs.list.page-default' : 'jobs.paging.page-param';
    out.check(
      rule,
      paging.page === page,
      () => ({
        title: `page ${askedPage ?? '(default)'} answered page ${paging.page}`,
        expected: `page ${page} (spec 4.5)`,
        received: said,
      }),
      [x],
    );
  }
  if (!pagesOk) return;
  const p = paging.page;
  const expectedLength = p < paging.pages ? paging.pageSize : p === paging.pages ? paging.total - (paging.pages - 1) * paging.pageSize : 0;
  out.check(
    'jobs.paging.page-length',
    length === expectedLength,
    () => ({
      title: `page ${p} of ${paging.pages} holds ${length} jobs`,
      expected: `${expectedLength} jobs: pageSize on every page but the last, the rest on the last (spec 4.5, 2.8)`,
      received: said,
    }),
    [x],
  );
  if (p === 1)
    out.check(
      'jobs.paging.previous-null-first',
      paging.previous === null,
      () => ({ title: 'previous is not null on the first page', expected: 'previous null on the first page (spec 2.8)', received: said }),
      [x],
    );
  if (p >= 2 && p <= paging.pages)
    out.check(
      'jobs.paging.previous-follows',
      typeof paging.previous === 'string',
      () => ({ title: `page ${p} has no previous`, expected: 'the address of the previous page (spec 2.8)', received: said }),
      [x],
    );
  if (p >= paging.pages)
    out.check(
      'jobs.paging.next-null-last',
      paging.next === null,
      () => ({
        title: `the last page (${p}) has next ${show(paging.next)}`,
        expected: 'next null on the last page (spec 2.8)',
        received: said,
      }),
      [x],
    );
  else
    out.check(
      'jobs.paging.next-follows',
      typeof paging.next === 'string',
      () => ({
        title: `page ${p} of ${paging.pages} has no next`,
        expected: 'next: the address of the next page on every page but the last (spec 2.8)',
        received: said,
      }),
      [x],
    );
}
