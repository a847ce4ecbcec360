#!/usr/bin/env node
// `npm run blind -- [--smoke] [--seed N] [--only RULES] [--at-once N] BATCH.ts [NAME...]`: one blind batch (bugs
// planted from the spec alone, test/blind/README.md) against the suite as a new user runs it the first time,
// one line a bug (CAUGHT with the rules that flagged it, MISSED, RUNERR) and the count; with --smoke, the
// writers' check that plain traffic passes through each bug. The batch and the runner are bundled together from
// the sources, so a batch may live outside the checkout (it should: the writers must not see the suite).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadModules } from './bundle-module.mjs';

const usage = 'usage: npm run blind -- [--smoke] [--seed N] [--only RULES] [--at-once N] BATCH.ts [NAME...]';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { smoke: { type: 'boolean' }, seed: { type: 'string' }, only: { type: 'string' }, 'at-once': { type: 'string' } },
  });
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
const { values, positionals } = parsed;
const [batchFile, ...names] = positionals;
if (batchFile === undefined) {
  console.error(usage);
  process.exit(2);
}

const runner = fileURLToPath(new URL('../test/blind/first-exposure.ts', import.meta.url));
const [exposure, { default: batch }] = await loadModules([runner, resolve(batchFile)]);
if (batch === null || typeof batch !== 'object') {
  console.error(`${batchFile} has no default export: a batch default-exports its bugs by name (test/blind/batch.ts)`);
  process.exit(2);
}

if (values.smoke) {
  const lines = exposure.formatSmoke(await exposure.smokeBatch(batch));
  for (const line of lines) console.log(line);
  process.exit(lines.every((line) => line.startsWith('OK ')) ? 0 : 1);
}
const options = {
  ...(values.seed === undefined ? {} : { seed: Number(values.seed) }),
  ...(values.only === undefined ? {} : { only: values.only }),
  ...(values['at-once'] === undefined ? {} : { atOnce: Number(values['at-once']) }),
};
console.log(`seed ${options.seed ?? exposure.FIRST_EXPOSURE_SEED}, strict, both demo employers, no shrinking`);
const exposures = await exposure.exposeBatch(batch, options, names.length > 0 ? names : undefined);
for (const line of exposure.formatExposures(exposures)) console.log(line);
