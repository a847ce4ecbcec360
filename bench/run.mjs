#!/usr/bin/env node
/**
 * @module `npm run bench`: benchmarks of the standalone mock, the request journal's cost, the list at
 * 1,000 vs 100,000 jobs, the MSW handlers in process, the conformance
 * suite, and the suite against a slow target (latency), against dist/ (run
 * `npm run build` first). Prints the figures and, for a full run (or with
 * --write), writes bench/RESULTS.md. The latency section is written whenever
 * it runs, and rewrites only its own block.
 *
 * Options: --only throughput,journal,list,msw,suite,latency   --duration S (default 5)
 *          --connections N (default 50)        --runs-factor K (suite --runs x K, default 10)
 *          --journal-size N (the throughput mock's request journal; default the mock's 1000, 0 = off)
 *          --write / --no-write
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { listScaling } from './cases/list-scaling.mjs';
import { mockThroughput } from './cases/mock-throughput.mjs';
import { mswInProcess } from './cases/msw-in-process.mjs';
import { journalCost } from './cases/journal-cost.mjs';
import { latency } from './cases/latency.mjs';
import { suiteRun } from './cases/suite-run.mjs';
import { machine } from './lib/machine.mjs';
import { renderLatency, renderResults } from './lib/report.mjs';

/** RESULTS.md keeps what follows this line when the bench rewrites it. */
const NOTES_MARKER = '<!-- Everything below this line is kept by `npm run bench` when it rewrites the tables above. -->';

/** The latency section's block in RESULTS.md, above the notes: a run of that section alone replaces only it. */
const LATENCY_BLOCK = ['<!-- bench:latency -->', '<!-- /bench:latency -->'];

const TABLE_SECTIONS = ['throughput', 'journal', 'list', 'msw', 'suite'];
const SECTIONS = [...TABLE_SECTIONS, 'latency'];
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    'runs-factor': { type: 'string', default: '10' },
    'journal-size': { type: 'string' },
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
const journalSize = values['journal-size'] === undefined ? undefined : Number(values['journal-size']);
await step('throughput', () => mockThroughput({ duration, connections, journalSize }));
await step('journal', () => journalCost());
await step('list', () => listScaling({ duration: Math.max(2, Math.round(duration / 2)) }));
await step('msw', () => mswInProcess({ seconds: Math.max(1, Math.round(duration / 2)) }));
await step('suite', () => suiteRun({ runsFactor }));
await step('latency', () => latency());

const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const ranTables = only.some((name) => TABLE_SECTIONS.includes(name));
const markdown = ranTables ? renderResults(results, { command, startedAt, loadBefore, loadAfter: loadavg()[0] }) : undefined;
const latencyMarkdown = results.latency ? renderLatency(results.latency, { command, startedAt }) : undefined;
for (const text of [markdown, latencyMarkdown]) if (text) console.log(text);
const writeTables = ranTables && (values.write || (!values['no-write'] && only.length === SECTIONS.length));
const writeLatency = latencyMarkdown !== undefined && !values['no-write'];
if (writeTables || writeLatency) {
  const file = new URL('./RESULTS.md', import.meta.url);
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, mergeResults(previous, { tables: writeTables ? markdown : undefined, latency: writeLatency ? latencyMarkdown : undefined }));
  process.stderr.write('bench: wrote bench/RESULTS.md\n');
}

/**
 * RESULTS.md is the tables, then the latency block, then hand-written notes
 * (how to run, figures across runs, targets missed) after a marker; each part
 * not given is kept as it was.
 */
function mergeResults(previous, { tables, latency }) {
  const notesAt = previous.indexOf(NOTES_MARKER);
  const generated = notesAt < 0 ? previous : previous.slice(0, notesAt);
  const notes = notesAt < 0 ? '' : previous.slice(notesAt);
  const [open, close] = LATENCY_BLOCK;
  const blockAt = generated.indexOf(open);
  const blockEnd = generated.indexOf(close);
  const oldTables = (blockAt < 0 ? generated : generated.slice(0, blockAt)).trimEnd();
  const oldLatency = blockAt < 0 || blockEnd < 0 ? undefined : generated.slice(blockAt + open.length, blockEnd).trim();
  const newLatency = latency?.trim() ?? oldLatency;
  const parts = [(tables ?? oldTables).trimEnd()];
  if (newLatency) parts.push(`${open}\n${newLatency}\n${close}`);
  if (notes) parts.push(notes.trimEnd());
  return `${parts.join('\n\n')}\n`;
}
