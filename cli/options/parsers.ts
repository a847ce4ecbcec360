/**
 * @module Value parsers the commands share (the mock and the proxy both listen on a port and a host; origins
 * are read by the mock's own CORS parser, so the mock library and its command agree). Each throws Commander's InvalidArgumentError, which
 * names the flag (or readOptions names the variable).
 */
import { InvalidArgumentError } from 'commander';
import { parseCorsPolicy, type CorsPolicy } from '../../mock/core/http/cors.js';

/** `--port`: 0 to 65535, 0 picks a free port. */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('must be an integer 0-65535 (0 picks a free port)');
  return port;
}

/** `--host`: an interface name or address to bind, without a scheme or a port path. */
export function parseHost(value: string): string {
  const host = value.trim();
  if (host === '' || /[\s/]/.test(host)) throw new InvalidArgumentError('must be a host name or an address to bind, e.g. 127.0.0.1 or ::');
  return host;
}

/** `--cors`: `*`, `off`, or origins separated by commas (checked by the mock's own CORS parser). */
export function parseCors(value: string): CorsPolicy {
  try {
    return parseCorsPolicy(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** `--control-cors`: origins only, comma-separated (never off or *). */
export function parseOrigins(value: string): string[] {
  const policy = parseCors(value);
  if (!Array.isArray(policy)) throw new InvalidArgumentError('give origins such as http://localhost:5173, not off or *');
  return [...(policy as readonly string[])];
}

/** A count of seconds, 0 or more (`--flush-every`). */
export function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds < 0)
    throw new InvalidArgumentError('must be a number of seconds (0: only when the proxy stops)');
  return seconds;
}

/** A parser of another layer (e.g. the reports') as a flag parser: its error names what is wrong, Commander names the flag. */
export function flagParser<T>(parse: (text: string) => T): (text: string) => T {
  return (text) => {
    try {
      return parse(text);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}
