// @ts-check
/**
 * StrykerJS: mutation testing of the mock's job logic, with the suite as the test (`npm run mutation`, which
 * runs scripts/mutation.mjs: Node 22 or newer, fetched with npx where the machine has an older one).
 * docs/testing.md ("Mutation testing") says how to run it, what it measured and where the survivors are listed.
 *
 * What is mutated: the code that decides what the API answers.
 * - IN  mock/core/jobs/**: routing to the operations, the API-Key check, body reading, validation, the
 *   operations, list and search, serialization (dates, amounts, HTML), reference lists and locations;
 * - IN  mock/store/**: the job index, list order, search views, the clock, employers and keys;
 * - IN  mock/core/http/{read-json-body,api-error,error-response,json-response}.ts: how a body is read and how a
 *   refusal is answered (status, headers, error body).
 * - OUT the doors (mock/server.ts, node-adapter, handlers/, middleware, browser) and persistence/: they carry a
 *   request to the core and back, and test/mock proves they behave alike; mock/core/routes/dispatch.ts, http/api-path.ts
 *   and http/cors.ts: the way in, and headers for browsers the spec does not speak of;
 * - OUT the choice wiring (mock/core/choices/**, mock-options.ts, mock-core.ts, store-options.ts, json-format.ts): it
 *   selects among legal forms, each run by its own profile, and a mutant there only swaps one legal form for another;
 * - OUT logging and the control API (request-journal.ts, control.ts, fault-injector.ts, the snapshots for the
 *   control API and --persist: jobs-snapshot.ts, store-snapshot.ts): the suite never calls them, by design;
 * - OUT the mock's configuration (jobs/employers.ts: the demo employers and the check of `--employers`): a server's
 *   employers are its data, which the suite reads but never sets; test/mock proves the check;
 * - OUT what no run can reach on a server it must leave as it found it: auto-refresh (store/auto-refresh.ts) acts
 *   after 7 days of the server's clock, which a run can neither wait for nor move; the trigram index
 *   (store/trigram-index.ts) serves `q` only from 1,000 jobs of one employer, more than a run may create. Their unit
 *   tests prove them (auto-refresh against the scan of every job, the trigram index against the plain scan). Inside
 *   the mutated files, `// Stryker disable` comments mark the same reach (the control API's and --persist's methods of
 *   the store, the frozen clock), each with its reason;
 * - OUT the caches' map (store/bounded-map.ts) and the depth guard of JSON bodies (http/json-depth.ts): each cache
 *   only saves work and the guard only spares the process a deep body the schemas refuse anyway, so a mutant there
 *   changes what the mock computes, not what it answers (or breaks the map or the scan itself, which their unit tests
 *   prove against a plain list and the parsed value);
 * - OUT the 500 of a failure no request causes (http/unexpected-failure.ts: a bug of the mock, answered and never
 *   thrown to a door): its unit test proves it;
 * - OUT schemas/** and vocabulary/**, though they decide answers too: the suite shares them (its oracle), and
 *   in one process a mutant there would change the judge and the judged at once.
 */
export const MUTATE = [
  'mock/core/jobs/**/*.ts',
  'mock/store/**/*.ts',
  'mock/core/http/read-json-body.ts',
  'mock/core/http/api-error.ts',
  'mock/core/http/error-response.ts',
  'mock/core/http/json-response.ts',
  '!**/*.test.ts',
  '!**/*.test-support.ts',
  '!mock/core/jobs/jobs-snapshot.ts',
  '!mock/store/store-snapshot.ts',
  '!mock/core/jobs/employers.ts',
  '!mock/store/auto-refresh.ts',
  '!mock/store/trigram-index.ts',
  '!mock/store/bounded-map.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // The suite as the test: one test per rule and profile (test/mutation/suite-as-test.mutation.ts), in a vitest
  // project of its own that `npm test` does not run.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // Each mutant runs only the rules that executed its code.
  coverageAnalysis: 'perTest',
  // A static mutant (a module constant, evaluated once at load) is not switched on per test by the vitest runner: it
  // would survive whatever the suite checks (a JSON_TYPE of '' did, though jobs.protocol.json-media-type fails on it).
  // Stryker counts them as ignored, apart from the score.
  ignoreStatic: true,
  mutate: MUTATE,
  // The results of the last run, checked in: a mutant whose code and covering rules did not change is not run again.
  incremental: true,
  incrementalFile: 'test/mutation/stryker-incremental.json',
  // Two cores: one worker each.
  concurrency: 2,
  // A rule that waits past a second boundary takes over a second against the plain mock; a mutant that hangs is a timeout (killed).
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'mutation-report/mutation.html' },
  jsonReporter: { fileName: 'mutation-report/mutation.json' },
  tempDirName: '.stryker-tmp',
  // The sandbox is a copy of the sources the test imports: no build output, reports or benchmarks.
  // The test reads test/mutation/observed-forms.json; the run's own results stay out.
  ignorePatterns: [
    'dist',
    'coverage',
    'conformance-report',
    'mutation-report',
    'bench/out',
    'test-output',
    'test/mutation/stryker-incremental.json',
    'test/mutation/last-run.json',
    'test/mutation/survivors.json',
  ],
  thresholds: { high: 95, low: 80, break: null },
  cleanTempDir: 'always',
};
