#!/usr/bin/env node
// `npm run test:full`, the nightly tier: every vitest project, the `nightly` one included
// (test/**/*.nightly.test.ts), with TEST_TIER=full, under which the seeded tests draw random seeds
// (and print them) and the mutants run against the whole registry. Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const { status, signal } = spawnSync(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_TIER: 'full' },
});
process.exit(status ?? (signal ? 1 : 0));
