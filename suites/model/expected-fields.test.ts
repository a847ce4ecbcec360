import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../schemas/index.js';
import { jobCreateArb, jobFieldUpdateArb } from '../arbitraries/job.js';
import { applyPatch, fieldDifferences, fieldsFromBody } from './expected-fields.js';

const refs = { positionTypeIds: [1, 2], categoryIds: [5, 6, 7] };
const today = new Date('2026-01-10T00:00:00Z');

/** A job as a conforming server would return it for `body` (locations resolved, salary defaults filled). */
function asReturned(body: Record<string, unknown>): Job {
  const salary = body.salary as
    { amount: number; maxAmount?: number | null; period: { id: number }; plusCommission?: boolean } | null | undefined;
  const routing = (body.applicantRoutingType as { id: number }).id;
  return {
    id: 1,
    referenceId: 'r',
    employer: { id: 1, name: 'E' },
    title: body.title,
    publishDate: '2026-01-10T00:00:00Z',
    closeDate: `${body.closeDate as string}T00:00:00Z`,
    confidential: body.confidential ?? false,
    autoRefresh: false,
    status: 'draft',
    locations: (body.locations as Array<{ description: string }>).map((l, i) => ({
      id: i,
      name: l.description.split(',')[0]!,
      description: l.description,
      type: null,
    })),
    categories: (body.categories as Array<{ id: number }>).map((c) => ({ id: c.id, name: `c${c.id}` })).reverse(),
    positionType: { id: (body.positionType as { id: number }).id, name: 'p' },
    salary: salary
      ? {
          amount: salary.amount,
          maxAmount: salary.maxAmount ?? null,
          period: { id: salary.period.id, name: 'n', unit: 'u' },
          plusCommission: salary.plusCommission ?? false,
        }
      : null,
    description: (body.description as string).replace(/<br>/g, '<br/>'),
    applicantRoutingType: { id: routing, name: routing === 1 ? 'Email' : 'URL' },
    applicationEmail: routing === 1 ? (body.applicationEmail as string) : null,
    applicationUrl: routing === 2 ? (body.applicationUrl as string) : null,
  } as Job;
}

describe('expected fields', () => {
  it('agree with a job returned as sent (defaults filled, br re-serialized, categories reordered)', () => {
    fc.assert(
      fc.property(jobCreateArb(refs, 'jc-', { today }), (body) => {
        expect(fieldDifferences(asReturned(body), fieldsFromBody(body))).toEqual([]);
      }),
      { seed: 1, numRuns: 100 },
    );
  });

  it('follow a partial update: the field sent changes, the others stay', () => {
    fc.assert(
      fc.property(jobCreateArb(refs, 'jc-', { today }), jobFieldUpdateArb(refs, 'jc-', { today }), (body, patch) => {
        const merged: Record<string, unknown> = { ...body, ...patch };
        const after = applyPatch(fieldsFromBody(body), patch);
        expect(fieldDifferences(asReturned(merged), after)).toEqual([]);
      }),
      { seed: 2, numRuns: 100 },
    );
  });

  it('compare applicationUrl with the scheme case-insensitive (RFC 3986), the rest exactly', () => {
    const { applicationEmail: _email, ...rest } = fc.sample(jobCreateArb(refs, 'jc-', { today }), { seed: 4, numRuns: 1 })[0]! as Record<
      string,
      unknown
    >;
    const body = { ...rest, applicantRoutingType: { id: 2 }, applicationUrl: 'HTTPS://example.com/Apply' };
    const fields = fieldsFromBody(body);
    expect(fieldDifferences({ ...asReturned(body), applicationUrl: 'https://example.com/Apply' }, fields)).toEqual([]);
    expect(fieldDifferences({ ...asReturned(body), applicationUrl: 'https://example.com/apply' }, fields)).toEqual([
      expect.stringMatching(/^applicationUrl/),
    ]);
  });

  it('name each departing field', () => {
    const [body] = fc.sample(jobCreateArb(refs, 'jc-', { today }), { seed: 3, numRuns: 1 });
    const job = asReturned(body!);
    const wrong = {
      ...job,
      title: 'other',
      confidential: !job.confidential,
      autoRefresh: true,
      locations: [...job.locations, ...job.locations],
    } as Job;
    const diffs = fieldDifferences(wrong, fieldsFromBody(body!));
    expect(diffs.map((d) => d.split(':')[0])).toEqual(['title', 'locations', 'confidential', 'autoRefresh']);
  });

  it('null the other address when routing switches', () => {
    const fields = fieldsFromBody({
      title: 't',
      description: 'd',
      locations: [{ description: 'Toronto' }],
      categories: [{ id: 5 }],
      positionType: { id: 1 },
      applicantRoutingType: { id: 1 },
      applicationEmail: 'a@example.com',
      closeDate: '2026-02-01',
    });
    const after = applyPatch(fields, { applicantRoutingType: { id: 2 }, applicationUrl: 'https://example.com/' });
    expect(after).toMatchObject({ routingTypeId: 2, applicationEmail: null, applicationUrl: 'https://example.com/' });
  });
});
