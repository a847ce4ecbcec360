import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { htmlViolationKinds } from '../arbitraries/html.js';
import { jobCreateArb } from '../arbitraries/job.js';
import {
  htmlViolationArb,
  listCountViolationArbs,
  outOfRangeViolationArbs,
  overLongViolationArbs,
  routingWithoutAddressArb,
  salaryWithoutPeriodViolationArb,
  urlWithoutSchemeViolationArb,
  type Violation,
} from '../arbitraries/violations.js';
import type { ReferenceData } from '../contract/rule.js';
import { baseBodyFor, createBodyWith, patchWithMarker } from './rejected-writes.js';

const refs: ReferenceData = { positionTypeIds: [1, 2, 3], categoryIds: [10, 11, 12, 13, 14] };
const TAG = 'jc1-';
const MARKER = 'jc1-k0-0';
const { category, 'position-type': positionType, ...schemaRanges } = outOfRangeViolationArbs(refs);

/** Every violation the job-create schema alone can tell (the list ids need the target's lists). */
const schemaViolations: Record<string, fc.Arbitrary<Violation>> = {
  ...Object.fromEntries(htmlViolationKinds.map((kind) => [`html ${kind}`, htmlViolationArb(kind)])),
  ...overLongViolationArbs,
  ...listCountViolationArbs(refs),
  'switch to url': routingWithoutAddressArb('url'),
  'switch to email': routingWithoutAddressArb('email'),
  'url without scheme': urlWithoutSchemeViolationArb,
  'salary without period': salaryWithoutPeriodViolationArb,
  ...schemaRanges,
};

const cases = fc.record({ job: jobCreateArb(refs, TAG, { today: new Date('2026-01-01') }) });
const valid = (body: unknown): boolean => validators.jobCreate({ referenceId: MARKER, ...(body as object) }).ok;

describe('violations, sent in every form', () => {
  for (const [name, arb] of Object.entries(schemaViolations)) {
    it(`${name}: the job it starts from is valid; as a create body and merged into that job as a partial update it is not`, () => {
      fc.assert(
        fc.property(cases, arb, ({ job }, violation) => {
          const base = baseBodyFor(job, violation);
          expect(valid(base), JSON.stringify(base)).toBe(true);
          expect(valid(createBodyWith(job, violation, MARKER))).toBe(false);
          // A partial update replaces the fields sent (or merges a salary into none: the base has none to merge with).
          expect(validators.jobCreate({ referenceId: MARKER, ...base, ...patchWithMarker(violation, MARKER) }).ok).toBe(false);
        }),
        { numRuns: 30, seed: 7 },
      );
    });
  }

  it('pads the case marker to one past the limit', () => {
    const [title] = fc.sample(overLongViolationArbs.title!, { numRuns: 1, seed: 1 });
    const patched = patchWithMarker(title!, MARKER);
    expect([...(patched.title as string)]).toHaveLength(257);
    expect(patched.title).toMatch(new RegExp(`^${MARKER} `));
  });

  it('draws category and position type ids outside the lists', () => {
    fc.assert(
      fc.property(category!, positionType!, (c, p) => {
        const ids = (c.patch.categories as Array<{ id: number }>).map((x) => x.id);
        expect(ids.some((id) => !refs.categoryIds.includes(id))).toBe(true);
        expect(ids.length).toBeLessThanOrEqual(3);
        expect(refs.positionTypeIds).not.toContain((p.patch.positionType as { id: number }).id);
      }),
      { numRuns: 100, seed: 3 },
    );
  });
});
