/**
 * The built `jobs-conformance` bin (node dist/cli/jobs-conformance.js; `npm test`
 * builds first): exit codes, options from flags and JOBS_* variables, the
 * seed on stderr, reports on disk, replay of a mismatch, Ctrl-C, and never a
 * key in any output. The tests of what the command reads call its main() in
 * process (runInProcess); every exit code is also seen from the bin.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/conformance-command.js';
import { createMockServer, type MockServer } from '../../mock/testing.js';
import { validators } from '../../schemas/index.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import { isPut, mockOptions, mutantNamed, rewriteRequest } from '../mutants/kit.js';
import { textSink } from '../support/text-sink.js';

const CLI = resolve('dist/cli/jobs-conformance.js');
const KEY = 'demo-key-1';
const SECOND_KEY = 'demo-key-2';

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the bin asynchronously (the mock answering it lives in this process). */
function runCli(
  args: string[],
  env: Record<string, string> = {},
  options: { interruptWhen?: (stderr: string) => boolean } = {},
): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (!interrupted && options.interruptWhen?.(stderr)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/**
 * Runs the command's main() in this process, from the sources: for the tests whose subject is what the command
 * reads and answers, not the process around it (each spawn imports dist/ anew, about 2 s of CPU). Every exit code
 * is still seen from a real process by another test of this file.
 */
async function runInProcess(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const stdout = textSink();
  const stderr = textSink();
  const code = await main({ argv: ['node', 'jobs-conformance', ...args], env: { PATH: process.env.PATH ?? '', ...env }, stdout, stderr });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

function expectNoKey(...texts: string[]): void {
  for (const text of texts) {
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(SECOND_KEY);
  }
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((closed) => server.close(() => closed()));
  return port;
}

let dir: string;

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error('dist/cli/jobs-conformance.js is missing: run `npm run build` (npm test does it first)');
  dir = await mkdtemp(join(tmpdir(), 'jobs-conformance-cli-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readReport(reportDir: string): Promise<{ report: ConformanceReport; files: string[]; texts: string[] }> {
  const files = await readdir(reportDir);
  const texts = await Promise.all(files.map((file) => readFile(join(reportDir, file), 'utf8')));
  const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as ConformanceReport;
  const valid = validators.report(report);
  expect(valid.ok ? [] : valid.issues).toEqual([]);
  return { report, files, texts };
}

describe('arguments', () => {
  it('--help lists every option with its environment variable and the exit codes', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    for (const flag of [
      '--base-url',
      '--api-key',
      '--second-api-key',
      '--seed',
      '--runs',
      '--report-dir',
      '--reporter',
      '--only',
      '--timeout-ms',
      '--categories-path',
      '--locations-path',
    ]) {
      expect(run.stdout).toContain(flag);
    }
    expect(run.stdout).toContain('JOBS_BASE_URL');
    expect(run.stdout).toContain('JOBS_SECOND_API_KEY');
    expect(run.stdout).toMatch(/Exit codes: 0 no mismatch \(warnings allowed unless --strict\), 1 mismatch, 2 could not run/);
    expect(run.stdout).toMatch(/--strict\s+warnings \(failed should rules\) fail the run/);
    expect(run.stdout).toContain('JOBS_STRICT');
  });

  it('--list-rules prints every rule of the catalog with its section and level, then the spec sentence it checks, needing no target', async () => {
    const run = await runCli(['--list-rules']);
    expect(run.code).toBe(0);
    const { catalog: rules } = await import('../../suites/catalog/index.js');
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2 * rules.length);
    expect(lines[1]).toBe(`    spec says: ${rules[0]!.statement}`);
    expect(lines.filter((line) => !line.startsWith(' '))).toHaveLength(rules.length);
    // The ids printed are the catalog's, in its order (suites/catalog/catalog.test.ts finds each one's literal entry).
    expect(lines.filter((line) => !line.startsWith(' ')).map((line) => line.split(/\s+/)[0])).toEqual(rules.map((rule) => rule.id));
    expect(lines[0]).toMatch(new RegExp(`^${rules[0]!.id.replaceAll('.', '\\.')}\\s+§${rules[0]!.section}\\s+`));
    expect(run.stdout).toMatch(/jobs\.isolation\.get-by-id\s+§5\.3\s+must\s+.*\[needs secondApiKey\]/);
    expect(run.stdout).toMatch(/jobs\.protocol\.non-json-rejected\.post\s+§1\s+should\s+POST/);
  });

  const common = ['--base-url', 'http://127.0.0.1:1', '--api-key', KEY];
  // The first row through the bin (exit 2 from a real process), the others through main() in process.
  it.each([
    [[], /--base-url is required \(or set JOBS_BASE_URL\)/],
    [['--base-url', 'http://127.0.0.1:1'], /--api-key is required/],
    [[...common, '--runs', 'abc'], /--runs must be an integer/],
    [[...common, '--bogus'], /unknown option '--bogus'/],
    [[...common, '--reporter', 'pdf'], /--reporter: unknown "pdf"/],
    [[...common, '--fail-on', 'maybe'], /--fail-on: unknown condition/],
    [[...common, '--fail-on', ''], /--fail-on: unknown condition/],
    [[...common, '--reporter', ''], /--reporter is empty/],
    [[...common, '--seed', '-5'], /--seed must be an integer from 0 to 4294967295/],
    [[...common, '--only', 'jobs.nothing'], /--only jobs.nothing matches no rule/],
    [[...common, '--replay-path', '0:1'], /--replay-path replays one rule/],
  ])('exits 2 on bad arguments %j with one clear line', async (args, message) => {
    const run = args.length === 0 ? await runCli(args) : await runInProcess(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expectNoKey(run.stdout, run.stderr);
  });
});

describe('could not run', () => {
  // The refused connection itself ends the run (ECONNREFUSED, not a timeout): its speed is bench's, not the gate's.
  it('exits 2 against a closed port, saying why', async () => {
    const port = await closedPort();
    const run = await runCli(['--base-url', `http://127.0.0.1:${port}`, '--api-key', KEY]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/seed \d+/);
    expect(run.stderr).toMatch(
      new RegExp(`cannot run: GET /api/v1\\.1/jobs: no response from http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`),
    );
    expectNoKey(run.stdout, run.stderr);
  });

  describe('against the mock', () => {
    let mock: MockServer;
    beforeAll(async () => {
      mock = await createMockServer({ port: 0 });
    });
    afterAll(async () => {
      await mock.close();
    });

    it('exits 2 when the key is rejected, without printing it', async () => {
      const run = await runCli(['--base-url', mock.url], { JOBS_API_KEY: 'not-a-demo-key' });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/cannot run: the key given with --api-key was rejected: GET \/api\/v1\.1\/jobs answered 401/);
      expect(run.stderr).not.toContain('not-a-demo-key');
    });

    it('runs from JOBS_* variables alone, flags winning, and writes reports without any key', async () => {
      const reportDir = join(dir, 'env-run');
      const run = await runCli(['--runs', '2'], {
        JOBS_BASE_URL: mock.url,
        JOBS_API_KEY: KEY,
        JOBS_SECOND_API_KEY: SECOND_KEY,
        JOBS_ONLY: 'jobs.create.status-201,jobs.isolation.get-by-id',
        JOBS_RUNS: '7',
        JOBS_SEED: '99',
        JOBS_REPORT_DIR: reportDir,
      });
      expect(run.stderr).toContain('seed 99 (replay with --seed 99)');
      expect(run.code).toBe(0);
      const { report, files, texts } = await readReport(reportDir);
      expect(files.sort()).toEqual(['exchanges.har', 'junit.xml', 'report.html', 'report.json', 'summary.md']);
      expect(report).toMatchObject({ seed: 99, runs: 2, verdict: 'passed', options: { secondApiKey: true } });
      expect(report.rules.map((rule) => rule.id)).toEqual(['jobs.create.status-201', 'jobs.isolation.get-by-id']);
      expect(run.stdout).toMatch(/PASSED/);
      expectNoKey(run.stdout, run.stderr, ...texts);
      expect(mock.core.snapshot().jobs).toEqual([]);
    });

    it('stops on Ctrl-C, cleans up, writes a partial report and exits 130', async () => {
      const reportDir = join(dir, 'interrupted');
      const run = await runCli(
        ['--base-url', mock.url, '--reporter', 'json', '--report-dir', reportDir],
        { JOBS_API_KEY: KEY },
        {
          interruptWhen: (stderr) => /running \d+ rules/.test(stderr),
        },
      );
      expect(run.code).toBe(130);
      expect(run.stderr).toMatch(/interrupted/);
      const { report } = await readReport(reportDir);
      expect(report.interrupted).toBe(true);
      expect(report.rules.some((rule) => rule.skipReason?.includes('interrupted'))).toBe(true);
      expect(report.cleanup.leftover).toEqual([]);
      expect(mock.core.snapshot().jobs).toEqual([]);
      expectNoKey(run.stdout, run.stderr);
    });
  });
});

describe('a mismatch', () => {
  let mock: MockServer;
  beforeAll(async () => {
    // Re-publishing leaves the job archived.
    const stuck = rewriteRequest(isPut, (body) => {
      if (body.status === 'active' && Object.keys(body).every((key) => key === 'status' || key === 'referenceId')) body.status = 'archived';
    });
    mock = await createMockServer(mockOptions({ transform: stuck }));
  });
  afterAll(async () => {
    await mock.close();
  });

  it('exits 1, reports it with a replay command, and the replay fails the same way', async () => {
    const reportDir = join(dir, 'mismatch');
    const run = await runCli(
      ['--base-url', mock.url, '--only', 'jobs.lifecycle.republish*', '--runs', '3', '--reporter', 'json', '--report-dir', reportDir],
      { JOBS_API_KEY: KEY },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/rules? failed: .*jobs\.lifecycle\.republish\b/);
    const { report } = await readReport(reportDir);
    const failed = report.rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id);
    // keeps-fields passes: the job stays archived, every other field is unchanged.
    expect(failed).toEqual(['jobs.lifecycle.republish', 'jobs.lifecycle.republish-by-reference']);
    const mismatch = report.rules[0]!.mismatches[0]!;
    expect(mismatch.title).toMatch(/left the job archived/);
    expectNoKey(run.stdout, run.stderr, JSON.stringify(report));

    const replayDir = join(dir, 'replay');
    const args = mismatch.replay.command
      .replace(/^npx jobs-conformance /, '')
      .split(' ')
      .map((arg) => arg.replace(/^'(.*)'$/, '$1'));
    const replay = await runCli([...args, '--reporter', 'json', '--report-dir', replayDir], { JOBS_API_KEY: KEY });
    expect(replay.code).toBe(1);
    const replayed = (await readReport(replayDir)).report;
    expect(replayed.rules.map((rule) => [rule.id, rule.status, rule.cases])).toEqual([['jobs.lifecycle.republish', 'failed', 1]]);
    expect(replayed.seed).toBe(report.seed);
    expect(mock.core.snapshot().jobs).toEqual([]);
  });
});

