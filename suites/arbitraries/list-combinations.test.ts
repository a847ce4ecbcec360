import { describe, expect, it } from 'vitest';
import { LIST_LEVELS, linkRows, pairwiseCombinations, type ListCombination } from './list-combinations.js';

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
