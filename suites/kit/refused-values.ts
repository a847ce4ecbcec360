/**
 * @module Diagnosis of a refused request that carries several values of one kind (places, categories,
 * spellings): retry the values one by one before reporting, so a report names only the values refused,
 * not the whole set. One helper for every rule that sends a set.
 */

/**
 * The values of `values` the target refuses: none when it accepts them all together; else each is
 * retried alone, and the ones refused alone are returned (the whole set when each alone is accepted:
 * only the mix is refused, and the report must say so by naming them all).
 *
 * @example
 * await refusedValues(['Montréal', "St. John's"], (set) => accepts(set)); // ["St. John's"]
 */
export async function refusedValues<T>(values: readonly T[], accepts: (subset: readonly T[]) => Promise<boolean>): Promise<T[]> {
  if (await accepts(values)) return [];
  return refusedAmong(values, accepts);
}

/**
 * As refusedValues, for a set already sent and refused: only the one-by-one retries are made.
 *
 * @example
 * if (!isSuccess(res.status)) report(await refusedAmong(places, (set) => accepts(set)));
 */
export async function refusedAmong<T>(values: readonly T[], accepts: (subset: readonly T[]) => Promise<boolean>): Promise<T[]> {
  if (values.length <= 1) return [...values];
  const refused: T[] = [];
  for (const value of values) if (!(await accepts([value]))) refused.push(value);
  return refused.length > 0 ? refused : [...values];
}
