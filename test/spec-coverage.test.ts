/**
 * docs/spec-coverage.md maps every statement of the spec (sections 2 to 9) to
 * the rules that probe it. This keeps the table honest: every rule id it names
 * exists, every rule of the
 * registry is placed at least once, and every row either names a rule or says
 * why the statement is not probed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rules } from '../suites/rules.js';

interface Row {
  line: string;
  /** Ids the row names as rules of the registry. */
  ids: string[];
}

function tableRows(): Row[] {
  const doc = readFileSync(new URL('../docs/spec-coverage.md', import.meta.url), 'utf8');
  const rows = doc.split('\n').filter((line) => /^\| \d/.test(line));
  return rows.map((line) => {
    const probedBy = line.split(' | ').at(-1) ?? '';
    const ids = [...probedBy.matchAll(/`(jobs\.[^`]+)`/g)].map((m) => m[1]!);
    return { line, ids };
  });
}

describe('docs/spec-coverage.md', () => {
  const rows = tableRows();
  const registry = new Set(rules.map((rule) => rule.id));

  it('has a row for each section from 2 to 9', () => {
    const sections = new Set(rows.map((row) => /^\| (\d)/.exec(row.line)?.[1]));
    for (const section of ['2', '3', '4', '5', '6', '7', '8', '9']) expect(sections, `section ${section}`).toContain(section);
  });

  it('names only rules that exist', () => {
    const unknown = rows.flatMap((row) => row.ids.filter((id) => !registry.has(id)));
    expect(unknown).toEqual([]);
  });

  it('places every rule of the registry at least once', () => {
    const named = new Set(rows.flatMap((row) => row.ids));
    expect(rules.map((rule) => rule.id).filter((id) => !named.has(id))).toEqual([]);
  });

  it('says for every statement which rules probe it, or why none does', () => {
    const unexplained = rows.filter((row) => {
      const probedBy = row.line.split(' | ').at(-1) ?? '';
      return row.ids.length === 0 && !/not probed|see /i.test(probedBy);
    });
    expect(unexplained.map((row) => row.line)).toEqual([]);
  });

  it('gives every statement a level', () => {
    const levels = rows.map((row) => row.line.split(' | ').at(-2)?.trim());
    expect(levels.filter((level) => !['must', 'should', 'open', 'not shown'].includes(level ?? ''))).toEqual([]);
  });
});
