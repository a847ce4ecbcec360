import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_OPTIONS } from './conformance-options.js';
import { MOCK_OPTIONS } from './mock-options.js';
import { addOptions, envOfOption, readOptions, UsageError, type AnyCliOption, type AnyOptionTable } from './option-table.js';
import { PROXY_OPTIONS } from './proxy-options.js';
import { DIFF_OPTIONS } from './diff-options.js';
import { MERGE_REPORTS_OPTIONS } from './merge-reports-options.js';
import { CHECK_HAR_OPTIONS } from './check-har-options.js';

const TABLES: readonly AnyOptionTable[] = [
  CONFORMANCE_OPTIONS,
  PROXY_OPTIONS,
  MOCK_OPTIONS,
  DIFF_OPTIONS,
  MERGE_REPORTS_OPTIONS,
  CHECK_HAR_OPTIONS,
];
/** Variables named before the rule that derives them, kept working. */
const LEGACY_NAMES: Readonly<Record<string, string>> = { 'jobs-conformance --header': 'JOBS_HEADERS' };

/** The command's options as it reads them, from argv and env, through a fresh program built from its table. */
function read(table: AnyOptionTable, args: string[], env: NodeJS.ProcessEnv = {}): Record<string, unknown> {
  const program = addOptions(new Command(table.command).exitOverride(), table);
  program.parse(['node', table.command, ...args]);
  return readOptions(program, table, env);
}

function flagArgs(row: AnyCliOption): string[] {
  return row.value === undefined ? [`--${row.flag}`] : [`--${row.flag}`, row.example];
}

describe.each(TABLES.map((table) => [table.command, table] as const))('the option table of %s', (_, table) => {
  it('gives every flag its own variable, derived from the flag', () => {
    const names = table.options.map((row) => envOfOption(table, row));
    expect(new Set(names).size).toBe(names.length);
    for (const row of table.options) {
      const derived = `${table.envPrefix}${row.flag.toUpperCase().replaceAll('-', '_')}`;
      expect(envOfOption(table, row), row.flag).toBe(LEGACY_NAMES[`${table.command} --${row.flag}`] ?? derived);
    }
  });

  it.each(table.options.map((row) => [row.flag, row] as const))('--%s: its variable sets the option as the flag does', (_, row) => {
    const nothing = read(table, [])[row.key];
    const byFlag = read(table, flagArgs(row))[row.key];
    const byEnv = read(table, [], { [envOfOption(table, row)]: row.example })[row.key];
    expect(byFlag).toBeDefined();
    expect(byFlag).not.toEqual(nothing);
    expect(byEnv).toEqual(byFlag);
    // A switch given as a flag beats its variable saying off.
    if (row.value === undefined) expect(read(table, flagArgs(row), { [envOfOption(table, row)]: '0' })[row.key]).toBe(true);
  });

  it('names the variable of every flag in --help', () => {
    const program = addOptions(new Command(table.command), table);
    const help = program.helpInformation().replace(/\s+/g, ' ');
    for (const row of table.options) expect(help, row.flag).toContain(`env ${envOfOption(table, row)}`);
  });
});

describe('readOptions', () => {
  it('refuses a bad variable, naming it and its flag', () => {
    expect(() => read(MOCK_OPTIONS, [], { JOBS_MOCK_PORT: '70000' })).toThrow(UsageError);
    expect(() => read(MOCK_OPTIONS, [], { JOBS_MOCK_PORT: '70000' })).toThrow(/^JOBS_MOCK_PORT \(--port\): must be an integer 0-65535/);
    expect(() => read(PROXY_OPTIONS, [], { JOBS_PROXY_PRESERVE_HOST: 'maybe' })).toThrow(
      /JOBS_PROXY_PRESERVE_HOST \(--preserve-host\): is a switch/,
    );
    expect(() => read(PROXY_OPTIONS, [], { JOBS_PROXY_REPORTER: 'json,pdf' })).toThrow(
      /JOBS_PROXY_REPORTER \(--reporter\): --reporter: unknown "pdf"/,
    );
  });

  it('lets the flag win over its variable', () => {
    expect(read(MOCK_OPTIONS, ['--port', '5'], { JOBS_MOCK_PORT: '6' }).port).toBe(5);
    expect(read(PROXY_OPTIONS, ['--reporter', 'json'], { JOBS_PROXY_REPORTER: 'html' }).reporters).toEqual(['json']);
    expect(read(CONFORMANCE_OPTIONS, ['--seed', '1'], { JOBS_SEED: '2' }).seed).toBe('1');
  });

  it('reads a repeatable option from its variable one value per line, and a switch from 0 as off', () => {
    expect(read(MOCK_OPTIONS, [], { JOBS_MOCK_CHOICE: 'paging.link-form=relative\n\nerrors.body=empty' }).choice).toEqual([
      ['paging.link-form', 'relative'],
      ['errors.body', 'empty'],
    ]);
    expect(read(CONFORMANCE_OPTIONS, [], { JOBS_HEADERS: 'X-A: 1\nX-B: 2' }).headers).toEqual(['X-A: 1', 'X-B: 2']);
    expect(read(MOCK_OPTIONS, [], { JOBS_MOCK_PERSIST: '0' }).persist).toBe(false);
  });

  it('keeps the defaults when neither the flag nor the variable is set (an empty variable counts as unset)', () => {
    expect(read(MOCK_OPTIONS, [], { JOBS_MOCK_PORT: '' })).toMatchObject({
      port: 4010,
      host: '127.0.0.1',
      journalSize: 1000,
      choice: [],
      cors: '*',
    });
    expect(read(PROXY_OPTIONS, [])).toMatchObject({
      port: 4020,
      reporters: ['json', 'junit', 'html', 'markdown'],
      failOn: ['failed', 'flaky', 'error', 'stale-baseline'],
    });
  });
});
