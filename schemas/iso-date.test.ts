import { describe, expect, test } from 'vitest';
import { exampleJob } from './spec-examples.js';
import { parseIsoDate } from './iso-date.js';
import { validators } from './resource-validators.js';

const MIDNIGHT = Date.UTC(2026, 11, 2);

/** [text, the instant it names (ms), nanoseconds beyond it]: every form a server may write for 2026-12-02 (midnight UTC unless noted). */
const VALID: [string, number, number?][] = [
  ['2026-12-02', MIDNIGHT],
  ['2026-12-02T00:00Z', MIDNIGHT], // Java's OffsetDateTime.toString() at zero seconds
  ['2026-12-02T00:00:00Z', MIDNIGHT],
  ['2026-12-02T00:00:00.1Z', MIDNIGHT + 100],
  ['2026-12-02T00:00:00.12Z', MIDNIGHT + 120],
  ['2026-12-02T00:00:00.123Z', MIDNIGHT + 123],
  ['2026-12-02T00:00:00.123456Z', MIDNIGHT + 123, 456_000],
  ['2026-12-02T00:00:00.1234567Z', MIDNIGHT + 123, 456_700], // .NET "o"
  ['2026-12-02T00:00:00.123456789Z', MIDNIGHT + 123, 456_789],
  ['2026-12-02T00:00:00,5Z', MIDNIGHT + 500], // ISO 8601's own decimal sign
  ['2026-12-02T00:00:00+00:00', MIDNIGHT],
  ['2026-12-02T00:00:00-00:00', MIDNIGHT],
  ['2026-12-01T19:00:00-05:00', MIDNIGHT],
  ['2026-12-01T19:00-05:00', MIDNIGHT],
  ['2026-12-02T05:30:00+05:30', MIDNIGHT],
  ['2026-12-02T05:30:00+0530', MIDNIGHT],
  ['2026-12-02T05:00:00+05', MIDNIGHT],
  ['2026-12-02T05:45:00.000+05:45', MIDNIGHT],
  ['2026-12-02t00:00:00z', MIDNIGHT],
  ['2026-12-02 00:00:00Z', MIDNIGHT], // RFC 3339's space
  ['2026-12-02T00:00:00', MIDNIGHT], // no zone: read as UTC
  ['2026-12-02T00:00', MIDNIGHT],
  ['20261202', MIDNIGHT],
  ['20261202T0000Z', MIDNIGHT],
  ['20261202T000000Z', MIDNIGHT],
  ['20261202T053000.5+0530', MIDNIGHT + 500],
  ['20261201T1900-05', MIDNIGHT],
  ['2024-02-29T12:00Z', Date.UTC(2024, 1, 29, 12)],
  ['0001-01-01', Date.UTC(2000, 0, 1) - 730_119 * 86_400_000],
  ['9999-12-31T23:59:59.999999999Z', Date.UTC(9999, 11, 31, 23, 59, 59, 999), 999_999],
];

/** Texts that are no date, or an ISO 8601 form the schemas leave out on purpose (documented in common.schema.json). */
const INVALID: string[] = [
  '',
  'soon',
  '2026-12-2',
  '26-12-02',
  '2026/12/02',
  '2026-13-01',
  '2026-00-10',
  '2026-02-30',
  '2025-02-29',
  '2026-04-31',
  '2026-12-02T24:00Z',
  '2026-12-02T23:60Z',
  '2026-12-02T23:59:60Z',
  '2026-12-02T8:00Z',
  '2026-12-02T08Z',
  '2026-12-02T08:00:00.Z',
  '2026-12-02T08:00:00.1234567890Z',
  '2026-12-02T08:00:00+5:30',
  '2026-12-02T08:00:00+05:3',
  '2026-12-02T08:00:00+24:00',
  '2026-12-02T08:00:00 Z',
  '2026-12-02Z',
  '2026-12-02T',
  '2026-12',
  '2026',
  '2026-W49-3',
  '2026-336',
  '+002026-12-02',
  '2026-12-02T08:00:00Z ',
  ' 2026-12-02',
  '20261202T08:00Z',
  '2026-12-02T0800Z',
  '20261202T0800+05:30',
  '20261202 0800Z',
  '2026-12-02T08:00:00Z[Europe/Paris]',
  'Wed, 02 Dec 2026 00:00:00 GMT',
];

describe('the ISO 8601 forms of a date field', () => {
  test.each(VALID)('%s is accepted by the job schema and read as its instant', (text, ms, subMs = 0) => {
    expect(validators.job({ ...exampleJob, publishDate: text, closeDate: text }).ok).toBe(true);
    expect(validators.jobUpdate({ closeDate: text }).ok).toBe(true);
    const read = parseIsoDate(text)!;
    expect([read.ms, read.subMs]).toEqual([ms, subMs]);
  });

  test.each(INVALID)('%j is refused by the schemas and not read', (text) => {
    expect(validators.job({ ...exampleJob, publishDate: text }).ok).toBe(false);
    expect(validators.jobUpdate({ closeDate: text }).ok).toBe(false);
    expect(parseIsoDate(text)).toBeUndefined();
  });

  test('the written day is the date before the time, whatever the offset', () => {
    expect(parseIsoDate('2026-12-01T19:00:00-05:00')!.writtenDay * 86_400_000).toBe(Date.UTC(2026, 11, 1));
    expect(parseIsoDate('20261202T053000+0530')!.writtenDay * 86_400_000).toBe(MIDNIGHT);
  });

  test('offsets are minutes east of UTC; a bare date and a zone-less time have none', () => {
    expect(
      ['2026-12-02T00:00Z', '2026-12-02T00:00+05:30', '2026-12-02T00:00-0500', '2026-12-02T00:00+01', '2026-12-02T00:00', '2026-12-02'].map(
        (t) => parseIsoDate(t)!.offsetMinutes,
      ),
    ).toEqual([0, 330, -300, 60, undefined, undefined]);
    expect(parseIsoDate('2026-12-02')!.hasTime).toBe(false);
    expect(parseIsoDate('2026-12-02T00:00')!.hasTime).toBe(true);
  });

  test('non-strings are not dates', () => {
    expect(parseIsoDate(null)).toBeUndefined();
    expect(parseIsoDate(20261202)).toBeUndefined();
  });
});
