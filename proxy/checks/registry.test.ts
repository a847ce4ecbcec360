import { describe, expect, it } from 'vitest';
import { PROXY_CHECK_RULES, PROXY_CHECKS, selectedRules, CheckSelectionError } from './registry.js';
import { REQUEST_CHECKS } from './request-checks.js';
import { RESPONSE_CHECKS } from './response-checks.js';
import { STATE_CHECKS } from './state-checks.js';
import { ruleInfo } from './proxy-rules.js';

/** The lists whose test files hold a row per check (request-, response- and state-checks.test.ts). */
const TESTED_LISTS = [REQUEST_CHECKS, RESPONSE_CHECKS, STATE_CHECKS];

describe('the registry of proxy checks', () => {
  it('holds only checks of a list whose test file has a row for each, each id once', () => {
    const tested = new Set(TESTED_LISTS.flat());
    expect(PROXY_CHECKS.filter((check) => !tested.has(check)).map((check) => check.id)).toEqual([]);
    expect(new Set(PROXY_CHECKS.map((check) => check.id)).size).toBe(PROXY_CHECKS.length);
  });

  it('names only rules of the catalog', () => {
    for (const id of PROXY_CHECK_RULES) expect(() => ruleInfo(id)).not.toThrow();
  });

  it("selects by the suite's patterns: --only keeps, --skip drops, and a pattern that names no rule is refused", () => {
    expect(selectedRules().size).toBe(PROXY_CHECK_RULES.length);
    expect([...selectedRules({ only: ['jobs.paging'] })].every((id) => id.startsWith('jobs.paging.'))).toBe(true);
    expect(selectedRules({ only: ['jobs.paging.total'] })).toEqual(new Set(['jobs.paging.total']));
    expect(selectedRules({ skip: ['proxy.client'] }).has('proxy.client.api-key')).toBe(false);
    expect(selectedRules({ skip: ['proxy.client'] }).has('jobs.paging.total')).toBe(true);
    expect(selectedRules({ only: ['proxy.*'], skip: ['proxy.server.*'] })).toEqual(
      new Set(PROXY_CHECK_RULES.filter((id) => id.startsWith('proxy.client.'))),
    );
    expect(() => selectedRules({ only: ['jobs.nothing'] })).toThrow(CheckSelectionError);
    expect(() => selectedRules({ skip: ['nothing'] })).toThrow(/--skip nothing matches no rule/);
  });
});
