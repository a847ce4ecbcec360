/**
 * @module The option table of `jobs-conformance`: the suite's options
 * (suites/engine/config.ts OPTION_SPECS, which the library's resolveConfig
 * validates) plus the command's own --list-rules. Values stay text here:
 * resolveConfig parses them once, into the RunConfig.
 */
import { OPTION_SPECS, type OptionSpec } from '../../suites/engine/config.js';
import type { CliOption, OptionTable } from './option-table.js';

/** A valid value of each suite option for the option-table test; the rest take their default or a word. */
const EXAMPLES: Readonly<Record<string, string>> = {
  baseUrl: 'http://127.0.0.1:4010',
  apiKey: 'demo-key-1',
  secondApiKey: 'demo-key-2',
  seed: '42',
  only: 'jobs.create',
  replayPath: '0:1',
  rateLimit: '10/s',
  headers: 'X-Trace: abc',
  baseline: 'baseline.json',
  writeBaseline: 'baseline.json',
  compareWith: 'last/report.json',
  categoryIds: '1,2,3',
  positionTypeIds: '1,2',
};

function rowOf(spec: OptionSpec): CliOption {
  return {
    key: spec.key,
    flag: spec.flag,
    description: spec.description,
    example: spec.value === undefined ? '1' : (EXAMPLES[spec.key] ?? spec.default ?? spec.flag),
    ...(spec.short !== undefined ? { short: spec.short } : {}),
    ...(spec.value !== undefined ? { value: spec.value } : {}),
    ...(spec.default !== undefined ? { defaultText: spec.default } : {}),
    ...(spec.repeatable ? { repeatable: true } : {}),
    ...(spec.env !== undefined ? { env: spec.env } : {}),
  };
}

export const CONFORMANCE_OPTIONS: OptionTable = {
  command: 'jobs-conformance',
  envPrefix: 'JOBS_',
  options: [
    ...OPTION_SPECS.map(rowOf),
    {
      key: 'listRules',
      flag: 'list-rules',
      description: 'print every rule (id, spec section, level, title; then the spec sentence it checks) and exit',
      example: '1',
    },
  ],
};
