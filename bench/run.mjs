#!/usr/bin/env node
/**
 * @module `npm run bench`: benchmarks of the standalone mock, the list at
 * 1,000 vs 100,000 jobs, the MSW handlers in process, and the conformance
 * suite, against dist/ (run `npm run build` first). Prints the figures and,
 * for a full run (or with --write), writes bench/RESULTS.md.
 *
 * Options: --only throughput,list,msw,suite   --duration S (default 5)
 *          --connections N (default 50)        --runs-factor K (suite --runs x K, default 10)
 *          --write / --no-write
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { listScaling } from './cases/list-scaling.mjs';
import { mockThroughput } from './cases/mock-throughput.mjs';
import { mswInProcess } from './cases/msw-in-process.mjs';
import { suiteRun } from './cases/suite-run.mjs';
import { machine } from './lib/machine.mjs';
import { renderResults } from './lib/report.mjs';

/** RESULTS.md keeps what follows this line when the bench rewrites it. */
const NOTES_MARKER = '<!-- Everything below this line is kept by `npm run bench` when it rewrites the tables above. -->';

const SECTIONS = ['throughput', 'list', 'msw', 'suite'];
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    'runs-factor': { type: 'string', default: '10' },
    write: { type: 'boolean' },
    'no-write': { type: 'boolean' },
  },
});
const only = values.only ? values.only.split(',').map((s) => s.trim()) : SECTIONS;
const unknown = only.filter((s) => !SECTIONS.includes(s));
if (unknown.length > 0) {
  console.error(`bench: unknown section ${unknown.join(', ')} (choose from ${SECTIONS.join(', ')})`);
  process.exit(2);
}
if (!existsSync(new URL('../dist/mock/index.js', import.meta.url)) || !existsSync(new URL('../dist/suites/cli-main.js', import.meta.url))) {
  console.error('bench: dist/ is missing; run `npm run build` first');
  process.exit(2);
}
const duration = Number(values.duration);
const connections = Number(values.connections);
const runsFactor = Number(values['runs-factor']);

const startedAt = new Date();
const loadBefore = loadavg()[0];
const results = { machine: machine() };
const step = async (name, fn) => {
  if (!only.includes(name)) return;
  const t = performance.now();
  process.stderr.write(`bench: ${name}...\n`);
  results[name] = await fn();
  process.stderr.write(`bench: ${name} done in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
};
await step('throughput', () => mockThroughput({ duration, connections }));
await step('list', () => listScaling({ duration: Math.max(2, Math.round(duration / 2)) }));
await step('msw', () => mswInProcess({ seconds: Math.max(1, Math.round(duration / 2)) }));
await step('suite', () => suiteRun({ runsFactor }));

const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const markdown = renderResults(results, { command, startedAt, loadBefore, loadAfter: loadavg()[0] });
console.log(markdown);
const write = values.write || (!values['no-write'] && only.length === SECTIONS.length);
if (write) {
  // Hand-written notes (how to run, figures across runs, targets missed) follow a marker and survive a rewrite.
  const file = new URL('./RESULTS.md', import.meta.url);
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const at = previous.indexOf(NOTES_MARKER);
  writeFileSync(file, `${markdown}\n${at < 0 ? '' : `\n${previous.slice(at)}`}`);
  process.stderr.write('bench: wrote bench/RESULTS.md\n');
}
