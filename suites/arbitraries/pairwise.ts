/**
 * @module Pairwise coverage: a few rows that hold every pair of levels of any two dimensions at least
 * once (AETG's greedy construction: each row is the best of a few seeded candidates, each candidate
 * built level by level to cover the most pairs still missing). Four dimensions of four levels need
 * 16 rows or a little more, where their product is 256. Deterministic from the seed.
 */

/** Dimensions by name, each with its levels. */
export type Dimensions = Readonly<Record<string, readonly unknown[]>>;
/** One row: a level of every dimension. */
export type Row<D extends Dimensions> = { -readonly [K in keyof D]: D[K][number] };

/** Candidates tried for each row: more give fewer rows, each costs a pass over the missing pairs. */
const CANDIDATES = 20;

/** A small seeded generator (mulberry32): the same seed, the same rows. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pairKey = (a: number, la: number, b: number, lb: number): string => `${a}:${la}/${b}:${lb}`;

/**
 * Rows of level indexes covering every pair of levels of two dimensions.
 *
 * @example
 * pairwiseIndexes([2, 2, 2], 1); // 4 to 6 rows, e.g. [[0,0,0],[1,1,0],[0,1,1],[1,0,1]]
 */
export function pairwiseIndexes(sizes: readonly number[], seed: number): number[][] {
  const random = generator(seed);
  const missing = new Set<string>();
  for (let a = 0; a < sizes.length; a++)
    for (let b = a + 1; b < sizes.length; b++)
      for (let la = 0; la < sizes[a]!; la++) for (let lb = 0; lb < sizes[b]!; lb++) missing.add(pairKey(a, la, b, lb));
  const covers = (row: number[]): number => {
    let n = 0;
    for (let a = 0; a < row.length; a++) for (let b = a + 1; b < row.length; b++) if (missing.has(pairKey(a, row[a]!, b, row[b]!))) n++;
    return n;
  };
  const rows: number[][] = [];
  while (missing.size > 0) {
    let best: number[] = [];
    let bestScore = -1;
    for (let c = 0; c < CANDIDATES; c++) {
      // Dimensions in a random order, each given the level that covers the most missing pairs with those set before it.
      const order = sizes.map((_, i) => i).sort(() => random() - 0.5);
      const row: number[] = sizes.map(() => -1);
      for (const d of order) {
        let level = Math.floor(random() * sizes[d]!);
        let most = -1;
        for (let offset = 0; offset < sizes[d]!; offset++) {
          const l = (level + offset) % sizes[d]!;
          let n = 0;
          for (let o = 0; o < row.length; o++)
            if (row[o]! >= 0 && o !== d && missing.has(o < d ? pairKey(o, row[o]!, d, l) : pairKey(d, l, o, row[o]!))) n++;
          if (n > most) [most, level] = [n, l];
        }
        row[d] = level;
      }
      const score = covers(row);
      if (score > bestScore) [best, bestScore] = [row, score];
    }
    for (let a = 0; a < best.length; a++) for (let b = a + 1; b < best.length; b++) missing.delete(pairKey(a, best[a]!, b, best[b]!));
    rows.push(best);
  }
  return rows;
}

/**
 * Rows of named levels covering every pair of levels of any two dimensions.
 *
 * @example
 * pairwiseRows({ q: ['absent', 'word'], status: ['active', 'draft'] }, 7); // [{ q: 'absent', status: 'draft' }, ...] (4 rows)
 */
export function pairwiseRows<D extends Dimensions>(dimensions: D, seed: number): Array<Row<D>> {
  const names = Object.keys(dimensions);
  const levels = names.map((name) => dimensions[name]!);
  return pairwiseIndexes(
    levels.map((l) => l.length),
    seed,
  ).map((row) => Object.fromEntries(names.map((name, i) => [name, levels[i]![row[i]!]])) as Row<D>);
}