describe('a warning: only a should rule fails', () => {
  let mock: MockServer;
  beforeAll(async () => {
    // Reads a text/plain body as JSON: refusing it is good practice the spec does not state (a should rule).
    mock = await createMockServer(mockOptions(mutantNamed('protocol-accepts-text-plain')));
  });
  afterAll(async () => {
    await mock.close();
  });

  const args = (reportDir: string) => [
    '--base-url',
    mock.url,
    '--only',
    'jobs.protocol.*',
    '--runs',
    '1',
    '--reporter',
    'json,junit',
    '--report-dir',
    reportDir,
  ];

  it('exits 0 and reports the warning apart; --strict (or JOBS_STRICT=1) makes it exit 1', async () => {
    const lenientDir = join(dir, 'warning');
    const lenient = await runCli(args(lenientDir), { JOBS_API_KEY: KEY });
    expect(lenient.code, lenient.stderr).toBe(0);
    expect(lenient.stdout).toMatch(/PASSED/);
    expect(lenient.stdout).toMatch(
      /Warnings \(should rules: good practice the spec does not state; they fail the run only with --strict\)/,
    );
    expect(lenient.stdout).toMatch(/⚠ jobs\.protocol\.non-json-rejected\.post §1 should/);
    const { report } = await readReport(lenientDir);
    const warned = report.rules.filter((rule) => rule.status === 'warning').map((rule) => rule.id);
    expect(warned).toEqual(['jobs.protocol.non-json-rejected.post', 'jobs.protocol.non-json-rejected.put']);
    expect(report.rules.filter((rule) => rule.status === 'failed')).toEqual([]);
    expect([report.verdict, report.summary.warning, report.summary.failed, report.options?.strict]).toEqual(['passed', 2, 0, false]);
    expect(report.rules.find((rule) => rule.id === 'jobs.protocol.non-json-rejected.post')?.mismatches[0]?.level).toBe('should');

    const strictDir = join(dir, 'warning-strict');
    // The lenient run above is the bin's; the same command's exit codes under the strict options are main()'s, in process.
    const strict = await runInProcess([...args(strictDir), '--strict'], { JOBS_API_KEY: KEY });
    expect(strict.code, strict.stderr).toBe(1);
    expect(strict.stderr).toMatch(
      /2 should rules failed \(warnings, failing the run under --strict\): jobs\.protocol\.non-json-rejected\.post, jobs\.protocol\.non-json-rejected\.put/,
    );
    const strictReport = (await readReport(strictDir)).report;
    expect([strictReport.verdict, strictReport.options?.strict]).toEqual(['failed', true]);
    expect(strictReport.replayCommand).toMatch(/ --strict$/);

    const fromEnv = await runInProcess(args(join(dir, 'warning-env')), { JOBS_API_KEY: KEY, JOBS_STRICT: '1' });
    expect(fromEnv.code, fromEnv.stderr).toBe(1);
    const failOnWarning = await runInProcess([...args(join(dir, 'warning-fail-on')), '--fail-on', 'warning'], { JOBS_API_KEY: KEY });
    expect(failOnWarning.code, failOnWarning.stderr).toBe(1);
    expect(mock.core.snapshot().jobs).toEqual([]);
  });
});

