/**
 * @module The `--port` option's parser, shared by the commands that listen
 * (`jobs-mock` and `jobs-conformance proxy`), so both take and refuse the
 * same values with the same words.
 */
import { InvalidArgumentError } from 'commander';

/**
 * A TCP port for commander: an integer 0-65535, 0 picking a free one.
 *
 * @example
 * new Command().option('--port <n>', 'port', parsePort, 4010);
 */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('must be an integer 0-65535 (0 picks a free port)');
  return port;
}
