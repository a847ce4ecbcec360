/**
 * @module Writes a job as JSON text by hand, because salary amounts must carry
 * exactly four decimal places in the response text (spec 2.5: `50000.0000`),
 * which JSON.stringify cannot write. Everything else goes through
 * JSON.stringify, so strings are always escaped.
 */
import type { Employer } from '../../../schemas/index.js';
import type { StoredJob, StoredSalary } from '../../store/stored-job.js';
import { REFERENCE_CHOICES, type Choices } from '../choices/choices.js';
import { parseIsoDate } from '../../../schemas/iso-date.js';
import { DAY_MS } from '../../../schemas/time-units.js';
import { BoundedMap } from '../../store/bounded-map.js';

const s = JSON.stringify;

/**
 * JSON of the rows jobs share, written once each: the reference rows (reference-data.ts) and resolved locations
 * (resolve-location.ts), frozen, and the rows of a stored job, which a change replaces and never edits.
 */
const rowTexts = new BoundedMap<object, string>(4096);

function rowJson(row: object): string {
  return rowTexts.memo(row, s);
}

function listJson(rows: readonly object[]): string {
  return `[${rows.map(rowJson).join(',')}]`;
}

/** Each dates.zone: the offset the date-times are written in (minutes east of UTC) and its spelling. */
const ZONES: Readonly<Record<string, { minutes: number; suffix: string }>> = {
  z: { minutes: 0, suffix: 'Z' },
  offset: { minutes: 0, suffix: '+00:00' },
  'minus-five': { minutes: -300, suffix: '-05:00' },
  'plus-0530': { minutes: 330, suffix: '+0530' },
};

/**
 * The publishDate the service sets at `at`: the instant its written form names, so a service that writes whole
 * seconds or minutes (dates.precision) sets whole ones, and the list order and the text agree.
 */
export function publishInstant(at: number, choices: Choices): number {
  return parseIsoDate(formatServiceInstant(at, choices))!.ms;
}

/**
 * Fraction digits below the millisecond (dates.precision micros, nanos): the
 * mock's clock has none, so they follow from the millisecond (zeros on a
 * whole second, as at a date's midnight); one instant is always written alike.
 * They follow from the time of day only, so the default closeDate, whole days
 * after its publishDate (spec 8: 60 days), carries the same digits.
 */
function subMillisecondDigits(ms: number, width: number): string {
  const timeOfDay = ((ms % DAY_MS) + DAY_MS) % DAY_MS;
  return ms % 1000 === 0 ? '0'.repeat(width) : String(((timeOfDay % 1_000_003) * 7919) % 10 ** width).padStart(width, '0');
}

/** A service date-time in the form the choices give (dates.precision, dates.zone); the reference form is Date#toISOString's. */
export function formatServiceInstant(ms: number, choices: Choices): string {
  const precision = choices['dates.precision'];
  const zone = ZONES[String(choices['dates.zone'])] ?? ZONES.z!;
  const local = new Date(ms + zone.minutes * 60_000).toISOString().slice(0, -1); // YYYY-MM-DDTHH:MM:SS.mmm, in the zone
  const time =
    precision === 'seconds'
      ? local.slice(0, -4)
      : precision === 'minutes'
        ? local.slice(0, -7)
        : precision === 'micros'
          ? local + subMillisecondDigits(ms, 3)
          : precision === 'nanos'
            ? local + subMillisecondDigits(ms, 6)
            : local;
  return `${time}${zone.suffix}`;
}

/** closeDate as stored (as sent), or normalized to a service date-time (dates.close-date). */
function closeDateText(closeDate: string, choices: Choices): string {
  if (choices['dates.close-date'] === 'as-sent') return s(closeDate);
  // A stored closeDate parses: the schema accepted it (format iso-8601, the same parser) or the service set it.
  return `"${formatServiceInstant(parseIsoDate(closeDate)!.ms, choices)}"`;
}

function referenceIdText(referenceId: string | null, choices: Choices): string {
  return referenceId === null && choices['job.reference-id-absent'] === 'empty' ? '""' : s(referenceId);
}

function salaryJson(salary: StoredSalary | null, choices: Choices): string {
  if (salary === null) return 'null';
  const max =
    salary.maxAmount === null
      ? 'null'
      : choices['salary.max-amount-form'] === 'plain'
        ? String(Number(salary.maxAmount))
        : salary.maxAmount;
  // salary.amount-form = string: both amounts as decimal strings, the digits unchanged.
  const form = (text: string): string => (choices['salary.amount-form'] === 'string' && text !== 'null' ? `"${text}"` : text);
  return (
    `{"amount":${form(salary.amount)},"maxAmount":${form(max)},` +
    `"period":${rowJson(salary.period)},"plusCommission":${salary.plusCommission}}`
  );
}

/** The name a confidential job shows under job.confidential-employer = masked. */
export const MASKED_EMPLOYER_NAME = 'Confidential';

/** spec 2.1: confidential is "true if the employer name is confidential"; what that hides is open (job.confidential-employer). */
function employerJson(employer: Employer, confidential: boolean, choices: Choices): string {
  const name = confidential && choices['job.confidential-employer'] === 'masked' ? MASKED_EMPLOYER_NAME : employer.name;
  return `{"id":${employer.id},"name":${s(name)}}`;
}

/**
 * The full job (spec 2.1), fields in the spec's order.
 *
 * @example
 * serializeJob(job, { id: 1, name: 'Maple Leaf Staffing' }); // '{"id":7,"referenceId":null,...}'
 */
export function serializeJob(job: StoredJob, employer: Employer, choices: Choices = REFERENCE_CHOICES): string {
  const extra = choices['job.extra-fields'] === 'updated-at' ? `,"updatedAt":"${formatServiceInstant(job.updatedAt, choices)}"` : '';
  return (
    `{"id":${job.id},"referenceId":${referenceIdText(job.referenceId, choices)},"employer":${employerJson(employer, job.confidential, choices)},` +
    `"title":${s(job.title)},"publishDate":"${formatServiceInstant(job.publishDate, choices)}","closeDate":${closeDateText(job.closeDate, choices)},` +
    `"confidential":${job.confidential},"autoRefresh":${job.autoRefresh},"status":"${job.status}",` +
    `"locations":${listJson(job.locations)},"categories":${listJson(job.categories)},"positionType":${rowJson(job.positionType)},` +
    `"salary":${salaryJson(job.salary, choices)},"description":${s(job.description)},` +
    `"applicantRoutingType":${rowJson(job.applicantRoutingType)},` +
    `"applicationEmail":${s(job.applicationEmail)},"applicationUrl":${s(job.applicationUrl)}${extra}}`
  );
}

/** The job header (spec 2.7): the fields of job-header.schema.json, plus header.extra-fields. */
export function serializeJobHeader(job: StoredJob, employer: Employer, choices: Choices = REFERENCE_CHOICES): string {
  const extra =
    choices['header.extra-fields'] === 'job-fields'
      ? `,"closeDate":${closeDateText(job.closeDate, choices)},"autoRefresh":${job.autoRefresh}`
      : '';
  return (
    `{"id":${job.id},"referenceId":${referenceIdText(job.referenceId, choices)},"employer":${employerJson(employer, job.confidential, choices)},` +
    `"title":${s(job.title)},"publishDate":"${formatServiceInstant(job.publishDate, choices)}",` +
    `"locations":${listJson(job.locations)},"confidential":${job.confidential},"status":"${job.status}"${extra}}`
  );
}