describe('-H/--header and JOBS_HEADERS', () => {
  const SECRET = 'gw-cli-s3cret-7c1d';
  let mock: MockServer;
  const seen: Array<Record<string, string>> = [];

  beforeAll(async () => {
    // Records what reaches the target, and echoes the gateway header back as a careless gateway might.
    mock = await createMockServer({
      port: 0,
      transform: (next) => async (req) => {
        seen.push(req.headers);
        const res = await next(req);
        return { ...res, headers: { ...res.headers, 'x-echo': req.headers['x-gateway-token'] ?? '' } };
      },
    });
  });

  afterAll(async () => {
    await mock.close();
  });

  it('sends every header with every request; no report, stdout or stderr holds a value', async () => {
    const reportDir = join(dir, 'headers-run');
    const run = await runCli(
      [
        '--base-url',
        mock.url,
        '--only',
        'jobs.create.status-201',
        '--runs',
        '2',
        '--report-dir',
        reportDir,
        '-H',
        `X-Gateway-Token: ${SECRET}`,
        '--header',
        'X-Trace: trace-s3cret-1',
      ],
      { JOBS_API_KEY: KEY, JOBS_HEADERS: 'X-Ignored: env-loses-to-flags' },
    );
    expect(run.code).toBe(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(
      seen.every(
        (headers) => headers['x-gateway-token'] === SECRET && headers['x-trace'] === 'trace-s3cret-1' && headers['x-ignored'] === undefined,
      ),
    ).toBe(true);
    const { report, texts } = await readReport(reportDir);
    expect(report.options?.headerNames).toEqual(['x-gateway-token', 'x-trace']);
    for (const text of [run.stdout, run.stderr, ...texts]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('trace-s3cret-1');
    }
  });

  it('reads JOBS_HEADERS, one header per line', async () => {
    seen.length = 0;
    const run = await runInProcess(
      [
        '--base-url',
        mock.url,
        '--only',
        'jobs.create.status-201',
        '--runs',
        '1',
        '--report-dir',
        join(dir, 'headers-env'),
        '--reporter',
        'json',
      ],
      {
        JOBS_API_KEY: KEY,
        JOBS_HEADERS: `X-Gateway-Token: ${SECRET}\nX-Trace: t-1\n`,
      },
    );
    expect(run.code).toBe(0);
    expect(seen.every((headers) => headers['x-gateway-token'] === SECRET && headers['x-trace'] === 't-1')).toBe(true);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });

  it('exits 2 on a malformed header with one line that does not echo it', async () => {
    const run = await runInProcess(['--base-url', mock.url, '-H', `X-Gateway-Token ${SECRET}`], { JOBS_API_KEY: KEY });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      `jobs-conformance: error: --header entry 1 is not 'Name: value' (a header name, a colon, a value on one line)`,
    ]);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });
});
