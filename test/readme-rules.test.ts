/**
 * The README's rule table is a snapshot of the registry: this keeps it in
 * step (every rule listed once, with its section, level and title, and
 * nothing else). UPDATE_README_RULES=1 rewrites the table from the registry
 * (after adding, re-levelling or merging rules).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Rule } from '../suites/rule.js';
import { rules } from '../suites/rules.js';

const README = new URL('../README.md', import.meta.url);
const HEADER = '| Rule | § | Level | Checks |\n|---|---|---|---|\n';

function row(rule: Rule): string {
  const needs = rule.requires?.includes('secondApiKey') ? ' (needs `--second-api-key`)' : '';
  return `| \`${rule.id}\` | ${rule.section} | ${rule.level ?? 'must'} | ${rule.title}${needs} |`;
}

/** The table's text: from its header to the first line that is not a row. */
function tableOf(readme: string): { start: number; end: number } {
  const section = readme.indexOf('### Rules');
  const start = readme.indexOf(HEADER, section);
  expect(start, 'the README has a "### Rules" table with a Level column').toBeGreaterThan(section);
  let end = start + HEADER.length;
  while (readme.startsWith('| `', end)) end = readme.indexOf('\n', end) + 1;
  return { start, end };
}

it('the README rule table lists exactly the registry, with each rule’s section, level and title', () => {
  const readme = readFileSync(README, 'utf8');
  const { start, end } = tableOf(readme);
  const expected = HEADER + rules.map(row).join('\n') + '\n';
  if (process.env.UPDATE_README_RULES) writeFileSync(README, readme.slice(0, start) + expected + readme.slice(end));
  const actual = readFileSync(README, 'utf8');
  const now = tableOf(actual);
  expect(actual.slice(now.start, now.end), 'README rules table is stale: UPDATE_README_RULES=1 npx vitest run test/readme-rules.test.ts').toBe(expected);
});
