/**
 * @module Runs a built bin (dist/…) in its own process with a clean
 * environment and a hard time limit, for the regression tests of CLI defects.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const SUITE_CLI = resolve('dist/cli/jobs-conformance.js');
export const MOCK_CLI = resolve('dist/cli/jobs-mock.js');

export interface BinRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** true when the time limit killed it. */
  killed: boolean;
}

/** Runs `node bin ...args`; killed (SIGKILL) after `limitMs`. */
export function runBin(bin: string, args: string[], options: { env?: Record<string, string>; limitMs?: number } = {}): Promise<BinRun> {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`npm run build\``);
  return new Promise((done, fail) => {
    const started = Date.now();
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, options.limitMs ?? 30_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, ms: Date.now() - started, killed });
    });
  });
}
