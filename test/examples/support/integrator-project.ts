/**
 * @module A fresh integrator project in a temporary folder: this package,
 * packed once per run (support/pack.ts, vitest globalSetup), installed from
 * the tarball with npm and the registry as a user would, next to the packages
 * the test names (msw, vitest, express, ...): either the newest in their
 * ranges, or exactly those of a committed lockfile, so a release elsewhere
 * cannot change what the PR gate installs. Nothing is cached across runs but
 * npm's own content cache; the folder is removed by `dispose()`.
 */
import { execFile } from 'node:child_process';
import { copyFile, cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { inject } from 'vitest';
import { REPO } from './repo.js';

export { PEERS, REPO } from './repo.js';
const EXAMPLES = join(REPO, 'examples');
/** The name a locked project's package.json gives the packed package: `file:jobs-conformance.tgz`. */
export const LOCKED_TARBALL = 'jobs-conformance.tgz';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface IntegratorProject {
  readonly dir: string;
  /** Runs a command in the project (no shell); never rejects on a non-zero exit. */
  run(command: string, args: string[], timeoutMs?: number): Promise<CommandResult>;
  /** The version of a package as installed at the project's top level. */
  installedVersion(name: string): Promise<string>;
  /** Every msw folder the package or the project could load (vitest's own optional copy aside). */
  mswCopies(): Promise<string[]>;
  dispose(): Promise<void>;
}

/**
 * The environment of a user's shell: without the parent `npm test`'s package and lifecycle variables
 * (they would leak into the child npm), this vitest's own variables, or forced colours.
 */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const name of Object.keys(env))
    if (/^npm_(package|lifecycle)_|^npm_config_(local_)?prefix$|^INIT_CWD$|^VITEST|^FORCE_COLOR$/i.test(name)) delete env[name];
  return env;
}

function run(cwd: string, command: string, args: string[], timeoutMs = 120_000): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: childEnv(), timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr: error !== null && stderr === '' ? String(error.message) : stderr });
    });
  });
}

function must(step: string, result: CommandResult): CommandResult {
  if (result.code !== 0) throw new Error(`${step} exited ${result.code}:\n${result.stderr}\n${result.stdout}`);
  return result;
}

function handle(dir: string): IntegratorProject {
  return {
    dir,
    run: (command, args, timeoutMs) => run(dir, command, args, timeoutMs),
    mswCopies: async () => {
      const tree = await run(dir, 'npm', ['ls', 'msw', '--all', '--parseable']);
      return tree.stdout.split('\n').filter((line) => /node_modules\/msw$/.test(line) && !line.includes('/vitest/'));
    },
    installedVersion: async (name) =>
      (JSON.parse(await readFile(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version,
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Installs the packed package with `packages`, each the newest its range admits, into a new project.
 *
 * @example
 * const project = await createIntegratorProject(['msw@^2', 'vitest@^4']);
 */
export async function createIntegratorProject(packages: string[]): Promise<IntegratorProject> {
  const tarball = inject('packedTarball');
  const dir = await mkdtemp(join(tmpdir(), 'jobs-integrator-'));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'integrator', private: true, type: 'module' }, null, 2));
  must('npm install', await run(dir, 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball, ...packages], 300_000));
  return handle(dir);
}

/**
 * Installs the committed project `test/examples/<name>/` (package.json and package-lock.json) with `npm ci`:
 * the packed package and exactly the versions of the lockfile. `node test/examples/support/lock-project.mjs <name>`
 * writes the lockfile afresh.
 *
 * @example
 * const project = await createLockedProject('lowest-peers-project');
 */
export async function createLockedProject(name: string): Promise<IntegratorProject> {
  const dir = await mkdtemp(join(tmpdir(), 'jobs-integrator-'));
  for (const file of ['package.json', 'package-lock.json']) await copyFile(join(REPO, 'test/examples', name, file), join(dir, file));
  await copyFile(inject('packedTarball'), join(dir, LOCKED_TARBALL));
  must('npm ci', await run(dir, 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], 300_000));
  return handle(dir);
}

/**
 * Copies examples/ into the project as written, and beside it each example
 * as JavaScript in build/ (types stripped, imports untouched), so `node
 * build/x.js` runs the very file the README shows.
 */
export async function copyExamples(project: IntegratorProject): Promise<string[]> {
  const files = (await readdir(EXAMPLES)).filter((file) => file.endsWith('.ts')).sort();
  await cp(EXAMPLES, join(project.dir, 'examples'), { recursive: true });
  await mkdir(join(project.dir, 'build'), { recursive: true });
  for (const file of files) {
    const source = await readFile(join(EXAMPLES, file), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      fileName: file,
    });
    await writeFile(join(project.dir, 'build', file.replace(/\.ts$/, '.js')), outputText);
  }
  return files;
}
