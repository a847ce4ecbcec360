/**
 * @module vitest globalSetup of the examples: packs the repository once per
 * run (`npm pack`, from the dist/ the run built), for every integrator
 * project to install; the tests read its path with `inject('packedTarball')`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO } from './repo.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed package (.tgz), packed once per run. */
    packedTarball: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'jobs-packed-'));
  // --ignore-scripts: pack the dist/ the test run built, without rebuilding it under other tests' feet.
  const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: REPO, encoding: 'utf8' });
  const [{ filename }] = JSON.parse(packed) as [{ filename: string }];
  project.provide('packedTarball', join(dir, filename));
  return () => rmSync(dir, { recursive: true, force: true });
}
