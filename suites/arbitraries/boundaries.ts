/**
 * @module The boundary values of every input limit, worked out from the
 * limits themselves (read from the schemas or the target's reference
 * lists): the last valid value and the first invalid one on each side. A
 * server that gets a limit wrong by one gets it wrong exactly there, and a
 * random draw from a wide range rarely lands there; so the rules send these
 * in every run, before any random draw (RuleContext.check `examples`).
 */
import type { Body, ReferenceData } from '../contract/rule.js';
import { jobStatuses, salaryPeriodIds } from './schema-limits.js';

/** The ends of a set of integer ids and the nearest integers outside them. */
export interface IdRangeEnds {
  /** The smallest and the largest valid id: the last valid values on each side. */
  lowest: number;
  highest: number;
  /** lowest - 1 and highest + 1: the first invalid values on each side. */
  below: number;
  above: number;
}

/**
 * @example
 * idRangeEnds([1, 2, 3, 4, 5]); // { lowest: 1, highest: 5, below: 0, above: 6 }
 * idRangeEnds([3, 17, 9]);      // { lowest: 3, highest: 17, below: 2, above: 18 }
 */
export function idRangeEnds(ids: readonly number[]): IdRangeEnds {
  if (ids.length === 0) throw new RangeError('[suites] no ids: a range needs at least one');
  const lowest = Math.min(...ids);
  const highest = Math.max(...ids);
  return { lowest, highest, below: lowest - 1, above: highest + 1 };
}

/**
 * The nearest invalid values of an id list: just below its lowest and just above its highest.
 *
 * @example
 * nearestOutside([1, 2, 3, 4, 5]); // [0, 6]
 */
export function nearestOutside(ids: readonly number[]): number[] {
  const { below, above } = idRangeEnds(ids);
  return [below, above];
}

/**
 * Valid create-body fields at the ends of each enum and list: the lowest and the highest salary period,
 * category and position type of the target's lists, and every status (spec 3 names three). A rule
 * that creates jobs and checks what is kept sends them first in every run (laid over a drawn body): a
 * server that refuses period 5 or the last listed category is wrong at the edge a draw may miss.
 *
 * @example
 * validEndPatches({ categoryIds: [3, 9], positionTypeIds: [1, 2] }).map((p) => p.positionType); // [{ id: 1 }, { id: 2 }, { id: 1 }]
 */
export function validEndPatches(refs: ReferenceData): Body[] {
  const period = idRangeEnds(salaryPeriodIds);
  const ends = (ids: readonly number[]): number[] => {
    const { lowest, highest } = idRangeEnds(ids);
    return [lowest, highest];
  };
  const [lowPeriod, highPeriod] = [period.lowest, period.highest];
  const categories = ends(refs.categoryIds);
  const positionTypes = ends(refs.positionTypeIds);
  return jobStatuses.map((status, i) => ({
    status,
    salary: { amount: 52000, period: { id: i % 2 === 0 ? lowPeriod : highPeriod } },
    categories: [{ id: categories[i % 2]! }],
    positionType: { id: positionTypes[i % 2]! },
  }));
}
