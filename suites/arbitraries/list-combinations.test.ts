import { describe, expect, it } from 'vitest';
import {
  defaultSizeRows,
  firstPageRows,
  LIST_LEVELS,
  linkRows,
  pairwiseCombinations,
  shortLastPageRows,
  type ListCombination,
} from './list-combinations.js';

const pairs = (rows: readonly ListCombination[]): Set<string> => new Set(rows.map((row) => `${row.q}/${row.status}`));
const linked = (rows: readonly ListCombination[]): ListCombination[] =>
  rows.filter((row) => row.page === 'middle' && row.pageSize === 'one');

describe('linkRows', () => {
  it('puts every (q, status) pair on a middle page of pageSize 1', () => {
    const rows = linkRows([]);
    expect(rows).toHaveLength(LIST_LEVELS.q.length * LIST_LEVELS.status.length);
    expect(linked(rows)).toEqual(rows);
    expect(pairs(rows).size).toBe(rows.length);
  });

  it('adds only the pairs the pairwise rows do not already hold there', () => {
    for (const seed of [0, 1, 7]) {
      const pairwise = pairwiseCombinations(seed);
      const added = linkRows(pairwise);
      const all = pairs(linked([...pairwise, ...added]));
      expect(all.size, `seed ${seed}`).toBe(LIST_LEVELS.q.length * LIST_LEVELS.status.length);
      expect(added.length, `seed ${seed}`).toBe(all.size - pairs(linked(pairwise)).size);
    }
  });
});

describe('defaultSizeRows', () => {
  it('puts the default page size sent on the first and last page of the whole list, unless the rows hold them', () => {
    const rows = defaultSizeRows([]);
    expect(rows.map((row) => row.page)).toEqual(['first', 'last']);
    expect(rows.every((row) => row.q === 'absent' && row.status === 'absent' && row.pageSize === 'default-sent')).toBe(true);
    expect(defaultSizeRows(rows)).toEqual([]);
  });
});

describe('firstPageRows', () => {
  const top = (row: ListCombination): boolean => row.status === 'absent' && row.page === 'first' && row.pageSize === 'max';

  it('puts the list without q and the title word search on a first page of 100, every status', () => {
    expect(firstPageRows([]).map((row) => row.q)).toEqual(['absent', 'title-word']);
    expect(firstPageRows([]).every(top)).toBe(true);
  });

  it('adds only the rows the pairwise rows do not already hold', () => {
    for (const seed of [0, 1, 7, 1316617140]) {
      const pairwise = pairwiseCombinations(seed);
      const all = [...pairwise, ...firstPageRows(pairwise)].filter(top);
      expect(new Set(all.map((row) => row.q)), `seed ${seed}`).toEqual(
        new Set(['absent', 'title-word', ...pairwise.filter(top).map((row) => row.q)]),
      );
      expect(all.length, `seed ${seed}`).toBe(new Set(all.map((row) => row.q)).size);
    }
  });
});

describe('shortLastPageRows', () => {
  const short = (row: ListCombination): boolean => row.status === 'absent' && row.page === 'last' && row.pageSize === 'short-last-page';

  it('puts the list without q and with an empty q on a short last page, every status', () => {
    expect(shortLastPageRows([]).map((row) => row.q)).toEqual(['absent', 'empty']);
    expect(shortLastPageRows([]).every(short)).toBe(true);
  });

  it('adds only the rows the pairwise rows do not already hold', () => {
    for (const seed of [0, 1, 7, 1316617140]) {
      const pairwise = pairwiseCombinations(seed);
      const all = [...pairwise, ...shortLastPageRows(pairwise)].filter((row) => short(row) && ['absent', 'empty'].includes(row.q));
      expect(all.map((row) => row.q).sort(), `seed ${seed}`).toEqual(['absent', 'empty']);
    }
  });
});
