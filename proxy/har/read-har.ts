/**
 * @module Reads a HAR file whole and checks it against the HAR schema before anything is judged: a file that
 * is no HAR, a HAR of another major version, an entry that lacks a required field or a truncated file is refused
 * with where and what, never judged in part.
 */
import { readFile } from 'node:fs/promises';
import type { HarLog } from '../../reports/har/har.js';
import { harIssue } from '../../reports/har/validate-har.js';
import { HarInputError } from './har-input-error.js';

/** HAR 1.1 and 1.2 share the fields this tool reads; a 2.x would not be HAR as we know it. */
const SUPPORTED_VERSION = /^1\.[12]$/;

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // A document that opens as JSON but stops before it closes was cut short (an export or a copy interrupted).
    const trimmed = text.trim();
    const cut = /^[{[]/.test(trimmed) && !/[}\]]$/.test(trimmed);
    const why = cut ? 'it ends before its JSON does (a truncated file?)' : `it is not JSON (${(error as Error).message})`;
    throw new HarInputError('NOT_JSON', `${source} is not a HAR file: ${why}`, { source }, { cause: error });
  }
}

function versionOf(value: unknown): unknown {
  return (value as { log?: { version?: unknown } } | null)?.log?.version;
}

/**
 * A HAR document from its text, checked whole.
 *
 * @example
 * const har = parseHar(await readFile('traffic.har', 'utf8'), 'traffic.har');
 */
export function parseHar(text: string, source: string): HarLog {
  const value = parseJson(text, source);
  if (typeof value !== 'object' || value === null || !('log' in value)) {
    throw new HarInputError('NOT_HAR', `${source} is not a HAR file: it has no "log" object`, { source });
  }
  const version = versionOf(value);
  if (typeof version === 'string' && !SUPPORTED_VERSION.test(version)) {
    throw new HarInputError('UNSUPPORTED_VERSION', `${source} is HAR ${version}; check-har reads HAR 1.1 and 1.2`, { source, version });
  }
  const issue = harIssue(value);
  if (issue) {
    throw new HarInputError('NOT_HAR', `${source} is not a valid HAR file: at ${issue.path}, ${issue.message}`, { source, ...issue });
  }
  return value as HarLog;
}

/** Reads and checks a HAR file (see parseHar). */
export async function readHarFile(path: string): Promise<HarLog> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new HarInputError('UNREADABLE', `cannot read ${path}: ${(error as Error).message}`, { path }, { cause: error });
  }
  return parseHar(text, path);
}
