/**
 * Boundaries first, for every limit of every schema: the schemas are walked
 * (a limit added to a schema fails this test until it is probed here or given
 * a reason), and for each input limit the generators the rules use are held
 * to it: the last valid and the first invalid value on each side come first,
 * in every run (fixed lists sent as examples before any draw, or generators
 * whose every draw sits at the boundary).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaDir } from '../../schemas/schema-dir.js';
import { validators } from '../../schemas/index.js';
import { patchWithMarker } from '../kit/rejected-writes.js';
import type { ReferenceData } from '../contract/rule.js';
import { idRangeEnds, validEndPatches } from './boundaries.js';
import { derivedNegatives } from './schema-negatives.js';
import { locationsArb } from './location.js';
import { emailOfLengthArb, urlOfLengthArb, urlsWithoutHttpScheme } from './routing.js';
import { jobStatuses } from './schema-limits.js';
import { exactLengthTextArb, codePointLength } from './text.js';
import {
  listCountViolationArbs,
  outOfRangeBoundaryViolations,
  overLongViolationArbs,
  urlSchemeBoundaryViolations,
  type Violation,
} from './violations.js';

const KEYWORDS = [
  'maxLength',
  'minLength',
  'minItems',
  'maxItems',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'x-maximum-in-effect',
] as const;

interface SchemaLimit {
  key: string;
  value: unknown;
}

/** Every limit keyword of every schema file, as `file#pointer:keyword`. */
function walkSchemaLimits(): SchemaLimit[] {
  const limits: SchemaLimit[] = [];
  const walk = (file: string, node: unknown, pointer: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (!Array.isArray(node)) {
      for (const keyword of KEYWORDS) {
        if (keyword in node) limits.push({ key: `${file}#${pointer}:${keyword}`, value: (node as Record<string, unknown>)[keyword] });
      }
    }
    for (const [key, child] of Object.entries(node)) walk(file, child, `${pointer}/${key}`);
  };
  for (const file of readdirSync(schemaDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    if (file === 'report.schema.json') continue; // the suite's own report, not the API
    walk(file, JSON.parse(readFileSync(join(schemaDir, file), 'utf8')), '');
  }
  return limits;
}

const refs: ReferenceData = { positionTypeIds: [4, 7, 9], categoryIds: [12, 3, 30, 17] };
const SEED = 7;
const MARKER = 'jc1-k0-0';
const DRAWS = 25;

/** Every draw of `arb` (so its first case too) has the property. */
function everyDraw<T>(arb: fc.Arbitrary<T>, property: (value: T) => void): void {
  fc.assert(
    fc.property(arb, (value) => void property(value)),
    { numRuns: DRAWS, seed: SEED },
  );
}

const lengthOf = (value: unknown): number => codePointLength(String(value));
const patchOf = (violation: Violation): Record<string, unknown> => patchWithMarker(violation, MARKER);
const boundaryValues = (key: string, read: (patch: Record<string, unknown>) => unknown): unknown[] =>
  (outOfRangeBoundaryViolations(refs)[key] ?? []).map((v) => read(patchOf(v)));

/** A string limit at n (kept) and n + 1 (refused): the generators the length rules and the update rules use. */
function maxLengthProbe(
  n: number,
  atLimit: (n: number) => fc.Arbitrary<string>,
  overLong: fc.Arbitrary<Violation>,
  read: (patch: Record<string, unknown>) => unknown,
): () => void {
  return () => {
    everyDraw(atLimit(n), (value) => expect(lengthOf(value)).toBe(n));
    everyDraw(atLimit(n + 1), (value) => expect(lengthOf(value)).toBe(n + 1));
    everyDraw(overLong, (violation) => expect(lengthOf(read(patchOf(violation)))).toBe(n + 1));
  };
}

/** An id set: its lowest and highest sent valid, lowest - 1 and highest + 1 sent first as violations. */
function idRangeProbe(
  ids: readonly number[],
  key: string,
  read: (patch: Record<string, unknown>) => unknown,
  readValid: (patch: Record<string, unknown>) => unknown,
): () => void {
  return () => {
    const { lowest, highest, below, above } = idRangeEnds(ids);
    expect(boundaryValues(key, read)).toEqual(expect.arrayContaining([below, above]));
    expect(validEndPatches(refs).map(readValid)).toEqual(expect.arrayContaining([lowest, highest]));
  };
}

/** A list count: min and max sent valid (the count rules send every count in range), min - 1 and max + 1 refused. */
function countProbe(field: 'locations' | 'categories', min: number, max: number): () => void {
  return () => {
    const arbs = listCountViolationArbs(refs);
    for (const n of [min - 1, max + 1])
      everyDraw(arbs[`${field}-${n}`]!, (violation) => expect((violation.patch[field] as unknown[]).length).toBe(n));
    if (field === 'locations')
      for (const n of [min, max]) everyDraw(locationsArb({ minLength: n, maxLength: n }), (list) => expect(list).toHaveLength(n));
  };
}

const RESPONSE_ONLY =
  'a limit on what the server writes: every response the suite reads is validated against this schema; no request carries it';
const SPEC_SILENT = "the spec states no such limit (the schema's $comment: the mock's choice), so no value past it is a violation";

/** Each limit: a probe of the generators, or the reason it is not sent. */
const COVERAGE: Record<string, (() => void) | string> = {
  // Inputs.
  'job-input-fields.schema.json#/properties/referenceId:maxLength': maxLengthProbe(
    50,
    (n) => exactLengthTextArb(n, 'ascii'),
    overLongViolationArbs.referenceId!,
    (p) => p.referenceId,
  ),
  'common.schema.json#/$defs/referenceId:maxLength': maxLengthProbe(
    50,
    (n) => exactLengthTextArb(n, 'ascii'),
    overLongViolationArbs.referenceId!,
    (p) => p.referenceId,
  ),
  'job-input-fields.schema.json#/properties/title:maxLength': maxLengthProbe(
    256,
    (n) => exactLengthTextArb(n, 'bmp'),
    overLongViolationArbs.title!,
    (p) => p.title,
  ),
  'job-input-fields.schema.json#/properties/applicationEmail:maxLength': maxLengthProbe(
    50,
    emailOfLengthArb,
    overLongViolationArbs.applicationEmail!,
    (p) => p.applicationEmail,
  ),
  'job-input-fields.schema.json#/properties/applicationUrl:maxLength': () => {
    maxLengthProbe(200, urlOfLengthArb, overLongViolationArbs.applicationUrl!, (p) => p.applicationUrl)();
    everyDraw(urlOfLengthArb(200), (url) => expect(url).toMatch(/^https?:\/\//i));
  },
  'location-input.schema.json#/properties/description:maxLength': () => {
    // 301 refused on every path; 300 is not sent: a city that long is no valid Canadian place (2.2), which a server may refuse.
    everyDraw(overLongViolationArbs.locationDescription!, (v) =>
      expect(lengthOf((v.patch.locations as Array<{ description: string }>)[0]!.description)).toBe(301),
    );
  },
  'job-input-fields.schema.json#/properties/locations:minItems': countProbe('locations', 1, 3),
  'job-input-fields.schema.json#/properties/locations:maxItems': countProbe('locations', 1, 3),
  'job-input-fields.schema.json#/properties/categories:minItems': countProbe('categories', 1, 3),
  'job-input-fields.schema.json#/properties/categories:maxItems': countProbe('categories', 1, 3),
  'common.schema.json#/$defs/status:enum': () => {
    expect(
      validEndPatches(refs)
        .map((p) => p.status)
        .sort(),
    ).toEqual([...jobStatuses].sort());
    // The strings near each status are derived from the enum (schema-negatives.ts) and sent on every path.
    const near = derivedNegatives().filter((v) => v.field === 'status' && v.kind.startsWith('enum-'));
    for (const status of jobStatuses) expect(near.map((v) => v.value)).toContain(status.slice(0, -1));
  },
  'common.schema.json#/$defs/status:maxLength': () =>
    expect(derivedNegatives().find((v) => v.field === 'status' && v.kind === 'too-long')?.value).toMatch(/^.{11}$/),
  'salary-period.schema.json#/$defs/periodId:enum': idRangeProbe(
    [1, 2, 3, 4, 5],
    'salary-period',
    (p) => (p.salary as { period: { id: number } }).period.id,
    (p) => (p.salary as { period: { id: number } }).period.id,
  ),
  'applicant-routing-type.schema.json#/$defs/routingId:enum': () => {
    // Both valid ids are sent by every routing rule in every run (jobs.limits.routing-other-field-null creates one of each).
    expect(boundaryValues('routing-type', (p) => (p.applicantRoutingType as { id: number }).id)).toEqual([0, 3]);
  },
  'common.schema.json#/$defs/int32:minimum':
    'ids are probed at the ends of the lists that define them (the category, position type, period and routing ranges here); an id past Int32 is no id at all',
  'common.schema.json#/$defs/int32:maximum':
    'as the minimum; jobs.robustness probes a job id past Int32 (DELETE /jobs/99999999999 and page=99999999999) for a 4xx, never a 5xx',
  'job-input-fields.schema.json#/properties/title:minLength': SPEC_SILENT,
  'salary-input.schema.json#/properties/amount:minimum': SPEC_SILENT,
  'salary-input.schema.json#/properties/maxAmount:minimum': SPEC_SILENT,
  'location-input.schema.json#/properties/description:minLength':
    'not a limit of spec 8 (which states the maximum): an empty description is no <City> form (2.2)',
  'job-create.schema.json#/allOf/0/then/properties/applicationEmail:minLength':
    "the schema's reading of 'required' (4.2): jobs.limits.routing-email-required sends routing type 1 without the address",
  'job-delete.schema.json#/properties/referenceId:minLength':
    'an empty referenceId names no job: spec 8 states the maximum only, and what a server answers is not shown',
  'job-update.schema.json#/$defs/byReference/allOf/1/properties/referenceId:minLength':
    'an empty referenceId names no job: spec 8 states the maximum only, and what a server answers is not shown',
  'list-query.schema.json#/properties/pageSize:minimum':
    'jobs.robustness.list-params sends pageSize 0 and -5 in every run (a 4xx or any 2xx: not shown)',
  'list-query.schema.json#/properties/pageSize:x-maximum-in-effect':
    'jobs.list.page-size-100 sends 100 and jobs.list.page-size-over-max 101 in every run (fixed cases)',
  'list-query.schema.json#/properties/page:minimum': 'jobs.robustness.list-params sends page 0 and -1 in every run',
  'list-query.schema.json#/properties/page:maximum': 'jobs.robustness.list-params sends page 2147483647 and 99999999999 in every run',
  // What the server writes.
  'applicant-routing-type.schema.json#/properties/name:maxLength': RESPONSE_ONLY,
  'salary-period.schema.json#/properties/name:maxLength': RESPONSE_ONLY,
  'salary-period.schema.json#/properties/unit:maxLength': RESPONSE_ONLY,
  'category.schema.json#/properties/name:maxLength': RESPONSE_ONLY,
  'employer.schema.json#/properties/name:maxLength': RESPONSE_ONLY,
  'position-type.schema.json#/properties/name:maxLength': RESPONSE_ONLY,
  'error.schema.json#/properties/status:minimum': RESPONSE_ONLY,
  'error.schema.json#/properties/status:maximum': RESPONSE_ONLY,
  'location.schema.json#/properties/name:maxLength': RESPONSE_ONLY,
  'location.schema.json#/properties/description:maxLength': RESPONSE_ONLY,
  'location.schema.json#/properties/type:maxLength': RESPONSE_ONLY,
  'paging.schema.json#/properties/total:minimum': RESPONSE_ONLY,
  'paging.schema.json#/properties/page:minimum': RESPONSE_ONLY,
  'paging.schema.json#/properties/pages:minimum': RESPONSE_ONLY,
  'paging.schema.json#/properties/pageSize:minimum': RESPONSE_ONLY,
  'paging.schema.json#/properties/pageSize:maximum': RESPONSE_ONLY,
  ...Object.fromEntries(
    [
      'referenceId:maxLength',
      'title:maxLength',
      'locations:minItems',
      'locations:maxItems',
      'categories:minItems',
      'categories:maxItems',
      'applicationEmail:maxLength',
      'applicationUrl:maxLength',
    ].map((k) => [`job.schema.json#/properties/${k}`, RESPONSE_ONLY]),
  ),
};

describe('boundaries first, for every limit in the schemas', () => {
  const limits = walkSchemaLimits();

  it('every limit of every schema is probed at its boundaries or says why not', () => {
    const uncovered = limits
      .filter((limit) => COVERAGE[limit.key] === undefined)
      .map((limit) => `${limit.key} = ${JSON.stringify(limit.value)}`);
    expect(uncovered).toEqual([]);
  });

  it('names no limit the schemas no longer have', () => {
    const keys = new Set(limits.map((limit) => limit.key));
    expect(Object.keys(COVERAGE).filter((key) => !keys.has(key))).toEqual([]);
  });

  for (const [key, probe] of Object.entries(COVERAGE)) {
    if (typeof probe === 'function') it(`${key}: the last valid and the first invalid values come first`, probe);
  }

  it('the reference lists: just below the lowest and just above the highest listed id come first, the lowest and highest are sent valid', () => {
    idRangeProbe(
      refs.categoryIds,
      'category',
      (p) => (p.categories as Array<{ id: number }>).at(-1)?.id,
      (p) => (p.categories as Array<{ id: number }>)[0]?.id,
    )();
    idRangeProbe(
      refs.positionTypeIds,
      'position-type',
      (p) => (p.positionType as { id: number }).id,
      (p) => (p.positionType as { id: number }).id,
    )();
  });

  it('applicationUrl: another scheme, scheme-relative, a script and near misses of http(s):// come first', () => {
    expect(urlSchemeBoundaryViolations.map((v) => v.patch.applicationUrl)).toEqual(urlsWithoutHttpScheme);
    expect(urlsWithoutHttpScheme).toEqual(
      expect.arrayContaining(['ftp://jobs.example.com/apply', '//jobs.example.com/apply', 'javascript:alert(1)']),
    );
    for (const url of urlsWithoutHttpScheme) expect(url).not.toMatch(/https?:\/\//i);
  });

  it('every boundary violation is invalid by the schemas, and every valid end is valid', () => {
    const violations = [
      ...Object.values(outOfRangeBoundaryViolations({ positionTypeIds: [1, 2], categoryIds: [1, 2, 3] })).flat(),
      ...urlSchemeBoundaryViolations,
    ];
    const base = {
      referenceId: MARKER,
      title: 't',
      description: '<p>x</p>',
      locations: [{ description: 'Regina, SK' }],
      categories: [{ id: 1 }],
      positionType: { id: 1 },
      applicantRoutingType: { id: 1 },
      applicationEmail: 'a@example.com',
    };
    // The schemas know the enums and the URL form; the list ids need the target's lists (these two are checked above).
    for (const violation of violations.filter((v) => !/^(category|position-type)-/.test(v.name))) {
      const { applicationEmail: _email, ...rest } = base;
      const body = { ...(violation.patch.applicantRoutingType ? rest : base), ...violation.patch };
      expect(validators.jobCreate(body).ok, violation.name).toBe(false);
    }
    for (const patch of validEndPatches({ positionTypeIds: [1, 2], categoryIds: [1, 2, 3] }))
      expect(validators.jobCreate({ ...base, ...patch }).ok).toBe(true);
  });
});
