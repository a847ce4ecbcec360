// Gating from a program, as the CLI does it: a baseline of accepted failures, the reports, the exit code.
import { createMockServer } from 'jobs-conformance/mock';
import {
  applyBaseline,
  createBaseline,
  exitCodeOf,
  failingConditions,
  parseFailOn,
  parseReporters,
  readBaseline,
  writeBaseline,
  writeReports,
} from 'jobs-conformance/reports';
import { runConformance } from 'jobs-conformance/suites';

const mock = await createMockServer();
const report = await runConformance({ baseUrl: mock.url, apiKey: 'demo-key-1', only: 'jobs.create', runs: 5 });
await mock.close();

const baselineFile = 'conformance-baseline.json';
await writeBaseline(baselineFile, createBaseline(report)); // what --write-baseline writes
const gated = applyBaseline(report, await readBaseline(baselineFile)); // what --baseline applies
const files = await writeReports(gated, { dir: 'conformance-report', reporters: parseReporters('json,markdown'), secrets: ['demo-key-1'] });
const failOn = parseFailOn('failed,flaky,error,stale-baseline'); // --fail-on
for (const condition of failingConditions(gated, failOn)) console.error(condition.message);
console.log(gated.verdict, files);
process.exitCode = exitCodeOf(gated, failOn);
