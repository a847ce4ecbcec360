/**
 * @module --shard i/n: which rules shard i of n runs. The rules are split by cost, not by count (the
 * model rule alone costs as much as dozens of small ones): longest first, each into the shard with
 * the least cost so far (ties: the lower cost, then the rule id; the lower shard). The partition
 * depends only on the rule ids, the cost table (suites/engine/rule-costs.ts) and n, so every machine
 * of a CI matrix computes the same one, and every rule runs in exactly one shard whatever n is.
 * A rule keeps its seed (derived from the run seed and its id), so a mismatch found in a shard
 * replays on one machine with the same command.
 */
import { ConfigError } from '../contract/errors.js';
import { RULE_COSTS_MS } from './rule-costs.js';

/** Shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** The most shards a run may be split into. */
export const MAX_SHARDS = 256;

/**
 * Parses `--shard 2/4`.
 *
 * @example
 * parseShard('2/4') // { index: 2, count: 4 }
 */
export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || count > MAX_SHARDS || index < 1 || index > count) {
    throw new ConfigError('shard', `--shard must be i/n with 1 <= i <= n <= ${MAX_SHARDS} (e.g. 2/4), got ${JSON.stringify(text)}`);
  }
  return { index, count };
}

/** The cost of a rule the table does not know (a rule added since it was measured): the table's median. */
export function defaultRuleCost(costs: Readonly<Record<string, number>> = RULE_COSTS_MS): number {
  const values = Object.values(costs).sort((a, b) => a - b);
  return values.length === 0 ? 1 : values[Math.floor(values.length / 2)]!;
}

/**
 * What a rule costs by the table (its median for a rule the table does not know).
 *
 * @example
 * ruleCost('jobs.model.lifecycle') // the heaviest
 */
export function ruleCost(id: string, costs: Readonly<Record<string, number>> = RULE_COSTS_MS): number {
  return costs[id] ?? defaultRuleCost(costs);
}

/**
 * The rule ids of each of `count` shards (index 0 is shard 1), each list in the order of `ids`.
 *
 * @example
 * partitionRules(['a.b.c', 'a.b.d'], 2) // [['a.b.c'], ['a.b.d']] (or the other way round, by cost)
 */
export function partitionRules(ids: readonly string[], count: number, costs: Readonly<Record<string, number>> = RULE_COSTS_MS): string[][] {
  const fallback = defaultRuleCost(costs);
  const cost = (id: string): number => costs[id] ?? fallback;
  const unique = [...new Set(ids)];
  const longestFirst = [...unique].sort((a, b) => cost(b) - cost(a) || (a < b ? -1 : a > b ? 1 : 0));
  const loads = new Array<number>(count).fill(0);
  const shardOf = new Map<string, number>();
  for (const id of longestFirst) {
    let least = 0;
    for (let shard = 1; shard < count; shard++) if (loads[shard]! < loads[least]!) least = shard;
    loads[least]! += cost(id);
    shardOf.set(id, least);
  }
  const shards: string[][] = Array.from({ length: count }, () => []);
  for (const id of unique) shards[shardOf.get(id)!]!.push(id);
  return shards;
}

/**
 * The rules of `shard` among `rules` (registry order kept); all of them without a shard.
 *
 * @example
 * rulesOfShard(selected, { index: 1, count: 4 })
 */
export function rulesOfShard<T extends { id: string }>(
  rules: readonly T[],
  shard: Shard | undefined,
  costs?: Readonly<Record<string, number>>,
): T[] {
  if (shard === undefined) return [...rules];
  const ids = new Set(
    partitionRules(
      rules.map((rule) => rule.id),
      shard.count,
      costs,
    )[shard.index - 1],
  );
  return rules.filter((rule) => ids.has(rule.id));
}
