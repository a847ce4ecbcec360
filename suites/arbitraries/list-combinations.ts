/**
 * @module The list's parameters in combination (spec 4.5, 8): each of q, status, page and pageSize at
 * the levels that matter, named by role; suites/checks/list-matrix.ts turns a combination into a query
 * against its fixture. Every pair of levels is sent at the default budget (pairwiseCombinations, from
 * the rule's seed); random combinations follow, and under --duration they keep coming (about 4,000
 * draws reach all 576 of the whole product). The links are judged under every filter combination (linkRows).
 */
import * as fc from 'fast-check';
import { pairwiseRows, type Row } from './pairwise.js';

export const LIST_LEVELS = {
  // §4.5 q: "When omitted, no term filter"; an empty q=, where taken, filters nothing either (a refusal is observed:
  // 4.5 states only the omitted q). A whole title word and a whole referenceId match under every reading of
  // "matches" (substring, prefix, word).
  q: ['absent', 'empty', 'title-word', 'reference-id'],
  // §4.5 status: "When omitted, all statuses are returned", else one of active, archived, draft.
  status: ['absent', 'active', 'archived', 'draft'],
  // §4.5 page, default 1 (Int32): the default (not sent: the first page, whose previous is null, 2.8), the first
  // sent, one in the middle, the last, the next past the end, and the largest.
  page: ['default', 'first', 'middle', 'last', 'past-end', 'largest'],
  // §4.5, 8 pageSize: the default (not sent, 10), the default sent (a link must then repeat it: 2.8), 1, an exact
  // divisor of the total, one that leaves the last page short, and the maximum 100.
  pageSize: ['default', 'default-sent', 'one', 'divisor', 'short-last-page', 'max'],
} as const;

export type ListCombination = Row<typeof LIST_LEVELS>;

/** Any combination of the levels (shrinks towards the first level of each). */
export const listCombinationArb: fc.Arbitrary<ListCombination> = fc.record({
  q: fc.constantFrom(...LIST_LEVELS.q),
  status: fc.constantFrom(...LIST_LEVELS.status),
  page: fc.constantFrom(...LIST_LEVELS.page),
  pageSize: fc.constantFrom(...LIST_LEVELS.pageSize),
});

/**
 * Combinations holding every pair of levels of two parameters (about 37 of the 576).
 *
 * @example
 * pairwiseCombinations(7)[0]; // { q: 'absent', status: 'active', page: 'middle', pageSize: 'divisor' }
 */
export function pairwiseCombinations(seed: number): ListCombination[] {
  return pairwiseRows(LIST_LEVELS, seed);
}

/**
 * Rows that put both links of a page under every filter combination: each (q, status) pair on a middle page of
 * pageSize 1, unless the pairwise rows already hold it there. Pairwise coverage alone sends a pair once, at any
 * page and size, and a page without links judges none: a link that loses its page only when no filter is
 * active would pass.
 *
 * @example
 * linkRows([]).length; // 16: every q level with every status level
 */
export function linkRows(rows: readonly ListCombination[]): ListCombination[] {
  const linked = (row: ListCombination): boolean => row.page === 'middle' && row.pageSize === 'one';
  return LIST_LEVELS.q.flatMap((q) =>
    LIST_LEVELS.status
      .filter((status) => !rows.some((row) => row.q === q && row.status === status && linked(row)))
      .map((status): ListCombination => ({ q, status, page: 'middle', pageSize: 'one' })),
  );
}

/**
 * Rows that put the links of a page under the default page size sent: the first and the last page of the whole list
 * (the one combination sure to hold more than 10 jobs), unless the rows already hold them. Its links must repeat the
 * size the request named (2.8); pairwise rows may pair that level only with lists of one page, whose links are null.
 *
 * @example
 * defaultSizeRows([]).length; // 2
 */
export function defaultSizeRows(rows: readonly ListCombination[]): ListCombination[] {
  const wanted = (['first', 'last'] as const).map((page): ListCombination => ({
    q: 'absent',
    status: 'absent',
    page,
    pageSize: 'default-sent',
  }));
  return notIn(rows, wanted);
}

/**
 * Rows where a job deleted after the fixture was written would come first if a list still held it: without q and
 * with the title word, every status, the first page of 100; unless the rows already hold them. Pairwise rows may hold
 * neither, and a stale list that only a first page shows would pass.
 *
 * @example
 * firstPageRows([]).length; // 2
 */
export function firstPageRows(rows: readonly ListCombination[]): ListCombination[] {
  const wanted = (['absent', 'title-word'] as const).map((q): ListCombination => ({ q, status: 'absent', page: 'first', pageSize: 'max' }));
  return notIn(rows, wanted);
}

/**
 * Rows that read a short last page of the whole list, without q and with an empty one, unless the rows already hold
 * them: where another employer's older jobs would follow the key's employer's last one in a list of both, the page
 * has room for them. Pairwise rows send each pair once, and may leave every unfiltered list on a full page.
 *
 * @example
 * shortLastPageRows([]).length; // 2
 */
export function shortLastPageRows(rows: readonly ListCombination[]): ListCombination[] {
  const wanted = (['absent', 'empty'] as const).map((q): ListCombination => ({
    q,
    status: 'absent',
    page: 'last',
    pageSize: 'short-last-page',
  }));
  return notIn(rows, wanted);
}

/** The `wanted` rows that `rows` do not already hold. */
function notIn(rows: readonly ListCombination[], wanted: readonly ListCombination[]): ListCombination[] {
  return wanted.filter((w) => !rows.some((row) => showCombination(row) === showCombination(w)));
}

/** A combination in one line, for titles and counterexamples. */
export function showCombination(c: ListCombination): string {
  return `q ${c.q}, status ${c.status}, page ${c.page}, pageSize ${c.pageSize}`;
}
