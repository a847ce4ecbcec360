import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../schemas/types.gen.js';
import { dateForm, jobAnswerForms } from './job-answer-form.js';

const JOB = {
  id: 1000001,
  referenceId: 'jc1x',
  employer: { id: 101, name: 'Maple Leaf Staffing' },
  title: 'Welder',
  publishDate: '2026-11-28T20:15:03.512Z',
  closeDate: '2027-01-27T20:15:03.512Z',
};

function exchange(status: number, answer: unknown, sent?: unknown): Exchange {
  return {
    request: {
      method: sent === undefined ? 'GET' : 'POST',
      url: 'http://127.0.0.1/jobs',
      headers: {},
      ...(sent === undefined ? {} : { body: JSON.stringify(sent) }),
    },
    response: { status, headers: {}, body: JSON.stringify(answer) },
    durationMs: 1,
  };
}

describe('dateForm', () => {
  it('names a date, the grain and zone of a date-time in either format, and what is neither', () => {
    expect(dateForm('2026-12-02')).toBe('date');
    expect(dateForm('20261202')).toBe('date');
    expect(dateForm('2026-12-02T08:00Z')).toBe('date-time, minutes, Z');
    expect(dateForm('2026-12-02T08:00:00-05:00')).toBe('date-time, seconds, -05:00');
    expect(dateForm('2026-12-02T08:00:00.1+0530')).toBe('date-time, milliseconds, +0530');
    expect(dateForm('20261202T080000,123456')).toBe('date-time, microseconds, no zone');
    expect(dateForm('2026-12-02T08:00:00.123456789z')).toBe('date-time, nanoseconds, z');
    expect(dateForm('next week')).toBe('other text');
    expect(dateForm(null)).toBe('null');
    expect(dateForm(1764547200)).toBe('number');
  });
});

describe('jobAnswerForms', () => {
  it('records how a job answer writes publishDate, whether the closeDate sent came back as sent, and the fields it adds', () => {
    const answer = { ...JOB, closeDate: '2027-01-27T00:00:00.000Z', updatedAt: '2026-11-28T20:15:03.512Z' };
    expect(
      jobAnswerForms(exchange(201, answer, { title: 'Welder', closeDate: '2027-01-27' })).map((o) => `${o.topic} = ${o.observed}`),
    ).toEqual([
      'date-form = publishDate: date-time, milliseconds, Z',
      'date-form = closeDate: date written as date-time, milliseconds, Z',
      'job.extra-fields = updatedAt',
    ]);
    expect(jobAnswerForms(exchange(200, JOB, { closeDate: JOB.closeDate })).map((o) => o.observed)).toEqual([
      'publishDate: date-time, milliseconds, Z',
      'closeDate: as sent',
    ]);
  });

  it('reads no closeDate form from a GET, and nothing from an error, a list or a body that is no JSON', () => {
    expect(jobAnswerForms(exchange(200, JOB)).map((o) => o.observed)).toEqual(['publishDate: date-time, milliseconds, Z']);
    expect(jobAnswerForms(exchange(404, JOB, {}))).toEqual([]);
    expect(jobAnswerForms(exchange(200, { data: [JOB], paging: {} }))).toEqual([]);
    expect(jobAnswerForms({ ...exchange(200, JOB), response: { status: 200, headers: {}, body: 'not json' } })).toEqual([]);
  });
});
