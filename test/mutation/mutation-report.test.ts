/**
 * The merge of Stryker's incremental reports (scripts/mutation-report.mjs): a run of some files keeps the results of
 * the others, and a file the config now leaves out leaves the results, so its mutants no longer count.
 */
import { describe, expect, it } from 'vitest';
import { excludedFiles, mergeIncremental, withoutSurvivors } from '../../scripts/mutation-report.mjs';

const report = (...names: string[]) => ({
  schemaVersion: '2',
  files: Object.fromEntries(names.map((name) => [name, { mutants: [name] }])),
});

describe('mergeIncremental', () => {
  it("keeps the previous run's files that this run left out, and takes this run's for the files it ran", () => {
    const merged = mergeIncremental(report('a.ts', 'b.ts'), { ...report('b.ts'), files: { 'b.ts': { mutants: ['new'] } } });
    expect(merged.files).toEqual({ 'a.ts': { mutants: ['a.ts'] }, 'b.ts': { mutants: ['new'] } });
  });

  it('after a run of --survivors, keeps the survivors of the files Stryker only carried over, and takes the files it ran', () => {
    const mutants = (...statuses: string[]) => ({ source: 'code', mutants: statuses.map((status, i) => ({ id: String(i), status })) });
    const previous = {
      schemaVersion: '2',
      files: { 'ran.ts': mutants('Killed', 'Survived'), 'left.ts': mutants('Killed', 'Survived', 'NoCoverage') },
    };
    const next = { schemaVersion: '2', files: { 'ran.ts': mutants('Killed', 'Killed'), 'left.ts': mutants('Killed') } };
    const merged = mergeIncremental(previous, next, new Set(), { survivorsStripped: true });
    expect(merged.files).toEqual({ 'left.ts': previous.files['left.ts'], 'ran.ts': next.files['ran.ts'] });
    expect(mergeIncremental(previous, next).files['left.ts']).toEqual(next.files['left.ts']);
  });

  it('after a run of --survivors, takes a changed file as it ran, even with one mutant fewer than it had survivors', () => {
    const previous = {
      schemaVersion: '2',
      files: {
        'a.ts': {
          source: 'old',
          mutants: [
            { id: '1', status: 'Killed' },
            { id: '2', status: 'Survived' },
          ],
        },
      },
    };
    const next = { schemaVersion: '2', files: { 'a.ts': { source: 'new', mutants: [{ id: '3', status: 'Killed' }] } } };
    expect(mergeIncremental(previous, next, new Set(), { survivorsStripped: true }).files['a.ts']).toEqual(next.files['a.ts']);
  });

  it('drops the files the config leaves out by name, from either run', () => {
    const merged = mergeIncremental(report('a.ts', 'gone.ts'), report('b.ts', 'also-gone.ts'), new Set(['gone.ts', 'also-gone.ts']));
    expect(Object.keys(merged.files)).toEqual(['a.ts', 'b.ts']);
  });
});

describe('withoutSurvivors', () => {
  it('takes out the survivors and the mutants no rule ran, and keeps every kill and timeout', () => {
    const mutant = (id: string, status: string) => ({ id, status });
    const before = {
      schemaVersion: '2',
      files: {
        'a.ts': { language: 'typescript', mutants: [mutant('1', 'Killed'), mutant('2', 'Survived'), mutant('3', 'Timeout')] },
        'b.ts': { language: 'typescript', mutants: [mutant('4', 'NoCoverage'), mutant('5', 'Ignored')] },
      },
    };
    expect(withoutSurvivors(before)).toEqual({
      schemaVersion: '2',
      files: {
        'a.ts': { language: 'typescript', mutants: [mutant('1', 'Killed'), mutant('3', 'Timeout')] },
        'b.ts': { language: 'typescript', mutants: [mutant('5', 'Ignored')] },
      },
    });
  });
});

describe('excludedFiles', () => {
  it("reads the config's `!path` patterns without a wildcard", () => {
    expect(excludedFiles(['mock/**/*.ts', '!**/*.test.ts', '!mock/store/auto-refresh.ts'])).toEqual(
      new Set(['mock/store/auto-refresh.ts']),
    );
  });
});
