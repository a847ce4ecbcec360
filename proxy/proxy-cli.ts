/**
 * @module `jobs-conformance proxy`: the validating proxy as a command. It
 * prints one start line, then one line per finding as it happens; it writes
 * the reports every --flush-every seconds and when it stops (SIGINT or
 * SIGTERM), prints the summary and exits as the suite does: 0 no mismatch,
 * 1 a --fail-on condition holds, 2 could not start.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { applyBaseline, DEFAULT_FAIL_ON, exitCodeOf, failingConditions, prepareReportDir, renderTerminalSummary, shouldUseColor, writeReports } from '../reports/index.js';
import type { ConformanceReport } from '../schemas/types.gen.js';
import { messageOf, SuiteError } from '../suites/engine/errors.js';
import { prepareGating, type Gating } from '../suites/engine/gating-options.js';
import { Redactor } from '../suites/http/redactor.js';
import { toolInfo } from '../reports/tool-info.js';
import type { Finding } from './findings.js';
import { ruleInfo } from './proxy-rules.js';
import { runProxy, type ProxyServer } from './run-proxy.js';

const NAME = 'jobs-conformance proxy';

export interface ProxyCliIo {
  /** The arguments after `proxy`, with the two leading argv entries (node, script). */
  argv: string[];
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** Aborted on SIGINT or SIGTERM: the proxy stops, writes its reports and exits. */
  signal?: AbortSignal;
  /** Told the proxy's address once it listens (tests). */
  onListening?: (proxy: ProxyServer) => void;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('must be an integer 0-65535 (0 picks a free port)');
  return port;
}

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0) throw new InvalidArgumentError('must be a number of seconds (0: only when the proxy stops)');
  return seconds;
}

interface ProxyFlags {
  target?: string;
  port: number;
  host: string;
  preserveHost?: boolean;
  reportDir: string;
  reporter: string;
  failOn?: string;
  baseline?: string;
  flushEvery: number;
}

function program(io: ProxyCliIo): Command {
  return new Command('jobs-conformance proxy')
    .description('A validating proxy: forwards traffic to --target unchanged and checks both sides against the Jobs API v1.1.')
    .version(toolInfo.version)
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text), outputError: (text, write) => write(`${NAME}: ${text}`) })
    .addOption(new Option('--target <url>', 'the server to forward to, its base address (env JOBS_PROXY_TARGET)'))
    .addOption(new Option('-p, --port <n>', 'port to listen on; 0 picks a free port').argParser(parsePort).default(4020))
    .addOption(new Option('-H, --host <host>', 'interface to bind').default('127.0.0.1'))
    .addOption(new Option('--preserve-host', "send the client's Host header to the target (default: the target's host)"))
    .addOption(new Option('--report-dir <dir>', 'where the reports go').default('conformance-report'))
    .addOption(new Option('--reporter <list>', 'formats: json, junit, html, markdown, or all').default('all'))
    .addOption(new Option('--fail-on <list>', `what makes the exit code 1 (default ${DEFAULT_FAIL_ON.join(',')})`))
    .addOption(new Option('--baseline <file>', 'known findings by rule id, accepted'))
    .addOption(new Option('--flush-every <seconds>', 'also write the reports every N seconds (0: only when stopping)').argParser(parseSeconds).default(30));
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
 * const code = await proxyMain({ argv: ['node', 'jobs-conformance', '--target', 'http://127.0.0.1:4010'], env: process.env, stdout: process.stdout, stderr: process.stderr, signal });
 */
export async function proxyMain(io: ProxyCliIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`${NAME}: ${line}\n`);
  const command = program(io);
  try {
    command.parse(io.argv);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  const flags = command.opts<ProxyFlags>();
  const target = flags.target ?? io.env.JOBS_PROXY_TARGET;
  let proxy: ProxyServer | undefined;
  // Keys come only from traffic: every line a finding prints is scrubbed of every key seen so far.
  const redact = (text: string): string => new Redactor(proxy?.secrets()).redact(text);
  let gating: Gating;
  try {
    if (!target) throw new SuiteError('CONFIG', '--target is required (or JOBS_PROXY_TARGET)');
    gating = await prepareGating({ reporters: flags.reporter, failOn: flags.failOn, baseline: flags.baseline });
    await prepareReportDir(flags.reportDir);
    proxy = await runProxy({
      target,
      port: flags.port,
      host: flags.host,
      ...(flags.preserveHost ? { preserveHost: true } : {}),
      onFinding: (finding) => say(redact(findingLine(finding))),
    });
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return 2;
  }
  const running: ProxyServer = proxy;
  io.stdout.write(`jobs-conformance proxy listening on ${running.url} (API root ${running.url}/api/v1.1) forwarding to ${running.target}; reports in ${flags.reportDir}\n`);
  io.onListening?.(running);

  const { reporters, failOn, baseline } = gating;
  const gated = (report: ConformanceReport): ConformanceReport => (baseline ? applyBaseline(report, baseline) : report);
  const write = async (): Promise<{ report: ConformanceReport; files: string[] }> => {
    const report = gated(await running.report());
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
  let written: { report: ConformanceReport; files: string[] };
  try {
    written = await write();
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return 2;
  }
  io.stdout.write(renderTerminalSummary(written.report, { color: shouldUseColor(io.stdout, io.env), files: written.files, secrets: running.secrets() }));
  for (const condition of failingConditions(written.report, failOn)) say(condition.message);
  return exitCodeOf(written.report, failOn);
}
