/**
 * @module A blind batch against the suite as a new user runs it the first time: every rule, `strict` (a
 * warning counts), both demo employers, one fixed seed and no shrinking (shrinking makes a report clearer,
 * never a miss a catch). Each bug runs against a mock of its own, a few at once. Also the writers' smoke
 * check: plain traffic through each bug, which must not make the transform throw.
 */
import { createMockServer } from '../../mock/testing.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { API_PREFIX } from '../../vocabulary/index.js';
import { mockOptions } from '../mutants/kit.js';
import { DEMO_KEYS } from '../mutants/support/keys.js';
import { createLimiter } from '../mutants/support/limiter.js';
import type { BlindBatch, BlindEntry } from './batch.js';

/** The seed every round so far ran at: rounds stay comparable. */
export const FIRST_EXPOSURE_SEED = 46;

export interface ExposureOptions {
  seed?: number;
  /** Rule ids or prefixes, comma-separated, as the CLI's --only (to look into one catch; a round runs every rule). */
  only?: string;
  /** Bugs under test at once; each runs a whole suite against its own mock. */
  atOnce?: number;
}

/** What the suite made of one planted bug. */
export interface Exposure {
  name: string;
  /** The rules that flagged it: failed, warned, or ended in an error. Empty: missed. */
  flaggedBy: ReadonlyArray<{ id: string; status: string }>;
  /** The run could not finish, so no report came out (counted as a miss: a user would get no diagnosis). */
  runError?: string;
}

const FLAGGING = new Set(['failed', 'warning', 'error']);

async function expose(name: string, entry: BlindEntry, options: ExposureOptions): Promise<Exposure> {
  await using mock = await createMockServer(mockOptions(entry));
  const [apiKey, secondApiKey] = DEMO_KEYS;
  try {
    const report = await runConformance({
      baseUrl: mock.url,
      apiKey: apiKey!,
      secondApiKey,
      seed: options.seed ?? FIRST_EXPOSURE_SEED,
      strict: true,
      maxShrinks: 0,
      ...(options.only === undefined ? {} : { only: options.only }),
    });
    return { name, flaggedBy: report.rules.filter((rule) => FLAGGING.has(rule.status)).map(({ id, status }) => ({ id, status })) };
  } catch (error) {
    return { name, flaggedBy: [], runError: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The suite's verdict on each bug of the batch (the names given, or all), in name order.
 *
 * @example
 * const exposures = await exposeBatch(batch, { atOnce: 6 });
 * console.log(formatExposures(exposures).join('\n'));
 */
export async function exposeBatch(batch: BlindBatch, options: ExposureOptions = {}, names = Object.keys(batch)): Promise<Exposure[]> {
  const unknown = names.filter((name) => !(name in batch));
  if (unknown.length > 0) throw new Error(`no entry named ${unknown.join(', ')} in the batch (it has ${Object.keys(batch).join(', ')})`);
  const limit = createLimiter(options.atOnce ?? 12);
  const exposures = await Promise.all(names.map((name) => limit(() => expose(name, batch[name]!, options))));
  return exposures.sort((a, b) => a.name.localeCompare(b.name));
}

export const isCaught = (exposure: Exposure): boolean => exposure.flaggedBy.length > 0;

/** One line a bug (CAUGHT with the rules that flagged it, MISSED, or RUNERR), then the count. */
export function formatExposures(exposures: readonly Exposure[]): string[] {
  const lines = exposures.map((exposure) => {
    if (exposure.runError !== undefined) return `RUNERR ${exposure.name}: ${exposure.runError.slice(0, 300)}`;
    if (!isCaught(exposure)) return `MISSED ${exposure.name}`;
    return `CAUGHT ${exposure.name}: ${exposure.flaggedBy.map((rule) => `${rule.id}(${rule.status})`).join(', ')}`;
  });
  return [...lines, `caught ${exposures.filter(isCaught).length}/${exposures.length}`];
}

/** What the smoke check saw of one bug: each plain request's answer, or what went wrong. */
export interface SmokeResult {
  name: string;
  exchanges: string[];
  /** A request that threw or was answered 5xx: plain traffic should never reach a planted bug this way. */
  problem?: string;
}

const PLAIN_JOB = {
  title: 'Senior Baker',
  description: '<p>Bake <strong>bread</strong></p>',
  locations: [{ description: 'Toronto, ON' }],
  categories: [{ id: 1 }],
  positionType: { id: 1 },
  applicantRoutingType: { id: 1 },
  applicationEmail: 'jobs@example.com',
  salary: { amount: 52000, period: { id: 1 } },
  status: 'active',
};

async function smoke(name: string, entry: BlindEntry): Promise<SmokeResult> {
  await using mock = await createMockServer(mockOptions(entry));
  const exchanges: string[] = [];
  const call = async (
    method: string,
    path: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<Record<string, unknown>> => {
    const res = await fetch(`${mock.url}${API_PREFIX}${path}`, {
      method,
      headers: { 'api-key': DEMO_KEYS[0]!, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    exchanges.push(`${method} ${path} ${res.status}`);
    if (res.status >= 500) throw new Error(`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const text = await res.text();
    return text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  try {
    const created = await call('POST', '/jobs', { ...PLAIN_JOB, referenceId: 'smoke-1' });
    const id = String(created.id);
    await call('GET', `/jobs/${id}`);
    await call('GET', '/jobs');
    await call('GET', '/jobs?q=Baker&status=active&pageSize=1&page=1');
    await call('PUT', `/jobs/${id}`, { title: 'Head Baker' });
    await call('PUT', '/jobs', { referenceId: 'smoke-1', status: 'archived' });
    await call('PUT', '/jobs', { ...PLAIN_JOB, referenceId: 'smoke-2' });
    await call('POST', `/jobs/${id}`, { title: 'Override' }, { 'x-http-method-override': 'PUT' });
    await call('DELETE', `/jobs/${id}`);
    await call('DELETE', '/jobs', { referenceId: 'smoke-2' });
    return { name, exchanges };
  } catch (error) {
    return { name, exchanges, problem: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Plain traffic (create, read, list, update in each form, delete) through each bug of the batch.
 *
 * @example
 * for (const line of formatSmoke(await smokeBatch(batch))) console.log(line);
 */
export async function smokeBatch(batch: BlindBatch): Promise<SmokeResult[]> {
  return Promise.all(Object.entries(batch).map(([name, entry]) => smoke(name, entry)));
}

/** One line a bug: OK with the plain exchanges, or PROBLEM with what went wrong. */
export function formatSmoke(results: readonly SmokeResult[]): string[] {
  return results.map((result) =>
    result.problem === undefined
      ? `OK ${result.name}: ${result.exchanges.join(', ')}`
      : `PROBLEM ${result.name}: ${result.problem} (after ${result.exchanges.join(', ')})`,
  );
}
