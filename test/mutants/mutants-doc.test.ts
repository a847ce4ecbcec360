/**
 * docs/mutants.md is the mutant list as a table; it must not drift from
 * test/mutants/*.ts (`npm run generate` rewrites it). Also checks the list
 * itself: unique names, one per area at least, known rule ids.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rules } from '../../suites/checks/rules.js';
import { expectedRules, mutants } from './index.js';
import { renderMutantsDoc } from './support/mutants-doc.js';

const DOC = fileURLToPath(new URL('../../docs/mutants.md', import.meta.url));

describe('the mutant list', () => {
  it('has at least 30 mutants with unique names, each starting with its area', () => {
    expect(mutants.length).toBeGreaterThanOrEqual(30);
    expect(new Set(mutants.map((m) => m.name)).size).toBe(mutants.length);
    for (const mutant of mutants) expect(mutant.name.startsWith(`${mutant.area}-`), mutant.name).toBe(true);
  });

  it('names only rules the registry has', () => {
    const known = new Set(rules.map((rule) => rule.id));
    const unknown = mutants.flatMap((mutant) =>
      expectedRules(mutant)
        .filter((id) => !known.has(id))
        .map((id) => `${mutant.name}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  it('covers every area of the registry', () => {
    const areas = new Set(rules.map((rule) => rule.area));
    const covered = new Set(mutants.map((mutant) => mutant.area));
    expect([...areas].filter((area) => !covered.has(area))).toEqual([]);
  });

  it('is what docs/mutants.md shows', async () => {
    const expected = renderMutantsDoc(mutants);
    const actual = await readFile(DOC, 'utf8').catch(() => '');
    expect(actual, 'docs/mutants.md is stale: npm run generate').toBe(expected);
  });
});
