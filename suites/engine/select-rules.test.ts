import { describe, expect, it } from 'vitest';
import { ConfigError } from '../contract/errors.js';
import type { Rule } from '../contract/rule.js';
import { ruleMatches, selectRules } from './select-rules.js';

const rule = (id: string): Rule => ({ id, section: '1', area: 'create', title: id, statement: id, run: async () => {} });
const registry = ['jobs.create.status-201', 'jobs.create.location-header', 'jobs.list.sorted', 'jobs.paging.next-follows'].map(rule);

describe('--only', () => {
  it('selects by id prefix and by glob, in registry order', () => {
    expect(selectRules(registry, ['jobs.create']).map((r) => r.id)).toEqual(['jobs.create.status-201', 'jobs.create.location-header']);
    expect(selectRules(registry, ['*.next-*', 'jobs.list']).map((r) => r.id)).toEqual(['jobs.list.sorted', 'jobs.paging.next-follows']);
    expect(ruleMatches('jobs.create.location-header', 'jobs.?reate.*')).toBe(true);
    expect(ruleMatches('jobs.create.location-header', 'jobs.list')).toBe(false);
  });

  it('selects exactly the rule a pattern names, not the rules it is a prefix of', () => {
    const withPrefixes = [...registry, rule('jobs.create.status-201-extra')];
    expect(selectRules(withPrefixes, ['jobs.create.status-201']).map((r) => r.id)).toEqual(['jobs.create.status-201']);
    expect(selectRules(withPrefixes, ['jobs.create.status-2']).map((r) => r.id)).toEqual([
      'jobs.create.status-201',
      'jobs.create.status-201-extra',
    ]);
  });

  it('selects everything without patterns and refuses patterns that match nothing', () => {
    expect(selectRules(registry, null)).toHaveLength(4);
    expect(() => selectRules(registry, ['jobs.nothing'])).toThrow(ConfigError);
  });
});
