import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { DEMO_EMPLOYERS } from './employers.js';
import { buildStoredJob } from './job-input.js';
import { serializeJob, serializeJobHeader } from './serialize-job.js';

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
