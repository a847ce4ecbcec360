/**
 * @module Runs `scripts/generate.mjs` in a project folder and returns its exit code and output, a failure
 * included: the freshness check (unit tier) and the stale-copy check (integration tier) read both.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { schemaDir } from './schema-dir.js';

const run = promisify(execFile);

/**
 * From Node 25 on, msw (which the generated docs' modules import) probes `localStorage` at import, and Node
 * warns on stderr that it has no storage file. The generator uses no web storage: turn it off where the flag exists.
 */
const NO_WEB_STORAGE = process.allowedNodeEnvironmentFlags.has('--no-experimental-webstorage') ? ['--no-experimental-webstorage'] : [];

/** The project this checkout is. */
export const projectRoot = join(schemaDir, '..');

export interface GenerateOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runGenerate(cwdRoot: string, ...args: string[]): Promise<GenerateOutcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...NO_WEB_STORAGE, join(cwdRoot, 'scripts', 'generate.mjs'), ...args], {
      cwd: cwdRoot,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
