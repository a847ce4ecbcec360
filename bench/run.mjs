#!/usr/bin/env node
/**
 * @module `npm run bench`: benchmarks of the standalone mock, the request journal's cost, the list at
 * 1,000 vs 100,000 jobs, the MSW handlers in process, the conformance
 * suite, the suite against a slow target (latency), `--persist` at 1,000
 * vs 100,000 jobs (persist), and the validating proxy in front of the mock
 * (proxy), one --runs 200 run whole and as 4 shards behind a 25 ms delay (shards), the default run on each
 * supported Node line against the bench's own (node-lines), against dist/ (run `npm run build` first). Prints the figures
 * and, for a full run (or with --write), writes bench/RESULTS.md. The
 * latency, persist and proxy sections are written whenever they run, and
 * each rewrites only its own block.
 *
 * Options: --only throughput,journal,list,msw,suite,latency,persist,proxy,shards,node-lines   --duration S (default 5)
 *          --connections N (default 50)        --runs-factor K (suite --runs x K, default 10)
 *          --latency-concurrency 8,default (the concurrencies the latency section measures)
 *          --journal-size N (the throughput mock's request journal; default the mock's 1000, 0 = off)
 *          --node-lines 22,24,26 (Node majors or binaries node-lines runs; default 22,24,26)   --rounds N (default 3)
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
import { persist } from './cases/persist.mjs';
import { proxyOverhead } from './cases/proxy-overhead.mjs';
import { suiteRun } from './cases/suite-run.mjs';
import { shards } from './cases/shards.mjs';
import { nodeLines } from './cases/node-lines.mjs';
import { machine } from './lib/machine.mjs';
import { renderLatency, renderNodeLines, renderPersist, renderProxy, renderResults, renderShards } from './lib/report.mjs';

/** RESULTS.md keeps what follows this line when the bench rewrites it. */
const NOTES_MARKER = '<!-- Everything below this line is kept by `npm run bench` when it rewrites the tables above. -->';

/** Sections with their own block in RESULTS.md, above the notes: a run of one alone replaces only its block. */
const BLOCK_SECTIONS = ['latency', 'persist', 'proxy', 'shards', 'node-lines'];
const blockMarkers = (name) => [`<!-- bench:${name} -->`, `<!-- /bench:${name} -->`];

const TABLE_SECTIONS = ['throughput', 'journal', 'list', 'msw', 'suite'];
const SECTIONS = [...TABLE_SECTIONS, ...BLOCK_SECTIONS];
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    'runs-factor': { type: 'string', default: '10' },
    'latency-concurrency': { type: 'string' },
    'journal-size': { type: 'string' },
    'node-lines': { type: 'string' },
    rounds: { type: 'string', default: '3' },
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
if (
  !existsSync(new URL('../dist/mock/index.js', import.meta.url)) ||
  !existsSync(new URL('../dist/cli/conformance-command.js', import.meta.url))
) {
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
let latencyLoad;
await step('latency', async () => {
  const before = loadavg()[0];
  const figures = await latency(
    values['latency-concurrency']
      ? { concurrencies: values['latency-concurrency'].split(',').map((c) => (c === 'default' ? c : Number(c))) }
      : {},
  );
  latencyLoad = { before, after: loadavg()[0] };
  return figures;
});
await step('persist', () => persist());
await step('proxy', async () => ({ ...(await proxyOverhead({ duration, connections })), cpus: results.machine.nproc }));
await step('shards', () => shards());
await step('node-lines', () =>
  nodeLines({
    rounds: Number(values.rounds),
    ...(values['node-lines'] ? { lines: values['node-lines'].split(',').map((line) => line.trim()) } : {}),
  }),
);

const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const ranTables = only.some((name) => TABLE_SECTIONS.includes(name));
const markdown = ranTables ? renderResults(results, { command, startedAt, loadBefore, loadAfter: loadavg()[0] }) : undefined;
const renderers = {
  latency: renderLatency,
  persist: renderPersist,
  proxy: renderProxy,
  shards: renderShards,
  'node-lines': renderNodeLines,
};
const blocks = {};
// The latency section reports the load around its own runs (they take minutes).
const loadOf = (name) => (name === 'latency' ? { loadBefore: latencyLoad?.before, loadAfter: latencyLoad?.after } : { loadBefore });
for (const name of BLOCK_SECTIONS)
  if (results[name]) blocks[name] = renderers[name](results[name], { command, startedAt, ...loadOf(name) });
for (const text of [markdown, ...Object.values(blocks)]) if (text) console.log(text);
const writeTables = ranTables && (values.write || (!values['no-write'] && only.length === SECTIONS.length));
const writeBlocks = !values['no-write'] && Object.keys(blocks).length > 0;
if (writeTables || writeBlocks) {
  const file = new URL('./RESULTS.md', import.meta.url);
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, mergeResults(previous, { tables: writeTables ? markdown : undefined, blocks: writeBlocks ? blocks : {} }));
  process.stderr.write('bench: wrote bench/RESULTS.md\n');
}

/**
 * RESULTS.md is the tables, then one block per block section (latency,
 * persist, proxy), then hand-written notes (how to run, figures across runs, targets
 * missed) after a marker; each part not given is kept as it was.
 */
function mergeResults(previous, { tables, blocks }) {
  const notesAt = previous.indexOf(NOTES_MARKER);
  const generated = notesAt < 0 ? previous : previous.slice(0, notesAt);
  const notes = notesAt < 0 ? '' : previous.slice(notesAt);
  const starts = BLOCK_SECTIONS.map((name) => generated.indexOf(blockMarkers(name)[0])).filter((at) => at >= 0);
  const oldTables = (starts.length > 0 ? generated.slice(0, Math.min(...starts)) : generated).trimEnd();
  const parts = [(tables ?? oldTables).trimEnd()];
  for (const name of BLOCK_SECTIONS) {
    const [open, close] = blockMarkers(name);
    const at = generated.indexOf(open);
    const end = generated.indexOf(close);
    const old = at < 0 || end < 0 ? undefined : generated.slice(at + open.length, end).trim();
    const text = blocks[name]?.trim() ?? old;
    if (text) parts.push(`${open}\n${text}\n${close}`);
  }
  if (notes) parts.push(notes.trimEnd());
  return `${parts.join('\n\n')}\n`;
}
