#!/usr/bin/env node
/**
 * @module Writes suites/engine/rule-costs.ts, the cost table --shard balances by, from the rule
 * durations of a report.json. Measure at --runs 200 and --concurrency 1 against the mock, so that
 * a rule's duration is its own work and not the wait for the rules beside it:
 *
 *   node bin/jobs-mock.js --port 0 &
 *   node bin/jobs-conformance.js --base-url URL --api-key demo-key-1 --second-api-key demo-key-2 \
 *     --seed 1 --runs 200 --concurrency 1 --reporter json --report-dir /tmp/costs
 *   node scripts/rule-costs.mjs /tmp/costs/report.json
 */
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/rule-costs.mjs REPORT.json');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const rows = report.rules.map((rule) => `  '${rule.id}': ${Math.max(1, Math.round(rule.durationMs))},`);
const text = `/**
 * @module What each rule costs, in milliseconds of one run at --runs ${report.runs} against the mock at
 * --concurrency ${report.options?.concurrency ?? '?'} (measured ${report.startedAt.slice(0, 10)}, tool ${report.tool.version}).
 * --shard balances its shards by these figures (suites/engine/shards.ts); only their proportions
 * matter. Written by \`node scripts/rule-costs.mjs REPORT.json\`: measure again when rules change much.
 */
export const RULE_COSTS_MS: Readonly<Record<string, number>> = {
${rows.join('\n')}
};
`;
writeFileSync(new URL('../suites/engine/rule-costs.ts', import.meta.url), text);
console.error(`wrote suites/engine/rule-costs.ts: ${rows.length} rules`);
