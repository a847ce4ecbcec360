import { describe, expect, it } from 'vitest';
import { caseTokens } from './case-tokens.js';
import type { Rule } from '../contract/rule.js';

const rulesNamed = (count: number): Rule[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r${i}`, section: '1', area: 'create', title: '', statement: '', run: async () => {} }));

describe('caseTokens', () => {
  it('names the rule by its place in the list and counts its own cases, whatever the other rules did', () => {
    const next = caseTokens(rulesNamed(40));
    expect([next('r1'), next('r39'), next('r1')]).toEqual(['01k0x', '13k0x', '01k1x']);
    const other = caseTokens(rulesNamed(40));
    expect(other('r1')).toBe('01k0x'); // the same rule, alone: the same token
  });

  it('gives distinct tokens across rules and many cases (the rule key has one width)', () => {
    const rules = rulesNamed(1300);
    const next = caseTokens(rules);
    const seen = new Set<string>();
    for (const id of ['r1', 'r20', 'r56', 'r1296']) for (let i = 0; i < 800; i++) seen.add(next(id));
    expect(seen.size).toBe(4 * 800);
    expect(next('r0')).toBe('000k0x');
  });

  it('gives tokens no other token starts: a q of one case never finds another case by prefix', () => {
    const next = caseTokens(rulesNamed(40));
    const tokens = [...Array.from({ length: 120 }, () => next('r1')), next('r11'), next('r2')];
    for (const a of tokens) for (const b of tokens) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });

  it('refuses a rule outside the list', () => {
    expect(() => caseTokens(rulesNamed(2))('elsewhere')).toThrow(/not in the run's rule list/);
  });
});
