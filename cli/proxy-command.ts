/**
 * @module `jobs-conformance proxy`: the validating proxy as a command. It
 * prints one start line, then one line per finding as it happens; it writes
 * the reports every --flush-every seconds and when it stops (SIGINT or
 * SIGTERM), prints the summary and exits as the suite does (cli/exit-codes.ts):
 * 0 no mismatch, 1 a --fail-on condition holds, 2 could not start. Its options
 * are the table in cli/options/proxy-options.ts (each also JOBS_PROXY_<FLAG>).
 */
import { Command } from 'commander';
import {
  applyBaseline,
  failingConditions,
  prepareReportDir,
  renderTerminalSummary,
  shouldUseColor,
  writeReports,
  type RedactedReport,
} from '../reports/index.js';
import { messageOf } from '../suites/contract/errors.js';
import { prepareGating, type Gating } from '../reports/gating/gating-options.js';
import { Redactor } from '../reports/redactor.js';
import type { Finding } from '../proxy/checks/findings.js';
import { ruleInfo } from '../proxy/checks/proxy-rules.js';
import { runProxy, type ProxyServer } from '../proxy/run-proxy.js';
import { EXIT_USAGE, exitCodeOf, exitCodeOfBadCommandLine } from './exit-codes.js';
import { commandProgram, type CliIo } from './command.js';
import { addOptions, readOptions, UsageError } from './options/option-table.js';
import { PROXY_OPTIONS, type ProxyOptions } from './options/proxy-options.js';

const NAME = 'jobs-conformance proxy';

/** The proxy's io: a command's, and a hook told the proxy's address once it listens (tests). */
export interface ProxyCliIo extends CliIo {
  onListening?: (proxy: ProxyServer) => void;
}

function program(io: ProxyCliIo): Command {
  const command = commandProgram(NAME, io)
    .description('A validating proxy: forwards traffic to --target unchanged and checks both sides against the Jobs API v1.1.')
    .addHelpText('after', '\nEvery option also reads from its environment variable (flags win; a switch takes 1 or 0).');
  return addOptions(command, PROXY_OPTIONS);
}

/** One live line per finding: side, rule, section, what happened. */
export function findingLine(finding: Finding): string {
  const rule = ruleInfo(finding.ruleId);
  return `${finding.side} ${rule.id} (§${rule.section}): ${finding.title}`;
}

/**
 * Runs the proxy command until `io.signal` aborts; resolves to the exit code.
 *
 * @example
 * const argv = ['node', 'jobs-conformance', '--target', 'http://127.0.0.1:4010'];
 * const code = await proxyMain({ argv, env: process.env, stdout: process.stdout, stderr: process.stderr, signal });
 */
export async function proxyMain(io: ProxyCliIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`${NAME}: ${line}\n`);
  const command = program(io);
  let flags: ProxyOptions;
  try {
    command.parse(io.argv);
    flags = readOptions(command, PROXY_OPTIONS, io.env);
  } catch (error) {
    return exitCodeOfBadCommandLine(error, say);
  }
  const target = flags.target;
  let proxy: ProxyServer | undefined;
  // Keys come only from traffic: every line a finding prints is scrubbed of every key seen so far.
  const redact = (text: string): string => new Redactor(proxy?.secrets()).redact(text);
  let gating: Gating;
  try {
    if (!target) throw new UsageError('--target is required (or JOBS_PROXY_TARGET)');
    gating = await prepareGating({ reporters: flags.reporters, failOn: flags.failOn, baseline: flags.baseline });
    await prepareReportDir(flags.reportDir);
    proxy = await runProxy({
      target,
      port: flags.port,
      host: flags.host,
      ...(flags.preserveHost ? { preserveHost: true } : {}),
      selection: { only: flags.only ?? null, skip: flags.skip ?? null },
      onFinding: (finding) => say(redact(findingLine(finding))),
    });
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  const running: ProxyServer = proxy;
  io.stdout.write(
    `jobs-conformance proxy listening on ${running.url} (API root ${running.url}/api/v1.1) forwarding to ${running.target}; reports in ${flags.reportDir}\n`,
  );
  io.onListening?.(running);

  const { reporters, failOn, baseline } = gating;
  // The proxy's report is built from traffic: it is redacted here, once, with every key seen so far.
  const built = async (): Promise<RedactedReport> => new Redactor(running.secrets()).redactReport(await running.report());
  const gated = (report: RedactedReport): RedactedReport => (baseline ? applyBaseline(report, baseline) : report);
  const write = async (): Promise<{ report: RedactedReport; files: string[] }> => {
    const report = gated(await built());
    const files = await writeReports(report, { dir: flags.reportDir, reporters, secrets: running.secrets() });
    return { report, files };
  };
  let flushing: Promise<unknown> | undefined;
  // A flush still writing when the next is due is not overlapped by another.
  const flush = (): void => {
    flushing ??= write()
      .catch((error: unknown) => say(`error: ${messageOf(error)}`))
      .finally(() => (flushing = undefined));
  };
  const timer = flags.flushEvery > 0 ? setInterval(flush, flags.flushEvery * 1000) : undefined;
  timer?.unref();
  await new Promise<void>((resolve) => {
    if (io.signal?.aborted) resolve();
    io.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  if (timer) clearInterval(timer);
  await flushing;
  await running.close();
  let written: { report: RedactedReport; files: string[] };
  try {
    written = await write();
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  io.stdout.write(renderTerminalSummary(written.report, { color: shouldUseColor(io.stdout, io.env), files: written.files }));
  for (const condition of failingConditions(written.report, failOn)) say(condition.message);
  return exitCodeOf(written.report, failOn);
}
