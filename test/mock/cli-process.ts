/**
 * The built `jobs-mock` CLI (dist/cli/jobs-mock.js, built by `npm run build` /
 * pretest) as a child process, for the tests that run the real thing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/cli/jobs-mock.js', import.meta.url));

/** Throws when dist/ is missing (call it in beforeAll). */
export function requireBuiltCli(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
}

/** Starts the CLI on a free port, adding it to `children`; resolves with its URL and start line once it listens. */
export function startCli(args: string[], children: ChildProcess[]): Promise<{ child: ChildProcess; url: string; line: string }> {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match && out.includes('\n')) resolve({ child, url: match[1]!, line: out });
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code, signal) => reject(new Error(`exited ${code ?? signal}: ${err}`)));
  });
}

/** Resolves with the exit code once the child has exited. */
export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );
}
