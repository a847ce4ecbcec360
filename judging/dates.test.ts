import { describe, expect, it } from 'vitest';
import { closesDaysAfter, compareDates, firstOutOfOrder, isDaysAfter, keepsDate, sameDate, sameDay } from './compare.js';

/** One instant, 2026-12-02T00:00Z, in every form the schemas accept. */
const MIDNIGHT_FORMS = [
  '2026-12-02T00:00Z',
  '2026-12-02T00:00:00Z',
  '2026-12-02T00:00:00.000000Z',
  '2026-12-02T00:00:00.000000000Z',
  '2026-12-02T00:00:00+00:00',
  '2026-12-01T19:00:00-05:00',
  '2026-12-01T19:00-05:00',
  '2026-12-02T05:30:00+0530',
  '2026-12-02T05:00+05',
  '20261202T000000Z',
  '20261201T1900-0500',
];

describe('every accepted form reads as the same instant', () => {
  it.each(MIDNIGHT_FORMS)('%s is the same date as 2026-12-02T00:00:00.000Z', (form) => {
    expect(sameDate(form, '2026-12-02T00:00:00.000Z')).toBe(true);
    expect(compareDates(form, '2026-12-02T00:00:00.001Z')).toBe(-1);
    expect(keepsDate('2026-12-02', form)).toBe(true);
  });

  it('orders to the nanosecond', () => {
    expect(compareDates('2026-01-01T08:00:00.123456789Z', '2026-01-01T08:00:00.123456788Z')).toBe(1);
    expect(compareDates('2026-01-01T08:00:00.1234567Z', '2026-01-01T03:00:00.12345670-05:00')).toBe(0);
    expect(sameDate('2026-01-01T08:00:00.000001Z', '2026-01-01T08:00Z')).toBe(false);
    expect(compareDates('soon', '2026-01-01')).toBeNaN();
  });
});

describe('keepsDate: a sent date and what comes back', () => {
  it("accepts the date, its midnight UTC in any zone, and any time of that day in the answer's own zone", () => {
    expect(
      [
        '2026-12-02',
        '20261202',
        '2026-12-02T00:00:00+05:30',
        '2026-12-02T23:59:59.999Z',
        '2026-12-02T00:00-05:00',
        '2026-12-02T18:59:59-05:00',
        '2026-12-01T19:00:00-05:00',
      ].filter((v) => !keepsDate('2026-12-02', v)),
    ).toEqual([]);
  });

  it("accepts the end of the local day: the written date in the answer's own offset is the date sent", () => {
    expect(keepsDate('2026-12-09', '2026-12-09T23:59:59-05:00')).toBe(true);
    expect(keepsDate('2026-12-09', '2026-12-09T23:59:59.999999-05:00')).toBe(true);
    expect(keepsDate('2026-12-09', '2026-12-09T23:00-12:00')).toBe(true);
  });

  it('refuses a day off under both readings, in any zone', () => {
    const late = ['2026-12-03', '2026-12-03T00:00Z', '2026-12-03T00:00:00-05:00', '2026-12-03T05:30+05:30', '2026-12-03T23:59:59-05:00'];
    const early = ['2026-12-01', '2026-12-01T23:59:59.999Z', '2026-12-01T18:59-05:00', '2026-12-01T05:30+05:30', 'soon'];
    expect([...late, ...early].filter((v) => keepsDate('2026-12-02', v))).toEqual([]);
  });
});

