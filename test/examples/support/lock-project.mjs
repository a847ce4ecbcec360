#!/usr/bin/env node
// Writes the lockfile of a committed integrator project (test/examples/<name>/package-lock.json) afresh:
// packs the repository (from dist/: `npm run build` first), resolves the project's package.json with npm
// and the registry, and drops the tarball's integrity (every build packs a new one; npm ci takes the file as it is).
// Run it after changing the package's dependencies or peer ranges, or the project's package.json.
//   node test/examples/support/lock-project.mjs lowest-peers-project
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const name = process.argv[2];
if (!name) throw new Error('usage: lock-project.mjs <project folder under test/examples>');
const project = join(repo, 'test/examples', name);
const dir = mkdtempSync(join(tmpdir(), 'jobs-lock-'));
try {
  const [{ filename }] = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: repo, encoding: 'utf8' }),
  );
  renameSync(join(dir, filename), join(dir, 'jobs-conformance.tgz'));
  copyFileSync(join(project, 'package.json'), join(dir, 'package.json'));
  execFileSync('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  delete lock.packages['node_modules/jobs-conformance'].integrity;
  writeFileSync(join(project, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`wrote ${join(project, 'package-lock.json')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
