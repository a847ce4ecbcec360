import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIssues, validators } from '../../schemas/index.js';
import {
  assertProduceCorrectValues,
  assertSameValuesGivenSameSeed,
  assertShrinksStayInvalid,
} from './arbitrary-assertions.test-support.js';
import { disallowedHtmlArb } from './html.js';
import { jobCreateArb, jobFieldUpdateArb, ReferenceDataError, withTitlePrefix } from './job.js';
import { salaryWithoutPeriodArb } from './salary.js';
import { inputLimits } from './schema-limits.js';

const refs = { positionTypeIds: [3, 7], categoryIds: [11, 12, 13, 14] };
const tag = 'jc9f3a1b';
const today = new Date('2026-03-01T12:00:00Z');

function assertValidCreate(body: unknown): void {
  const result = validators.jobCreate(body);
  expect(result.ok, result.ok ? '' : `${JSON.stringify(body)}\n${formatIssues(result.issues)}`).toBe(true);
}

describe('jobCreateArb', () => {
  const arb = jobCreateArb(refs, tag, { today });

  it('gives the same bodies for the same seed', () => {
    assertSameValuesGivenSameSeed(arb);
  });

  it('passes job-create.schema.json and sends every field whose requiredness is open', () => {
    assertProduceCorrectValues(arb, (body) => {
      assertValidCreate(body);
      for (const field of ['title', 'description', 'locations', 'categories', 'positionType', 'applicantRoutingType', 'closeDate']) {
        expect(body).toHaveProperty(field);
      }
      expect(body).not.toHaveProperty('referenceId');
      expect(body).not.toHaveProperty('autoRefresh');
      expect(body).not.toHaveProperty('status');
    });
  });

  it('holds the tag in a title within the limit, and a future closeDate', () => {
    assertProduceCorrectValues(arb, (body) => {
      const title = body.title as string;
      expect(title.startsWith(`${tag} `)).toBe(true);
      expect([...title].length).toBeLessThanOrEqual(inputLimits.titleMax);
      expect(Date.parse(body.closeDate as string)).toBeGreaterThan(today.getTime());
    });
  });

  it('uses only the discovered reference ids', () => {
    assertProduceCorrectValues(arb, (body) => {
      expect(refs.positionTypeIds).toContain((body.positionType as { id: number }).id);
      for (const { id } of body.categories as Array<{ id: number }>) expect(refs.categoryIds).toContain(id);
    });
  });

  it('sends a status only when asked, sometimes omitting it', () => {
    const statuses = fc.sample(jobCreateArb(refs, tag, { today, withStatus: true }), { seed: 4, numRuns: 200 }).map((b) => b.status);
    expect(new Set(statuses)).toEqual(new Set([undefined, 'active', 'archived', 'draft']));
  });

  it('refuses reference data without ids, with a typed error', () => {
    expect(() => jobCreateArb({ positionTypeIds: [], categoryIds: [1] }, tag)).toThrow(ReferenceDataError);
    expect(() => jobCreateArb({ positionTypeIds: [1], categoryIds: [] }, tag)).toThrowError(
      expect.objectContaining({ code: 'NO_REFERENCE_DATA', missing: 'categoryIds' }),
    );
  });

  it('stays invalid, for the violation built in, when a bad description or salary is composed in and shrunk', () => {
    const badHtml = fc
      .record({ job: arb, html: disallowedHtmlArb('disallowed-tag') })
      .map(({ job, html }) => ({ ...job, description: html.html }));
    assertShrinksStayInvalid(badHtml, (body) => {
      const result = validators.jobCreate(body);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues.map((i) => `${i.path} ${i.rule}`)).toEqual(['/description x-html-allowlist']);
    });
    const noPeriod = fc.record({ job: arb, salary: salaryWithoutPeriodArb }).map(({ job, salary }) => ({ ...job, salary }));
    assertShrinksStayInvalid(noPeriod, (body) => expect(validators.jobCreate(body).ok).toBe(false));
  });
});

describe('jobFieldUpdateArb', () => {
  const updates = jobFieldUpdateArb(refs, tag, { today });

  it('gives the same patches for the same seed', () => {
    assertSameValuesGivenSameSeed(updates);
  });

  it('changes one field (routing: the type with its address) and keeps a created job valid once merged', () => {
    const pairs = fc.tuple(jobCreateArb(refs, tag, { today }), updates);
    assertProduceCorrectValues(pairs, ([job, patch]) => {
      expect(validators.jobUpdate(patch).ok).toBe(true);
      const keys = Object.keys(patch).sort();
      if (keys.includes('applicantRoutingType')) {
        expect(keys).toHaveLength(2);
        expect(['applicationEmail', 'applicationUrl']).toContain(keys.find((k) => k !== 'applicantRoutingType'));
      } else {
        expect(keys).toHaveLength(1);
        expect(keys[0]).not.toBe('status');
      }
      // switching routing drops the other address: it is not applicable any more (spec 2.1)
      const merged: Record<string, unknown> = { ...job, ...patch };
      if ('applicationUrl' in patch) delete merged.applicationEmail;
      if ('applicationEmail' in patch) delete merged.applicationUrl;
      assertValidCreate(merged);
    });
  });

  it('covers every updatable field', () => {
    const fields = new Set(fc.sample(updates, { seed: 5, numRuns: 300 }).flatMap((p) => Object.keys(p)));
    expect([...fields].sort()).toEqual(
      [
        'applicantRoutingType',
        'applicationEmail',
        'applicationUrl',
        'categories',
        'closeDate',
        'confidential',
        'description',
        'locations',
        'positionType',
        'salary',
        'title',
      ].sort(),
    );
  });
});

describe('withTitlePrefix', () => {
  it('swaps the leading tag word for a longer prefix and leaves other bodies alone', () => {
    expect(withTitlePrefix({ title: `${tag} Cook` }, tag, `${tag}7x0x ${tag}`)).toEqual({ title: `${tag}7x0x ${tag} Cook` });
    expect(withTitlePrefix({ title: 'Cook' }, tag, `${tag}7x0x`)).toEqual({ title: 'Cook' });
    // Already retitled: the tag starts the title but is not its first word.
    expect(withTitlePrefix({ title: `${tag}7x0x ${tag} Cook` }, tag, `${tag}8x0x`)).toEqual({ title: `${tag}7x0x ${tag} Cook` });
  });
});
