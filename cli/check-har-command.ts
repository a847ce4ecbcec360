/**
 * @module `jobs-conformance check-har FILE.har`: recorded traffic (browser devtools, Playwright's recordHar,
 * mitmproxy, the suite's own exchanges.har) judged offline by the proxy's checks, statefully, in the order it
 * happened. It writes the proxy's reports with the same gating and exit codes (cli/exit-codes.ts): 0 no mismatch,
 * 1 a --fail-on condition holds, 2 a file it cannot judge (one line saying why; nothing is judged in part).
 * Its options are cli/options/check-har-options.ts.
 */
import { Command } from 'commander';
import {
  failingConditions,
  prepareReportDir,
  renderTerminalSummary,
  shouldUseColor,
  writeReports,
  type RedactedReport,
} from '../reports/index.js';
import { Redactor } from '../reports/redactor.js';
import { checkHar, type CheckHarResult } from '../proxy/har/check-har.js';
import { readHarFile } from '../proxy/har/read-har.js';
import { API_PREFIX } from '../vocabulary/index.js';
import { messageOf } from '../suites/contract/errors.js';
import { prepareGating, type Gating } from '../reports/gating/gating-options.js';
import { commandProgram, type CliIo } from './command.js';
import { EXIT_USAGE, exitCodeOf, exitCodeOfBadCommandLine } from './exit-codes.js';
import { gateReport } from '../reports/gating/gate-report.js';
import { CHECK_HAR_OPTIONS, type CheckHarOptions } from './options/check-har-options.js';
import { addOptions, readOptions, UsageError } from './options/option-table.js';
import { findingLine } from './proxy-command.js';

const NAME = 'jobs-conformance check-har';

function program(io: CliIo): Command {
  const command = commandProgram(NAME, io)
    .description("Judges recorded traffic (a HAR 1.2 file) against the Jobs API v1.1 with the proxy's checks, in the order recorded.")
    .argument('<file>', 'the HAR file')
    .addHelpText('after', '\nEvery option also reads from its environment variable (flags win).');
  return addOptions(command, CHECK_HAR_OPTIONS);
}

/** The command line parsed and its options read, without running anything: throws what the command refuses with exit 2. */
export function parseCheckHarCommandLine(io: CliIo): { options: CheckHarOptions; file: string; baseUrl?: URL } {
  const command = program(io);
  command.parse(io.argv);
  const options = readOptions(command, CHECK_HAR_OPTIONS, io.env);
  let baseUrl: URL | undefined;
  if (options.baseUrl !== undefined) {
    baseUrl = URL.canParse(options.baseUrl) ? new URL(options.baseUrl) : undefined;
    if (!baseUrl || !/^https?:$/.test(baseUrl.protocol))
      throw new UsageError(`--base-url: ${JSON.stringify(options.baseUrl)} is no http or https URL`);
  }
  return { options, file: command.args[0]!, ...(baseUrl ? { baseUrl } : {}) };
}

/**
 * Runs `check-har` and resolves to its exit code.
 *
 * @example
 * await checkHarMain({ argv: ['node', 'jobs-conformance', 'traffic.har'], env, stdout, stderr });
 */
export async function checkHarMain(io: CliIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`${NAME}: ${line}\n`);
  let parsed: ReturnType<typeof parseCheckHarCommandLine>;
  try {
    parsed = parseCheckHarCommandLine(io);
  } catch (error) {
    return exitCodeOfBadCommandLine(error, say);
  }
  const { options, file, baseUrl } = parsed;
  let gating: Gating;
  let result: CheckHarResult;
  try {
    gating = await prepareGating(options);
    await prepareReportDir(options.reportDir);
    const har = await readHarFile(file);
    result = await checkHar(har, {
      source: file,
      ...(baseUrl ? { baseUrl } : {}),
      selection: { only: options.only ?? null, skip: options.skip ?? null },
      // Keys come only from the file: a printed line is scrubbed of every key seen so far.
      onFinding: (finding, secrets) => say(new Redactor([...secrets]).redact(findingLine(finding))),
    });
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  say(
    `judged ${result.judged} exchanges of ${file} under ${result.base.href.replace(/\/$/, '')}${API_PREFIX}; ignored ${result.ignored} outside it`,
  );
  let gated: RedactedReport;
  let files: string[];
  try {
    gated = await gateReport(new Redactor([...result.secrets]).redactReport(result.report), gating, say);
    files = await writeReports(gated, { dir: options.reportDir, reporters: gating.reporters, secrets: [...result.secrets] });
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  io.stdout.write(renderTerminalSummary(gated, { color: shouldUseColor(io.stdout, io.env), files }));
  for (const condition of failingConditions(gated, gating.failOn)) say(condition.message);
  return exitCodeOf(gated, gating.failOn);
}
