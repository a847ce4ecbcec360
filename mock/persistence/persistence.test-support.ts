/**
 * Helpers shared by the persistence unit tests: a temp directory, a valid
 * create body, and a core driven through the dispatcher (as every adapter
 * drives it) with its persistence, without HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDispatcher } from '../core/routes/dispatch.js';
import { MockCore } from '../core/mock-core.js';
import type { CoreResponse } from '../core/http/core-types.js';
import { Persistence, type PersistenceOptions } from './persistence.js';

export function tempDir(): { path: string; [Symbol.dispose](): void } {
  const path = mkdtempSync(join(tmpdir(), 'jobs-persist-'));
  return { path, [Symbol.dispose]: () => rmSync(path, { recursive: true, force: true }) };
}

export function jobBody(i: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    referenceId: `ref-${i}`,
    title: `Welder ${i}`,
    status: 'active',
    locations: [{ description: 'Toronto, ON' }],
    categories: [{ id: 1 }],
    positionType: { id: 1 },
    salary: { amount: 50000.25, period: { id: 1 } },
    description: '<p>Join us.</p>',
    applicantRoutingType: { id: 1 },
    applicationEmail: 'jobs@example.com',
    ...extra,
  };
}

export interface Driven {
  core: MockCore;
  persistence: Persistence;
  /** One request through the dispatcher; its answer comes once its change is logged (and flushed, under `always`). */
  send(method: string, path: string, body?: unknown, apiKey?: string): Promise<CoreResponse & { json: any }>;
}

/** A fresh core (frozen clock) with persistence on `dataFile`. */
export async function persisted(
  dataFile: string,
  options: Partial<PersistenceOptions> = {},
  now = '2026-01-05T10:00:00Z',
): Promise<Driven> {
  const core = new MockCore();
  core.setClock(now);
  const persistence = await Persistence.open(core, { dataFile, warn: () => undefined, ...options });
  const dispatch = createDispatcher(core); // persistence listens to the core's change events
  const send: Driven['send'] = async (method, path, body, apiKey = 'demo-key-1') => {
    const res = await dispatch({
      method,
      path,
      query: new URLSearchParams(),
      headers: { 'api-key': apiKey, 'content-type': 'application/json' },
      body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
      baseUrl: 'http://mock.test',
    });
    return { ...res, json: typeof res.body === 'string' && res.body !== '' ? JSON.parse(res.body) : undefined };
  };
  return { core, persistence, send };
}

/** The state a restart would see: jobs, employers (with keys) and the next id. */
export function stateOf(core: MockCore) {
  return { jobs: core.snapshot().jobs, employers: core.store.employerConfigs(), nextId: core.store.nextJobId };
}
