import { describe, expect, it } from 'vitest';
import { validators } from '../../../schemas/index.js';
import { DEMO_EMPLOYERS } from './employers.js';
import { buildStoredJob } from './job-input.js';
import { formatServiceInstant, publishInstant, serializeJob, serializeJobHeader } from './serialize-job.js';
import { REFERENCE_CHOICES } from '../choices/choices.js';
import { parseIsoDate } from '../../../schemas/iso-date.js';

const body = {
  referenceId: 'ref-1',
  title: 'Welder "A"',
  locations: [{ description: 'Toronto, ON' }, { description: 'Springfield, ON' }],
  categories: [{ id: 3 }, { id: 12 }],
  positionType: { id: 2 },
  salary: { amount: 52000.5, maxAmount: 61000, period: { id: 5 }, plusCommission: true },
  description: '<p>Weld <a href="https://example.com">things</a></p>',
  applicantRoutingType: { id: 2 },
  applicationUrl: 'https://example.com/apply',
};
const employer = { id: DEMO_EMPLOYERS[0]!.id, name: DEMO_EMPLOYERS[0]!.name };

describe('serializeJob', () => {
  const job = buildStoredJob(body, { id: 7, employerId: employer.id, publishDate: Date.UTC(2025, 2, 1, 9, 30, 0, 5) });

  it('writes a valid job with four-decimal amounts and the shared reference rows', () => {
    const text = serializeJob(job, employer);
    expect(text).toContain('"amount":52000.5000,"maxAmount":61000.0000');
    const parsed = JSON.parse(text);
    expect(validators.job(parsed).ok).toBe(true);
    expect(parsed.publishDate).toBe('2025-03-01T09:30:00.005Z');
    expect(Object.isFrozen(job.positionType)).toBe(true);
  });

  it('writes the same text as JSON.stringify would for unshared (unfrozen) copies of the rows', () => {
    const copy = structuredClone(job);
    expect(Object.isFrozen(copy.positionType)).toBe(false);
    const text = serializeJob(job, employer);
    expect(serializeJob(copy, employer)).toBe(text);
    const { salary, ...rest } = JSON.parse(text);
    const { salary: _s, employerId: _e, publishDate: _p, updatedAt: _u, ...fields } = copy;
    expect(rest).toEqual({ ...fields, employer, publishDate: '2025-03-01T09:30:00.005Z' });
    expect(salary).toEqual({ amount: 52000.5, maxAmount: 61000, period: copy.salary!.period, plusCommission: true });
    expect(validators.jobHeader(JSON.parse(serializeJobHeader(job, employer))).ok).toBe(true);
  });
});

describe('formatServiceInstant: every dates.precision in every dates.zone', () => {
  const at = Date.UTC(2025, 0, 10, 8, 0, 0, 123);
  const cases: [string, string, string][] = [
    ['ms', 'z', '2025-01-10T08:00:00.123Z'],
    ['seconds', 'offset', '2025-01-10T08:00:00+00:00'],
    ['minutes', 'z', '2025-01-10T08:00Z'],
    ['micros', 'z', '2025-01-10T08:00:00.123'],
    ['nanos', 'z', '2025-01-10T08:00:00.123'],
    ['ms', 'minus-five', '2025-01-10T03:00:00.123-05:00'],
    ['minutes', 'minus-five', '2025-01-10T03:00-05:00'],
    ['ms', 'plus-0530', '2025-01-10T13:30:00.123+0530'],
    ['nanos', 'plus-0530', '2025-01-10T13:30:00.123'],
  ];

  it.each(cases)('%s in %s starts %s, is valid ISO 8601 and reads back as the instant to the millisecond', (precision, zone, start) => {
    const choices = { ...REFERENCE_CHOICES, 'dates.precision': precision, 'dates.zone': zone };
    const text = formatServiceInstant(at, choices);
    expect(text.startsWith(start)).toBe(true);
    const read = parseIsoDate(text)!;
    const grain = precision === 'minutes' ? 60_000 : precision === 'seconds' ? 1000 : 1;
    expect(read.ms).toBe(at - (at % grain));
    expect(validators.jobUpdate({ closeDate: text }).ok).toBe(true);
    // The publishDate set at that time is the instant its text names, and is written alike.
    expect(publishInstant(at, choices)).toBe(at - (at % grain));
    expect(formatServiceInstant(publishInstant(at, choices), choices)).toBe(text);
  });

  it('writes one instant alike every time, and whole seconds with zero sub-millisecond digits', () => {
    const choices = { ...REFERENCE_CHOICES, 'dates.precision': 'nanos' };
    expect(formatServiceInstant(at, choices)).toBe(formatServiceInstant(at, choices));
    expect(formatServiceInstant(Date.UTC(2026, 11, 2), choices)).toBe('2026-12-02T00:00:00.000000000Z');
    expect(formatServiceInstant(Date.UTC(2026, 11, 2), { ...choices, 'dates.precision': 'micros', 'dates.zone': 'minus-five' })).toBe(
      '2026-12-01T19:00:00.000000-05:00',
    );
  });
});
