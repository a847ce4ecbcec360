// The suite from a program: runConformance returns the report object (the report.json shape).
import { createMockServer } from 'jobs-conformance/mock';
import { exitCodeOf, runConformance, SuiteError } from 'jobs-conformance/suites';

const mock = await createMockServer(); // the server under test: here the mock, on a free port
try {
  const report = await runConformance({
    baseUrl: mock.url, // your server's base address; /api/v1.1 is appended
    apiKey: 'demo-key-1',
    secondApiKey: 'demo-key-2', // optional: turns on the isolation rules
    seed: 42,
    runs: 5,
    only: 'jobs.create',
    signal: AbortSignal.timeout(60_000), // abort: cleanup still runs, report.interrupted = true
    onProgress: (event) => {
      if (event.type === 'rule-end') console.log(event.result.id, event.result.status);
    },
  });
  console.log(report.verdict, report.summary);
  process.exitCode = exitCodeOf(report); // 0, 1 or 130, as the CLI would exit
} catch (error) {
  // Mismatches are in the report, never thrown: a SuiteError means the run could not proceed.
  if (error instanceof SuiteError) console.error(error.code, error.message); // CONFIG, TARGET_UNREACHABLE, KEY_REJECTED, ...
  throw error;
} finally {
  await mock.close();
}
