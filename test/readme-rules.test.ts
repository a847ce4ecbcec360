/**
 * The README's rule table is a snapshot of the registry: this keeps it in
 * step (every rule listed once, with its section and level, and nothing else).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { rules } from '../suites/rules.js';

function readmeRuleRows(): Array<{ id: string; section: string; level: string }> {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const table = readme.split('### Rules')[1]?.split('\n### ')[0] ?? '';
  return [...table.matchAll(/^\| `([^`]+)` \| ([^|]+) \| ([^|]+) \|/gm)].map((m) => ({ id: m[1]!, section: m[2]!.trim(), level: m[3]!.trim() }));
}

it('the README rule table lists exactly the registry, with each rule’s section and level', () => {
  const rows = readmeRuleRows();
  expect(rows.length).toBeGreaterThan(0);
  expect(rows).toEqual(rules.map((rule) => ({ id: rule.id, section: rule.section, level: rule.level ?? 'must' })));
});
