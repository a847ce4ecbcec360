/**
 * No over-reach: where the spec leaves a form open, the
 * rules that once failed a conformant server over it pass against the mock
 * set to the other form. Each row runs only the rules that form touches, and
 * where the suite records the form it saw, the row checks that observation,
 * so a row cannot pass without meeting the form. The rows are in
 * support/open-choices.ts. A row whose every choice one setting of the sweep
 * holds (a named profile, or other-forms) is proven in the PR gate by that
 * setting's whole-registry run in mock-sweep.test.ts (runs 20, every rule, no
 * warning), which also checks the row's observation and written form; the
 * nightly tier (TEST_TIER=full) runs it here as well.
 */
import { describe, expect, it } from 'vitest';
import { CHOICE_SWITCHES, createMockServer } from '../../mock/index.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { FULL_TIER } from '../support/test-seeds.js';
import { choicesOf, GATE_SETTINGS } from '../support/mock-settings.js';
import { expectObserved, expectWrittenForm, OPEN_CHOICES, rowsProvenBy } from './support/open-choices.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };
const SEED = 11_002;
/** The rows no setting of the sweep proves: the gate's; the nightly tier runs every row. */
const swept = new Set(GATE_SETTINGS.flatMap(rowsProvenBy));
const ROWS = FULL_TIER ? OPEN_CHOICES : OPEN_CHOICES.filter((row) => !swept.has(row));

function failures(report: ConformanceReport): string[] {
  return report.rules
    .filter((rule) => rule.status !== 'passed' && rule.status !== 'skipped') // failed, warning or error
    .map(
      (rule) =>
        `${rule.id} ${rule.status}: ${rule.mismatches[0]?.title ?? rule.errorMessage ?? ''}\n  ${rule.mismatches[0]?.received ?? ''}`,
    );
}

describe('the suite accepts every form the spec leaves open', () => {
  // Every value of every switch is proven somewhere in the gate: by a setting of the sweep
  // (test/suite/mock-sweep.test.ts runs reference, alt, lenient and other-forms whole) or by a row here.
  it('has a row or a setting of the sweep for every value of every switch', () => {
    const proven = new Set(OPEN_CHOICES.flatMap(({ choices }) => Object.entries(choices).map(([name, value]) => `${name}=${value}`)));
    for (const setting of GATE_SETTINGS) {
      for (const [name, value] of Object.entries(choicesOf(setting))) proven.add(`${name}=${value}`);
    }
    const values = [...CHOICE_SWITCHES.values()].flatMap((s) => Object.keys(s.values).map((value) => `${s.name}=${value}`));
    expect(values.filter((value) => !proven.has(value))).toEqual([]);
  });

  it.each(ROWS)(
    '$form',
    async ({ choices, only, observed, writes }) => {
      await using mock = await createMockServer({ port: 0, choices });
      if (writes) await expectWrittenForm(mock.url, writes);
      const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: SEED, runs: 4, only });
      expect(report.rules.length).toBeGreaterThan(0);
      expect(failures(report), `seed ${SEED}, choices ${JSON.stringify(choices)}`).toEqual([]);
      if (observed) expectObserved(report, observed, `seed ${SEED}, choices ${JSON.stringify(choices)}`);
    },
    120_000,
  );
});

describe('a paged reference list (4.6): unknown ids are drawn outside every page', () => {
  const OUT_OF_RANGE = ['jobs.create.rejects-out-of-range', 'jobs.update.rejects-out-of-range', 'jobs.put-create.rejects-invalid'];
  // The same assertions at more seeds draw more ids: the gate runs two, the nightly tier (TEST_TIER=full) all eight.
  const SEEDS = FULL_TIER ? [1, 2, 3, 7, 42, 1001, 2024, 31_337] : [1, 31_337];

  it.each(SEEDS)(
    'seed %i: the out-of-range rules pass against pages of 3',
    async (seed) => {
      await using mock = await createMockServer({ port: 0, choices: { 'lists.shape': 'paged', 'paging.link-form': 'relative' } });
      const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed, only: OUT_OF_RANGE });
      expect(report.rules.map((rule) => rule.id).sort()).toEqual([...OUT_OF_RANGE].sort());
      expect(failures(report), `seed ${seed}`).toEqual([]);
      expect(report.observations.find((o) => o.topic === 'reference-list-shape.categories')?.observed).toBe(
        '{data: [...], paging}, 20 items, 7 pages by paging.next, relative links, each previous link one page back',
      );
    },
    120_000,
  );
});
