/**
 * The order in which `npm test` starts its files. Vitest orders by the durations of the last run, kept in
 * node_modules/.vite; a fresh clone has none, and vitest then starts the largest files first. The longest files
 * are short in lines (test/mutants/mutants.test.ts is 100 lines and runs one to two minutes), so on a fresh clone
 * they started last and the whole run waited on them alone. The files listed here start first, longest first,
 * whatever the cache holds; the rest keep vitest's order. Measure again (docs/testing.md "How long") when a
 * file of the gate grows past the last of these.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { SLOW_FILES } from './slow-files.js';

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = SLOW_FILES.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return index === -1 ? SLOW_FILES.length : index;
    };
    // Array.prototype.sort is stable: the files not listed keep vitest's order behind the listed ones.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