describe('keepsDate: a sent date-time and what comes back', () => {
  it('accepts the same instant in any zone and spelling, or its day as a bare date', () => {
    const sent = '2026-12-02T08:15:30+05:30';
    expect(
      ['2026-12-02T02:45:30Z', '2026-12-01T21:45:30-05:00', '20261202T024530Z', '2026-12-02T02:45:30.000000+00:00', '2026-12-02'].filter(
        (v) => !keepsDate(sent, v),
      ),
    ).toEqual([]);
  });

  it('accepts an instant cut or rounded to the precision the answer writes, and no coarser', () => {
    expect(keepsDate('2026-12-02T08:15:30.750Z', '2026-12-02T08:15:30Z')).toBe(true);
    expect(keepsDate('2026-12-02T08:15:30.750Z', '2026-12-02T08:15:31.000Z')).toBe(true);
    expect(keepsDate('2026-12-02T08:15:30Z', '2026-12-02T08:15Z')).toBe(true);
    expect(keepsDate('2026-12-02T08:15:30.123456789Z', '2026-12-02T08:15:30.123Z')).toBe(true);
    expect(keepsDate('2026-12-02T08:15:30.5Z', '2026-12-02T08:15:30.005Z')).toBe(false);
    expect(keepsDate('2026-12-02T08:15:30Z', '2026-12-02T08:15:31Z')).toBe(false);
  });

  it('refuses an offset read wrongly or dropped', () => {
    expect(keepsDate('2026-12-02T08:00:00+05:30', '2026-12-02T08:00:00Z')).toBe(false);
    expect(keepsDate('2026-12-02T08:00:00-0330', '2026-12-02T08:00:00+03:30')).toBe(false);
    expect(keepsDate('2026-12-02T08:00+05', '2026-12-02T08:00:00.000Z')).toBe(false);
  });

  it('reads a time without a zone in any zone, a whole quarter hour within 14 hours of UTC', () => {
    expect(
      ['2026-12-02T08:00:00Z', '2026-12-02T08:00:00-05:00', '2026-12-02T08:00+0545', '2026-12-02T08:00:00'].filter(
        (v) => !keepsDate('2026-12-02T08:00:00', v),
      ),
    ).toEqual([]);
    expect(keepsDate('2026-12-02T08:00:00', '2026-12-02T08:07:00Z')).toBe(false);
    expect(keepsDate('2026-12-02T08:00:00', '2026-12-03T08:00:00Z')).toBe(false);
  });
});

describe('day arithmetic over both readings', () => {
  it('counts the default 60 days from a publishDate in any zone', () => {
    expect(isDaysAfter('2026-10-03T23:30-05:00', '2026-12-02T23:30-05:00', 60)).toBe(true);
    expect(isDaysAfter('20261003T043000Z', '2026-12-02', 60)).toBe(true);
    expect(sameDay('2026-12-01T19:00:00-05:00', '2026-12-02')).toBe(true);
  });
});

describe('closesDaysAfter: a closeDate the service set, at the precision it writes', () => {
  const published = '2026-01-01T10:33:32.736Z';
  it('takes the same time 60 days on (to the second, or the minute written), an hour either side, a bare date, a day boundary', () => {
    for (const closing of [
      '2026-03-02T10:33:32.736Z',
      '2026-03-02T05:33:32.736-05:00',
      '2026-03-02T10:33:32Z',
      '2026-03-02T10:33Z',
      '2026-03-02T11:33:32.736Z',
      '2026-03-02T09:33:33Z',
      '2026-03-02',
      '2026-03-02T00:00:00Z',
      '2026-03-02T23:59:59Z',
      '2026-03-02T04:59:59.999Z',
      '2026-03-02T23:59:59.999-05:00',
    ])
      expect(closesDaysAfter(published, closing, 60), closing).toBe(true);
  });
  it('refuses another time of that day (seconds or minutes off too: a default read from a clock once and kept), and another day', () => {
    for (const closing of [
      '2026-03-02T05:33:32.736Z',
      '2026-03-02T15:33:32.736Z',
      '2026-03-02T10:33:29.736Z',
      '2026-03-02T11:20:00Z',
      '2026-03-03T10:33:32.736Z',
      '2026-03-01',
    ])
      expect(closesDaysAfter(published, closing, 60), closing).toBe(false);
  });
});

describe('firstOutOfOrder finds where a list stops being newest first', () => {
  const at = (...dates: string[]) => dates.map((publishDate) => ({ publishDate }));
  it('is -1 for a list newest first, ties included, across offsets', () => {
    expect(
      firstOutOfOrder(at('2026-12-02T10:00:00Z', '2026-12-02T05:00:00-05:00', '2026-12-02T10:00:00+01:00', '2026-12-01T23:59:59Z')),
    ).toBe(-1);
    expect(firstOutOfOrder([])).toBe(-1);
  });
  it('names the first item newer than the one before it, to the nanosecond', () => {
    expect(firstOutOfOrder(at('2026-12-03', '2026-12-02', '2026-12-04', '2026-12-01'))).toBe(2);
    expect(firstOutOfOrder(at('2026-12-02T00:00:00.000000001Z', '2026-12-02T00:00:00.000000002Z'))).toBe(1);
  });
  it('does not judge a list that mixes bare dates and date-times', () => {
    expect(firstOutOfOrder(at('2026-12-02', '2026-12-02T10:00:00Z'))).toBe(-1);
  });
});
