/**
 * @module One option table per command. A row gives a flag its help line, how
 * its text becomes a value, its default, and its environment variable, derived
 * from the command's prefix and the flag: `--base-url` -> JOBS_BASE_URL,
 * `proxy --flush-every` -> JOBS_PROXY_FLUSH_EVERY, `jobs-mock --port` ->
 * JOBS_MOCK_PORT. Flags win over the environment, the environment over the
 * default. A switch's variable takes 1 or 0 (true/false, yes/no); a
 * repeatable flag's variable takes one value per line. The same `parse` reads
 * the flag and the variable, so both are checked alike, before anything runs.
 */
import { Command, InvalidArgumentError, Option } from 'commander';

/** What every row has, whatever its value. */
interface OptionRow {
  /** The long flag, without the dashes. */
  flag: string;
  /** A one-letter alias, e.g. `p` for -p. */
  short?: string;
  /** Placeholder of the value in --help; absent for a switch. */
  value?: string;
  description: string;
  /** The flag may be given many times; its values form a list (the variable: one per line). */
  repeatable?: boolean;
  /** The default as --help shows it (default: the fallback, when it is a string or a number). */
  defaultText?: string;
  /** The variable when it is not the derived one (kept for a name that predates the rule). */
  env?: string;
  /** A valid value: the option-table test sets it through the flag and through the variable and compares. */
  example: string;
}

/** What a row's parse returns: the option's value, or one item of a repeatable row's list. */
type Parsed<V> = V extends readonly (infer Item)[] ? Item | V : V;

/**
 * One row of a table whose command reads its options as `T`: the row's key is a field of `T`, its parse and
 * fallback give that field's type. A field without a fallback may be absent, so `T` declares it optional.
 */
export type CliOption<T extends object> = {
  [K in keyof T & string]-?: OptionRow & {
    /** Where the value lands in what readOptions returns. */
    key: K;
    /** Text (of the flag or of the variable) to value; throws InvalidArgumentError. Default: the text itself. */
    parse?: (text: string) => Parsed<Exclude<T[K], undefined>>;
    /** The value when neither the flag nor the variable is set. */
    fallback?: T[K];
  };
}[keyof T & string];

export interface OptionTable<T extends object> {
  /** The command as its usage line names it. */
  command: string;
  /** Prefix of every derived variable: JOBS_, JOBS_PROXY_, JOBS_MOCK_. */
  envPrefix: string;
  options: readonly CliOption<T>[];
}

/** A row of any table, as the walks over every table (help, variables, tests) read it. */
export type AnyCliOption = OptionRow & { key: string; parse?: (text: string) => unknown; fallback?: unknown };

/** Any command's table, whatever its options' type. */
export interface AnyOptionTable {
  command: string;
  envPrefix: string;
  options: readonly AnyCliOption[];
}

/** A bad flag or variable value, or a bad combination: the command prints it and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * The environment variable of a row.
 *
 * @example
 * envOfOption({ envPrefix: 'JOBS_MOCK_', ... }, { flag: 'journal-size', ... }) // 'JOBS_MOCK_JOURNAL_SIZE'
 */
export function envOfOption(table: Pick<AnyOptionTable, 'envPrefix'>, option: Pick<AnyCliOption, 'flag' | 'env'>): string {
  return option.env ?? `${table.envPrefix}${option.flag.replace(/-/g, '_').toUpperCase()}`;
}

function defaultOf(option: AnyCliOption): string | undefined {
  if (option.defaultText !== undefined) return option.defaultText;
  return typeof option.fallback === 'string' || typeof option.fallback === 'number' ? String(option.fallback) : undefined;
}

/** Commander's property name of a flag (--report-dir -> reportDir). */
function attributeOf(option: AnyCliOption): string {
  return option.flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Adds every row of the table to the program, with its variable and default in the help line. */
export function addOptions(program: Command, table: AnyOptionTable): Command {
  for (const row of table.options) {
    const flags = `${row.short ? `-${row.short}, ` : ''}--${row.flag}`;
    const fallback = defaultOf(row);
    const option = new Option(
      row.value === undefined ? flags : `${flags} <${row.value}>`,
      `${row.description} (env ${envOfOption(table, row)}${fallback ? `; default ${fallback}` : ''})`,
    );
    const parse = row.parse ?? ((text: string) => text);
    if (row.repeatable) option.argParser((text: string, previous: unknown[] | undefined) => [...(previous ?? []), parse(text)]);
    else if (row.parse) option.argParser(row.parse);
    program.addOption(option);
  }
  return program;
}

/** A switch's variable: 1/true/yes or 0/false/no (empty counts as unset). */
export function parseSwitch(text: string): boolean {
  const word = text.trim().toLowerCase();
  if (word === '1' || word === 'true' || word === 'yes') return true;
  if (word === '0' || word === 'false' || word === 'no') return false;
  throw new InvalidArgumentError(`is a switch: 1 or 0 (true or false), got ${JSON.stringify(text)}`);
}

function fromEnv(row: AnyCliOption, text: string): unknown {
  if (row.value === undefined) return parseSwitch(text);
  const parse = row.parse ?? ((value: string) => value);
  if (!row.repeatable) return parse(text);
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => parse(line));
}

/**
 * The command's options after the program parsed its flags: each from its flag, else from its variable, else its
 * fallback (absent when it has none). A bad variable throws a UsageError naming it.
 *
 * @example
 * const options = readOptions(program.parse(argv), MOCK_OPTIONS, process.env);
 */
export function readOptions<T extends object>(program: Command, table: OptionTable<T>, env: NodeJS.ProcessEnv): T {
  const flags: Record<string, unknown> = program.opts();
  const out: Record<string, unknown> = {};
  for (const row of table.options) {
    const given = flags[attributeOf(row)];
    const text = env[envOfOption(table, row)];
    if (given !== undefined) out[row.key] = given;
    else if (text !== undefined && text !== '') {
      try {
        out[row.key] = fromEnv(row, text);
      } catch (error) {
        throw new UsageError(`${envOfOption(table, row)} (--${row.flag}): ${(error as Error).message}`);
      }
    } else if (row.fallback !== undefined) out[row.key] = row.fallback;
  }
  // Each value came through its row's parse (or is its fallback), typed by the row's key: the table is the proof.
  return out as T;
}
