import { describe, expect, it } from 'vitest';
import { pairwiseIndexes, pairwiseRows } from './pairwise.js';

/** Every pair of levels of two dimensions that `rows` leave out. */
function uncovered(sizes: number[], rows: number[][]): string[] {
  const gaps: string[] = [];
  for (let a = 0; a < sizes.length; a++)
    for (let b = a + 1; b < sizes.length; b++)
      for (let la = 0; la < sizes[a]!; la++)
        for (let lb = 0; lb < sizes[b]!; lb++) if (!rows.some((row) => row[a] === la && row[b] === lb)) gaps.push(`${a}:${la}/${b}:${lb}`);
  return gaps;
}

describe('pairwise coverage', () => {
  it.each([
    [[4, 4, 4, 4], 24],
    [[2, 2, 2], 6],
    [[3, 4, 2, 5], 28],
    [[1, 3], 3],
  ])('covers every pair of levels of %j in at most %i rows, at every seed', (sizes, most) => {
    for (const seed of [0, 1, 42, 20240601]) {
      const rows = pairwiseIndexes(sizes, seed);
      expect(uncovered(sizes, rows)).toEqual([]);
      expect(rows.length).toBeLessThanOrEqual(most);
      for (const row of rows) row.forEach((level, d) => expect(level).toBeLessThan(sizes[d]!));
    }
  });

  it('is deterministic from the seed, and the seed matters', () => {
    expect(pairwiseIndexes([4, 4, 4, 4], 7)).toEqual(pairwiseIndexes([4, 4, 4, 4], 7));
    const seeds = [1, 2, 3, 4].map((seed) => JSON.stringify(pairwiseIndexes([4, 4, 4, 4], seed)));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('names the levels of named dimensions', () => {
    const rows = pairwiseRows({ q: ['absent', 'word'], status: ['active', 'draft'] }, 3);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((row) => `${row.q}/${row.status}`)).size).toBe(4);
  });
});
