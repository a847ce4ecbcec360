/**
 * @module A fresh integrator project in a temporary folder: this package
 * packed with `npm pack` (from the built dist/), installed from the tarball
 * with npm and the registry as a user would, next to the packages the test
 * names (msw, vitest, express, ...). Nothing is cached across runs but npm's
 * own content cache; the folder is removed by `dispose()`.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLES = join(REPO, 'examples');

/** The package's peer dependency ranges (msw, express), as package.json declares them. */
export const PEERS = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> }).peerDependencies;

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
  for (const name of Object.keys(env)) if (/^npm_(package|lifecycle)_|^npm_config_(local_)?prefix$|^INIT_CWD$|^VITEST|^FORCE_COLOR$/i.test(name)) delete env[name];
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

/**
 * Packs the repository and installs the tarball with `packages` into a new project.
 *
 * @example
 * const project = await createIntegratorProject(['msw@^2', 'vitest@^4']);
 */
export async function createIntegratorProject(packages: string[]): Promise<IntegratorProject> {
  if (!existsSync(join(REPO, 'dist/mock/index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
  const dir = await mkdtemp(join(tmpdir(), 'jobs-integrator-'));
  // --ignore-scripts: pack the dist/ the test run built, without rebuilding it under other tests' feet.
  const packed = must('npm pack', await run(REPO, 'npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir]));
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'integrator', private: true, type: 'module' }, null, 2));
  must('npm install', await run(dir, 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', join(dir, filename), ...packages], 300_000));
  return {
    dir,
    run: (command, args, timeoutMs) => run(dir, command, args, timeoutMs),
    mswCopies: async () => {
      const tree = await run(dir, 'npm', ['ls', 'msw', '--all', '--parseable']);
      return tree.stdout.split('\n').filter((line) => /node_modules\/msw$/.test(line) && !line.includes('/vitest/'));
    },
    installedVersion: async (name) => (JSON.parse(await readFile(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version,
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
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
    const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 }, fileName: file });
    await writeFile(join(project.dir, 'build', file.replace(/\.ts$/, '.js')), outputText);
  }
  return files;
}
