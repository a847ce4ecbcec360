/**
 * @module The demo employers and the check of an employer list (from
 * `--employers FILE`, the control API or createMockServer options).
 */
import { codePointLength } from '../../../schemas/code-points.js';
import { MockConfigError } from '../mock-config-error.js';
import type { EmployerConfig } from '../../store/stored-job.js';

/**
 * Two demo employers: `demo-key-1` on an unlimited plan (auto-refresh applies)
 * and `demo-key-2` on a standard plan.
 *
 * @example
 * await createMockServer({ employers: DEMO_EMPLOYERS });
 */
export const DEMO_EMPLOYERS: EmployerConfig[] = [
  { id: 101, name: 'Maple Leaf Staffing', apiKey: 'demo-key-1', plan: 'unlimited' },
  { id: 102, name: 'Northern Lights Outfitters', apiKey: 'demo-key-2', plan: 'standard' },
];

/** Checks an employer list; `existing` are employers already configured (keys must stay unique). */
export function checkEmployers(value: unknown, existing: readonly EmployerConfig[] = []): EmployerConfig[] {
  if (!Array.isArray(value)) throw new MockConfigError('invalid_employers', 'employers must be a JSON array');
  const keys = new Map(existing.map((e) => [e.apiKey, e.id]));
  const ids = new Set<number>();
  return value.map((item: unknown, i) => {
    const where = `employers[${i}]`;
    if (typeof item !== 'object' || item === null) throw new MockConfigError('invalid_employers', `${where} must be an object`);
    const e = item as Record<string, unknown>;
    if (!Number.isInteger(e.id) || (e.id as number) < 1 || (e.id as number) > 2_147_483_647) {
      throw new MockConfigError('invalid_employers', `${where}.id must be a positive Int32`);
    }
    // spec 2.1, 8: employer name at most 128 characters
    if (typeof e.name !== 'string' || e.name === '' || codePointLength(e.name) > 128) {
      throw new MockConfigError('invalid_employers', `${where}.name must be a string of 1 to 128 characters`);
    }
    if (typeof e.apiKey !== 'string' || e.apiKey === '')
      throw new MockConfigError('invalid_employers', `${where}.apiKey must be a non-empty string`);
    if (e.plan !== undefined && e.plan !== 'unlimited' && e.plan !== 'standard') {
      throw new MockConfigError('invalid_employers', `${where}.plan must be "unlimited" or "standard"`);
    }
    const id = e.id as number;
    if (ids.has(id)) throw new MockConfigError('invalid_employers', `${where}.id ${id} appears twice`);
    ids.add(id);
    const owner = keys.get(e.apiKey);
    if (owner !== undefined && owner !== id)
      throw new MockConfigError('invalid_employers', `${where}.apiKey is already used by employer ${owner}`);
    keys.set(e.apiKey, id);
    return { id, name: e.name, apiKey: e.apiKey, plan: e.plan ?? 'standard' };
  });
}
