import { describe, expect, it } from 'vitest';
import { rules } from '../checks/rules.js';
import { ConfigError } from '../contract/errors.js';
import { RULE_COSTS_MS } from './rule-costs.js';
import { defaultRuleCost, parseShard, partitionRules, rulesOfShard } from './shards.js';

const ids = rules.map((rule) => rule.id);

describe('--shard i/n', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('n = %i: every rule runs in exactly one shard', (n) => {
    const shards = Array.from({ length: n }, (_, i) => rulesOfShard(rules, { index: i + 1, count: n }).map((rule) => rule.id));
    const all = shards.flat();
    expect(all.length).toBe(ids.length);
    expect(new Set(all)).toEqual(new Set(ids));
    // Each shard keeps registry order.
    for (const shard of shards) expect(shard).toEqual(ids.filter((id) => shard.includes(id)));
  });

  it('balances by cost: the heaviest shard of 4 costs at most the heaviest rule more than the lightest', () => {
    const cost = (id: string) => RULE_COSTS_MS[id] ?? defaultRuleCost();
    const loads = partitionRules(ids, 4).map((shard) => shard.reduce((sum, id) => sum + cost(id), 0));
    const heaviestRule = Math.max(...ids.map(cost));
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(heaviestRule);
    // The model rule is the heaviest, so it is never grouped with many others' cost: its shard holds fewer rules.
    expect(heaviestRule).toBe(cost('jobs.model.lifecycle'));
  });

  it('depends only on the rule ids, the costs and n: the order the ids come in does not matter', () => {
    const sorted = (shards: string[][]) => shards.map((shard) => [...shard].sort());
    expect(sorted(partitionRules([...ids].reverse(), 5))).toEqual(sorted(partitionRules(ids, 5)));
  });

  it('ties break by rule id, and unknown rules cost the median', () => {
    expect(partitionRules(['x.b', 'x.a', 'x.c'], 2, { 'x.a': 5, 'x.b': 5 })).toEqual([['x.a', 'x.c'], ['x.b']]);
    expect(defaultRuleCost({ a: 1, b: 9, c: 4 })).toBe(4);
  });

  it('more shards than rules leaves the extra shards empty', () => {
    expect(
      partitionRules(['x.a', 'x.b'], 3, {})
        .map((shard) => shard.length)
        .sort(),
    ).toEqual([0, 1, 1]);
  });

  it('parses i/n and refuses anything else with a ConfigError naming --shard', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
    for (const bad of ['0/4', '5/4', '1/0', '2', 'a/b', '1/4/2', '-1/4']) {
      expect(() => parseShard(bad)).toThrow(ConfigError);
      expect(() => parseShard(bad)).toThrow(/--shard must be i\/n/);
    }
  });
});
