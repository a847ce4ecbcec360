/**
 * The three built commands read exactly their option tables (cli/options/): every flag --help shows is a row
 * (so it has a variable, which cli/options/option-tables.test.ts proves sets it), and the variables reach the
 * running command.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFORMANCE_OPTIONS } from '../../cli/options/conformance-options.js';
import { MOCK_OPTIONS } from '../../cli/options/mock-options.js';
import type { AnyOptionTable } from '../../cli/options/option-table.js';
import { PROXY_OPTIONS } from '../../cli/options/proxy-options.js';
import { DIFF_OPTIONS } from '../../cli/options/diff-options.js';
import { MERGE_REPORTS_OPTIONS } from '../../cli/options/merge-reports-options.js';
import { CHECK_HAR_OPTIONS } from '../../cli/options/check-har-options.js';
import { createMockServer, type MockServer } from '../../mock/index.js';
import { MOCK_CLI, runBin, SUITE_CLI } from '../regressions/support/run-bin.js';

/** Commander's own flags, which answer and exit: no option to set. */
const BUILT_IN = ['help', 'version'];

function flagsOfHelp(help: string): string[] {
  return [...new Set([...help.matchAll(/^\s+(?:-\w, )?--([a-z-]+)/gm)].map((match) => match[1]!))].sort();
}

/** Starts a long-running command with only `env`, waits for its `listening on` line, stops it with SIGTERM. */
function startAndStop(args: string[], env: Record<string, string>): Promise<{ line: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let line = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (line === '' && /listening on \S+.*\n/.test(out)) {
        line = out.split('\n')[0]!;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (line === '') reject(new Error(`never listened (exit ${code}): ${err}`));
      else resolve({ line, code });
    });
  });
}

describe.each([
  ['jobs-conformance', [SUITE_CLI], CONFORMANCE_OPTIONS],
  ['jobs-conformance proxy', [SUITE_CLI, 'proxy'], PROXY_OPTIONS],
  ['jobs-mock', [MOCK_CLI], MOCK_OPTIONS],
  ['jobs-conformance diff', [SUITE_CLI, 'diff'], DIFF_OPTIONS],
  ['jobs-conformance merge-reports', [SUITE_CLI, 'merge-reports'], MERGE_REPORTS_OPTIONS],
  ['jobs-conformance check-har', [SUITE_CLI, 'check-har'], CHECK_HAR_OPTIONS],
] as const)('%s', (_, [bin, ...before], table: AnyOptionTable) => {
  it('has no flag outside its option table', async () => {
    const run = await runBin(bin, [...before, '--help']);
    expect(run.code).toBe(0);
    expect(flagsOfHelp(run.stdout)).toEqual([...table.options.map((row) => row.flag), ...BUILT_IN].sort());
  });
});

describe('the variables reach the running commands', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer({ port: 0 });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('jobs-mock: JOBS_MOCK_PORT, JOBS_MOCK_PROFILE and JOBS_MOCK_CHOICE', async () => {
    const { line, code } = await startAndStop([MOCK_CLI], {
      JOBS_MOCK_PORT: '0',
      JOBS_MOCK_PROFILE: 'alt',
      JOBS_MOCK_CHOICE: 'paging.link-form=relative',
    });
    expect(line).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ .* profile: alt choices: paging\.link-form=relative/);
    expect(code).toBe(0);
  });

  it('jobs-mock: a bad variable is refused like a bad flag, naming the variable (exit 2)', async () => {
    const run = await runBin(MOCK_CLI, [], { env: { JOBS_MOCK_PORT: '70000' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^jobs-mock: JOBS_MOCK_PORT \(--port\): must be an integer 0-65535/);
  });

  it('jobs-conformance proxy: JOBS_PROXY_TARGET, JOBS_PROXY_PORT and JOBS_PROXY_REPORTER', async () => {
    const dir = `/tmp/jc-proxy-env-${process.pid}`;
    const { line } = await startAndStop([SUITE_CLI, 'proxy'], {
      JOBS_PROXY_TARGET: mock.url,
      JOBS_PROXY_PORT: '0',
      JOBS_PROXY_REPORTER: 'json',
      JOBS_PROXY_REPORT_DIR: dir,
    });
    expect(line).toMatch(
      new RegExp(`listening on http://127\\.0\\.0\\.1:\\d+ .* forwarding to ${mock.url.replace(/[.]/g, '\\.')}.*; reports in ${dir}`),
    );
  });

  it('jobs-conformance: JOBS_LIST_RULES', async () => {
    const run = await runBin(SUITE_CLI, [], { env: { JOBS_LIST_RULES: '1' } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^jobs\.\S+\s+§\S+\s+(must|should)/m);
  });
});
