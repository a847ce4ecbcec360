import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../../schemas/index.js';
import { DAY_MS } from '../../schemas/time-units.js';
import { assertProduceCorrectValues, assertSameValuesGivenSameSeed } from './arbitrary-assertions.test-support.js';
import { CLOSE_DATE_FORMS, closeDateFormArb, futureInstantArb, UNCOMMON_FORMS, respelledDate, writeCloseDate } from './close-date-forms.js';
import { sameDate } from '../../judging/compare.js';

const NOW = Date.UTC(2026, 10, 28, 3, 0);
const AT = Date.UTC(2026, 11, 2, 8, 15, 30, 123);

describe('closeDate forms', () => {
  it('give the same values for the same seed', () => {
    assertSameValuesGivenSameSeed(fc.tuple(closeDateFormArb, futureInstantArb(NOW)));
  });

  it.each([...CLOSE_DATE_FORMS, ...UNCOMMON_FORMS].map((form) => [form.name, form] as const))(
    '%s: the schemas read the instant written',
    (_name, form) => {
      const text = writeCloseDate(AT, 456_789, form);
      const read = parseIsoDate(text);
      expect(read, text).toBeDefined();
      if (form.dateOnly) return expect(read?.ms).toBe(Date.UTC(2026, 11, 2));
      // Cut to the digits the form writes; a form without a zone reads its wall time as UTC.
      const step =
        form.seconds === false ? 60_000 : form.fractionDigits === undefined ? 1000 : 10 ** (3 - Math.min(form.fractionDigits, 3));
      expect(read!.ms, text).toBe(Math.floor(AT / step) * step);
      expect(read!.offsetMinutes).toBe(form.offsetMinutes);
    },
  );

  it('spell each form as its name says', () => {
    const spelled = Object.fromEntries(
      [...CLOSE_DATE_FORMS, ...UNCOMMON_FORMS].map((form) => [form.name, writeCloseDate(AT, 456_789, form)]),
    );
    expect(spelled).toMatchObject({
      date: '2026-12-02',
      'basic date': '20261202',
      'minutes Z': '2026-12-02T08:15Z',
      nanoseconds: '2026-12-02T08:15:30.123456789Z',
      'comma fraction': '2026-12-02T08:15:30,12Z',
      '-05:00': '2026-12-02T03:15:30-05:00',
      '+0545 without a colon after an extended time': '2026-12-02T14:00:30+0545',
      '+09 hours only': '2026-12-02T17:15:30+09',
      'basic -0500 with a fraction': '20261202T031530.1234-0500',
      'lower-case t and z': '2026-12-02t08:15:30z',
      'a space for T': '2026-12-02 09:15:30+01:00',
      'no zone': '2026-12-02T08:15:30.123',
    });
  });

  it('draw instants 30 to 200 days ahead: never before a publishDate', () => {
    assertProduceCorrectValues(futureInstantArb(NOW), ({ ms, nanos }) => {
      expect(ms).toBeGreaterThanOrEqual(NOW + 29 * DAY_MS);
      expect(ms).toBeLessThan(NOW + 201 * DAY_MS);
      expect(nanos).toBeLessThan(1_000_000);
    });
  });
});

describe('respelledDate writes a stored date again in another plain form of the same value', () => {
  it.each([
    ['2027-04-15', '2027-04-15T00:00:00Z'],
    ['2027-04-15T00:00:00Z', '2027-04-15'],
    ['2027-04-15T08:30:00+02:00', '2027-04-15T06:30:00Z'],
    ['2027-04-15T06:30:00Z', '2027-04-15T06:30:00+00:00'],
    ['2027-04-15T06:30:00.250-05:00', '2027-04-15T11:30:00.250Z'],
    ['2027-04-15T06:30:00.123456789Z', '2027-04-15T06:30:00.123456789+00:00'],
  ])('%s as %s', (stored, respelled) => {
    expect(respelledDate(stored)?.value).toBe(respelled);
    expect(sameDate(stored, respelled)).toBe(true);
  });

  it('leaves a wall time without a zone, and text that is no date, alone', () => {
    expect(respelledDate('2027-04-15T06:30:00')).toBeUndefined();
    expect(respelledDate('15/04/2027')).toBeUndefined();
  });
});
