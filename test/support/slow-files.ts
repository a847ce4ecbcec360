/**
 * @module The longest files of the PR gate, longest first (paths from the repository root), measured by
 * `npx vitest run --reporter=json` (docs/testing.md "How long"). test/support/slow-files-first.ts starts them first;
 * test/architecture/slow-files.test.ts checks that each is a file of the gate.
 */
export const SLOW_FILES = [
  'test/suite/mock-sweep.test.ts',
  'test/mutants/mutants.test.ts',
  'test/suite/one-owner-per-variant.test.ts',
  'test/openapi/openapi-tools.test.ts',
  'test/suite/adaptive-concurrency.test.ts',
  'test/generated-files-check.test.ts',
  'test/suite/open-choices.test.ts',
  'test/suite/shards.test.ts',
  'test/reports/html-report.browser.test.ts',
  'test/suite/judgement-targets.test.ts',
  'test/suite/preexisting-jobs.test.ts',
  'test/reports/root-cause-reports.test.ts',
  'test/suite/broken-variants.test.ts',
  'test/mock/cli.test.ts',
  'test/proxy/check-har.browser.test.ts',
  'test/suite/cli.test.ts',
  'test/reports/drift-cli.test.ts',
  'test/suite/concurrent-rules.test.ts',
  'test/proxy/cli.test.ts',
  'test/suite/write-baseline.test.ts',
];
