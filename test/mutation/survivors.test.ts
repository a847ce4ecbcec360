/**
 * The checked-in mutation report has no survivor without a reason: every mutant of the mock's job logic that the
 * suite did not detect in the last `npm run mutation` (test/mutation/last-run.json) is listed in
 * test/mutation/survivors.json, each with an outcome and a reason that stands (docs/testing.md, "Mutation testing").
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeSurvivor, reasonProblem, stale, unlisted, type LastRun, type ListedSurvivor, type Survivor } from './survivor-list.js';

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as T;
const lastRun = read<LastRun>('./last-run.json');
const listed = read<ListedSurvivor[]>('./survivors.json');

describe('the survivors of the last mutation run', () => {
  it('are each listed in test/mutation/survivors.json', () => {
    expect(unlisted(lastRun, listed).map(describeSurvivor)).toEqual([]);
  });

  it('are listed with a valid reason', () => {
    const problems = listed.flatMap((entry) => {
      const problem = reasonProblem(entry);
      return problem ? [`${describeSurvivor(entry)}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('are listed only while they survive (a killed mutant leaves the list)', () => {
    expect(stale(lastRun, listed).map(describeSurvivor)).toEqual([]);
  });
});

describe('the survivor list', () => {
  const survivor: Survivor = {
    file: 'a.ts',
    mutator: 'EqualityOperator',
    original: 'a < b',
    replacement: 'a <= b',
    line: 3,
    status: 'Survived',
  };
  const run: LastRun = { files: { 'a.ts': {} }, survivors: [survivor] };
  const entry: ListedSurvivor = {
    ...survivor,
    line: 9,
    outcome: 'equivalent',
    reason: 'a and b are never equal here, ids are unique',
  };

  it('matches a survivor by what it changed, not by its line', () => {
    expect(unlisted(run, [entry])).toEqual([]);
    expect(unlisted(run, [{ ...entry, replacement: 'a > b' }])).toEqual(run.survivors);
  });

  it('holds one entry to one survivor: of two entries of the same change, the one whose mutant was killed is stale', () => {
    const twin: Survivor = { ...survivor, line: 30 };
    const listedTwice = [entry, { ...entry, line: 31 }];
    expect(stale({ ...run, survivors: [survivor, twin] }, listedTwice)).toEqual([]);
    expect(stale({ ...run, survivors: [twin] }, listedTwice)).toEqual([entry]);
    expect(unlisted({ ...run, survivors: [survivor, twin] }, [entry]).map((s) => s.line)).toEqual([30]);
  });

  it('flags an entry of a mutated file that no longer survives', () => {
    expect(stale({ ...run, survivors: [] }, [entry])).toEqual([entry]);
    expect(stale({ files: {}, survivors: [] }, [entry])).toEqual([]);
  });

  it('refuses an unknown outcome, a reason that is no sentence, an open form without its section, and a mutant not applied without its rule', () => {
    expect(reasonProblem(entry)).toBeUndefined();
    expect(reasonProblem({ ...entry, outcome: 'fine' as never })).toMatch(/not one of/);
    expect(reasonProblem({ ...entry, reason: 'same' })).toMatch(/sentence/);
    expect(reasonProblem({ ...entry, outcome: 'open in the spec', reason: 'the link form is left open' })).toMatch(/section/);
    expect(reasonProblem({ ...entry, outcome: 'open in the spec', reason: 'spec 4.7: the link form is left open' })).toBeUndefined();
    expect(reasonProblem({ ...entry, outcome: 'not applied', reason: 'a module constant the runner never switched on' })).toMatch(
      /names the rule/,
    );
    expect(
      reasonProblem({ ...entry, outcome: 'not applied', reason: 'a module constant; set by hand, jobs.protocol.json-media-type fails' }),
    ).toBeUndefined();
  });
});
