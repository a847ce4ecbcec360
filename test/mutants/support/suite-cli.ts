/**
 * @module Runs the suite exactly as a user does: the built `jobs-conformance`
 * CLI (dist/suites/cli.js) in its own process, with default options but the
 * keys, against a mock served from this process. Several such runs at once
 * use every core: the suites in child processes, the mocks here.
 */
import { execFile } from 'node:child_process';
import { copyFile, cp, mkdtemp, readFile, readdir, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ConformanceReport } from '../../../schemas/types.gen.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SUITE_CLI = join(ROOT, 'dist/suites/cli.js');
const SOURCES = ['schemas', 'suites', 'reports'];

export class SuiteCliError extends Error {
  override readonly name = 'SuiteCliError';
  constructor(
    readonly code: 'SUITE_DID_NOT_RUN' | 'NO_REPORT' | 'BUILD_FAILED',
    message: string,
    readonly context: { exitCode?: number | string; stderr?: string },
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

async function newestSource(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/** True when dist/ holds a suite at least as new as every source it is built from. */
async function distIsFresh(): Promise<boolean> {
  const built = await stat(SUITE_CLI).then((s) => s.mtimeMs, () => 0);
  const sources = Math.max(...(await Promise.all(SOURCES.map((dir) => newestSource(join(ROOT, dir))))));
  return built >= sources;
}

/** Compiles the suite into `outDir` (tsc emits despite type errors in files being edited elsewhere; only a missing CLI is fatal). */
async function compileInto(outDir: string): Promise<void> {
  const cli = join(outDir, 'suites/cli.js');
  try {
    await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', outDir], { cwd: ROOT });
  } catch (error) {
    if (!(await stat(cli).then(() => true, () => false))) {
      throw new SuiteCliError('BUILD_FAILED', `tsc did not produce ${cli}`, { stderr: String((error as { stdout?: string }).stdout ?? '') }, { cause: error });
    }
  }
}

export interface SuiteSnapshot {
  /** The CLI of the copy. */
  cli: string;
  dispose(): Promise<void>;
}

/**
 * A private build of the suite: a copy of dist/, or a fresh compile when a
 * source is newer, beside links to schemas/ and node_modules/ as in the
 * repository. A rebuild of dist/ by another process during the test cannot
 * break a run half-way, and the test never writes dist/ itself.
 *
 * @example
 * const suite = await snapshotSuite();
 * await runSuiteCli(suite.cli, mock.url);
 * await suite.dispose();
 */
export async function snapshotSuite(): Promise<SuiteSnapshot> {
  const root = await mkdtemp(join(tmpdir(), 'jobs-mutants-suite-'));
  // MUTANTS_REBUILD=1 compiles even when dist/ looks fresh.
  if (!process.env.MUTANTS_REBUILD && (await distIsFresh())) await cp(join(ROOT, 'dist'), join(root, 'dist'), { recursive: true });
  else await compileInto(join(root, 'dist'));
  await copyFile(join(ROOT, 'package.json'), join(root, 'package.json'));
  await symlink(join(ROOT, 'schemas'), join(root, 'schemas'), 'dir');
  await symlink(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  const cli = join(root, 'dist/suites/cli.js');
  await run(process.execPath, [cli, '--version']).catch((error: unknown) => {
    throw new SuiteCliError('BUILD_FAILED', `the copy of the suite does not start (was dist/ being rebuilt?): ${String(error)}`, {}, { cause: error });
  });
  return { cli, dispose: () => rm(root, { recursive: true, force: true }) };
}

export interface SuiteRun {
  report: ConformanceReport;
  exitCode: number;
  /** The suite's progress lines (seed, summary). */
  stderr: string;
}

/** Every JOBS_* variable removed: the run uses the CLI's defaults, whatever the environment says. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('JOBS_')));
}

/**
 * `jobs-conformance --base-url <baseUrl> --api-key demo-key-1 --second-api-key demo-key-2`
 * (plus a report folder and, when given, a seed), and its report.json.
 *
 * @example
 * const { report } = await runSuiteCli(suite.cli, mock.url);
 * report.rules.filter((rule) => rule.status === 'failed');
 */
export async function runSuiteCli(cli: string, baseUrl: string, options: { seed?: number } = {}): Promise<SuiteRun> {
  const dir = await mkdtemp(join(tmpdir(), 'jobs-mutant-'));
  const args = [cli, '--base-url', baseUrl, '--api-key', 'demo-key-1', '--second-api-key', 'demo-key-2', '--report-dir', dir, '--reporter', 'json'];
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  try {
    const done = await run(process.execPath, args, { env: cleanEnv(), maxBuffer: 64 * 1024 * 1024 }).then(
      ({ stderr }) => ({ exitCode: 0, stderr }),
      (error: { code?: number | string; stderr?: string }) => ({ exitCode: error.code ?? -1, stderr: error.stderr ?? '' }),
    );
    if (done.exitCode !== 0 && done.exitCode !== 1) {
      throw new SuiteCliError('SUITE_DID_NOT_RUN', `jobs-conformance exited with ${done.exitCode}:\n${done.stderr.slice(-2000)}`, done);
    }
    const text = await readFile(join(dir, 'report.json'), 'utf8').catch((error: unknown) => {
      throw new SuiteCliError('NO_REPORT', `jobs-conformance exited with ${done.exitCode} but wrote no report.json:\n${done.stderr.slice(-2000)}`, done, { cause: error });
    });
    const report = JSON.parse(text) as ConformanceReport;
    return { report, exitCode: done.exitCode as number, stderr: done.stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
