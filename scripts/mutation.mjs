#!/usr/bin/env node
// `npm run mutation [-- --area jobs|store|http] [-- --mutate FILE]`: StrykerJS over the mock's job logic with the
// suite as the test (stryker.config.mjs). StrykerJS 10 needs Node 22 or newer: under an older node this script
// runs itself again under Node 24 fetched from the npm registry (`npx -y -p node@24`), so one command works on
// every supported Node line. Other arguments go to `stryker run` (e.g. `--mutate mock/core/jobs/list-jobs.ts`,
// `--force` to ignore the incremental file, `--concurrency 1`). `--survivors` runs again only what survived (or had no
// coverage) in the incremental file: Stryker sees a change to the mock, not to the rules, and a sharper rule can kill
// a survivor but never revive a kill.
// After the run: the incremental file keeps the results of the files this run left out, and
// test/mutation/last-run.json is written afresh from it (test/mutation/survivors.test.ts reads it).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MUTATE } from '../stryker.config.mjs';
import { excludedFiles, mergeIncremental, summarize, withoutSurvivors } from './mutation-report.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const INCREMENTAL = `${ROOT}test/mutation/stryker-incremental.json`;
const LAST_RUN = `${ROOT}test/mutation/last-run.json`;
const STRYKER_NODE = 22;

/** An area is the mutated files under one folder, with the config's exclusions. */
const AREAS = { jobs: 'mock/core/jobs/', store: 'mock/store/', http: 'mock/core/http/' };

function strykerArguments(args) {
  const at = args.indexOf('--area');
  if (at === -1) return args;
  const area = args[at + 1];
  const folder = AREAS[area];
  if (!folder) {
    console.error(`--area takes one of ${Object.keys(AREAS).join(', ')}, not ${JSON.stringify(area)}`);
    process.exit(2);
  }
  const patterns = MUTATE.filter((pattern) => pattern.startsWith(folder) || pattern.startsWith('!'));
  return [...args.slice(0, at), '--mutate', patterns.join(','), ...args.slice(at + 2)];
}

function run(command, args, options = {}) {
  const { status, signal } = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
  return status ?? (signal ? 1 : 0);
}

const args = process.argv.slice(2).filter((arg) => arg !== '--survivors');
const survivorsOnly = process.argv.includes('--survivors');
const major = Number(process.versions.node.split('.')[0]);
if (major < STRYKER_NODE) {
  console.log(`node ${process.versions.node} is older than StrykerJS needs (${STRYKER_NODE}): running under node@24 from the npm registry`);
  process.exit(
    // Every argument, --survivors too: the run under Node 24 is the one that reads them.
    run('npx', ['-y', '-p', 'node@24', 'node', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
      shell: process.platform === 'win32',
    }),
  );
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const previous = readJson(INCREMENTAL);
// Stryker runs a mutant the incremental file does not hold: without the survivors, it runs just those again.
if (survivorsOnly && previous) writeFileSync(INCREMENTAL, `${JSON.stringify(withoutSurvivors(previous))}\n`);
const strykerArgs = strykerArguments(args);
const started = Date.now();
const stryker = fileURLToPath(new URL('../node_modules/@stryker-mutator/core/bin/stryker.js', import.meta.url));
const status = run(process.execPath, [stryker, 'run', 'stryker.config.mjs', ...strykerArgs]);
const next = readJson(INCREMENTAL);
// Interrupted, Stryker still writes a partial incremental report: merge it too, so the other files' results stay.
// A run of --survivors narrowed by --mutate carries the other files over without their survivors: those come back.
// A file the config leaves out, or that is gone from the tree, leaves the results.
const gone = Object.keys(previous?.files ?? {}).filter((name) => !existsSync(`${ROOT}${name}`));
const merged = next && mergeIncremental(previous, next, new Set([...excludedFiles(MUTATE), ...gone]), { survivorsStripped: survivorsOnly });
if (merged) writeFileSync(INCREMENTAL, `${JSON.stringify(merged)}\n`);
if (status !== 0 || !next) process.exit(status || 1);

const runInfo = {
  arguments: strykerArgs.join(' '),
  node: process.versions.node,
  seconds: Math.round((Date.now() - started) / 1_000),
  finished: new Date().toISOString(),
};
writeFileSync(LAST_RUN, `${JSON.stringify(summarize(merged, runInfo), null, 2)}\n`);
console.log(`mutation: ${LAST_RUN.slice(ROOT.length)} and ${INCREMENTAL.slice(ROOT.length)} written`);
