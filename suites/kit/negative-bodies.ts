/**
 * @module A derived value (suites/arbitraries/schema-negatives.ts) put in a write body: everything around it plain
 * and valid (principle: canonical setup), so the value is the only thing wrong. A nested value sits in the second
 * entry of its array, after a valid one, or in a copy of its valid object (a salary: the plain
 * `{amount: 52000, period: {id: 1}}`), or alone in its object where an update sends it so; a count past the maximum
 * repeats valid entries (distinct category ids from the target's lists); a referenceId keeps the case's marker at its
 * start, so a job a server wrongly creates is found and cleaned up.
 */
import type { DerivedValue } from '../arbitraries/schema-negatives.js';
import { routingTypeIds, salaryPeriodIds } from '../arbitraries/schema-limits.js';
import type { Body, ReferenceData } from '../contract/rule.js';

const PLAIN_SALARY = { amount: 52000, period: { id: salaryPeriodIds[0] } };
const PLAIN_ADDRESS: Record<number, { field: string; value: string }> = {
  [routingTypeIds.email]: { field: 'applicationEmail', value: 'apply@example.com' },
  [routingTypeIds.url]: { field: 'applicationUrl', value: 'https://jobs.example.com/apply' },
};

/**
 * The fields the value's context needs (a routing type with its plain address, and the address of the other type
 * dropped), and for a value sent alone in its object, that object whole on the job: the partial object the update
 * sends merges into it (4.3), and a server may check only what it does not find stored.
 */
export function withContext(body: Body, value: DerivedValue): Body {
  const field = value.path[0];
  const holding = value.alone && field !== undefined ? { ...body, [field]: validContainer(field, body) } : body;
  const routing = (value.context?.applicantRoutingType as { id?: number } | undefined)?.id;
  if (routing === undefined) return holding;
  const { applicationEmail: _email, applicationUrl: _url, ...rest } = holding;
  const address = PLAIN_ADDRESS[routing];
  return { ...rest, applicantRoutingType: { id: routing }, ...(address ? { [address.field]: address.value } : {}) };
}

const clone = <T>(value: T): T => structuredClone(value);

/** The valid value of a top-level field a nested value is put into. */
function validContainer(field: string, body: Body): unknown {
  const current = body[field];
  if (field === 'salary') return current && typeof current === 'object' && 'amount' in current ? clone(current) : clone(PLAIN_SALARY);
  if (Array.isArray(current)) return current.slice(0, 1).map(clone);
  return clone(current ?? {});
}

/**
 * `container` with `value` at `path`. `[]`: an array of a valid entry and then the entry holding the value, so a
 * server that drops an invalid entry and keeps the rest (a sanitizer), or checks the first entry only, accepts it.
 */
function setAt(container: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (head === '[]') {
    const entries = Array.isArray(container) ? container : [];
    const invalid = setAt(entries[0], rest, value);
    return entries.length > 0 ? [clone(entries[0]), invalid] : [invalid];
  }
  const object = container && typeof container === 'object' && !Array.isArray(container) ? (container as Record<string, unknown>) : {};
  return { ...object, [head!]: setAt(object[head!], rest, value) };
}

/**
 * `count` valid entries of an array field: distinct categories from the target's list, the first of them twice where
 * `repeated`; another list's entries cycled from the body's own. Undefined when the target's lists cannot give them.
 */
function entries(field: string, count: number, body: Body, refs: ReferenceData, repeated: boolean): unknown[] | undefined {
  if (field === 'categories') {
    const ids = [...new Set(refs.categoryIds)];
    const chosen = repeated ? [...ids.slice(0, count - 1), ids[0]] : ids.slice(0, count);
    return ids.length >= count ? chosen.map((id) => ({ id })) : undefined;
  }
  // Another list cycles the body's own entries (at most the maximum of them), so both of its values repeat one.
  const sent = Array.isArray(body[field]) ? (body[field] as unknown[]) : [];
  if (sent.length === 0) return undefined;
  return Array.from({ length: count }, (_, i) => clone(sent[i % sent.length]));
}

/**
 * The top-level fields that carry `value` over the valid `body` (a partial update sends them alone;
 * a create lays them over the body); undefined when the target cannot give what the value needs.
 *
 * @example
 * patchFor(periodIdHalf, body, refs, 'jc1-k0'); // { salary: { amount: 52000, period: { id: 1.5 } } }
 * patchFor({ ...periodIdHalf, alone: true }, body, refs, 'jc1-k0'); // { salary: { period: { id: 1.5 } } }
 */
export function patchFor(value: DerivedValue, body: Body, refs: ReferenceData, marker: string): Body | undefined {
  const [field, ...rest] = value.path;
  if (field === undefined) return undefined;
  if (value.kind === 'too-many') {
    const list = entries(field, value.value as number, body, refs, value.repeated === true);
    return list ? { [field]: list } : undefined;
  }
  if (rest.length === 0) return { [field]: field === 'referenceId' ? withMarker(value.value, marker) : value.value };
  return { [field]: setAt(value.alone ? {} : validContainer(field, body), rest, value.value) };
}

/** A referenceId string of the same length that starts with the case's marker (unique, and found by cleanup). */
function withMarker(value: unknown, marker: string): unknown {
  if (typeof value !== 'string' || value.length < marker.length) return value;
  return marker + value.slice(marker.length);
}
