/**
 * @module How the suite and the proxy compare what was sent with what the target returns,
 * field by field, leniently where the spec leaves room (a sent date by
 * calendar day, date-times as instants whatever their spelling, descriptions
 * as HTML content, category order, location names resolved by the server,
 * amounts to four decimals in either decimal form) and strictly where it does not.
 */
import { sameHtmlContent } from './html-content.js';
import { keepsDate, sameDate } from './dates.js';
import { sameAmount } from './amount-decimals.js';
import { JOB_FIELDS, JOB_HEADER_FIELDS } from '../schemas/job-fields.js';
import { PROVINCE_CODES } from '../schemas/id-meanings.js';

// The date comparisons are called from here: dates.ts is their arithmetic.
export { sameHtmlContent } from './html-content.js';
// An amount may come back as a number or a decimal string (2.5 "Decimal"): read as its value either way.
export { sameAmount } from './amount-decimals.js';
export {
  closesDaysAfter,
  compareDates,
  instantMs,
  dayOffsets,
  firstOutOfOrder,
  hasTime,
  isDaysAfter,
  keepsDate,
  keepsInstant,
  sameDate,
  sameDay,
  utcDay,
  writtenDay,
  writtenStepMs,
} from './dates.js';

type Json = unknown;

/** A request body as sent: JSON object fields by name. */
export type Body = Record<string, unknown>;

/** JSON with sorted keys: equal values give equal strings whatever the key order. */
export function canonical(value: Json): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function jsonEqual(a: Json, b: Json): boolean {
  return canonical(a) === canonical(b);
}

/** The fields of the full Job (spec 2.1), read from the schemas: the fields changedFields compares. */
export { JOB_FIELDS };

/** Fields whose arrays the spec gives no order (2.1 "Array of Location", "Array of Category"): compared as collections. */
export const UNORDERED_FIELDS: readonly string[] = ['locations', 'categories'];

/**
 * The same items, each as often, in any order (a multiset of JSON values). Spec 2.1 types `locations` and
 * `categories` as arrays and states no order, so a server may answer them in the order sent, by id, or by name.
 *
 * @example
 * sameCollection([{ id: 2 }, { id: 1 }], [{ id: 1 }, { id: 2 }]); // true
 * sameCollection([{ id: 1 }, { id: 1 }], [{ id: 1 }]); // false
 */
export function sameCollection(a: readonly unknown[], b: readonly unknown[]): boolean {
  const sorted = (items: readonly unknown[]): string[] => items.map(canonical).sort();
  return a.length === b.length && jsonEqual(sorted(a), sorted(b));
}

/**
 * Two values of one Job field are the same: dates as dates (sameDate), a description by HTML content, a URL by
 * sameUrl, locations and categories as collections (sameCollection), the rest as JSON.
 */
export function sameFieldValue(field: string, a: unknown, b: unknown): boolean {
  // 2.1: "none" is described as "" and shown as null in the samples; a consumer accepts both.
  if (field === 'referenceId' && (a === null || a === '') && (b === null || b === '')) return true;
  if ((field === 'publishDate' || field === 'closeDate') && typeof a === 'string' && typeof b === 'string') return sameDate(a, b);
  if (field === 'description' && typeof a === 'string' && typeof b === 'string') return sameHtmlContent(a, b);
  if (field === 'applicationUrl') return sameUrl(a, b);
  if (UNORDERED_FIELDS.includes(field) && Array.isArray(a) && Array.isArray(b)) return sameCollection(a, b);
  return jsonEqual(a, b);
}

/** A location as a place: what it names, without the record id a server gives it (`{name, description, type}`). */
function placeOf(location: unknown): unknown {
  if (location === null || typeof location !== 'object') return location;
  const { id: _id, ...place } = location as Record<string, unknown>;
  return place;
}

/**
 * The locations of two jobs name the same places, in any order: each compared by name, description and type,
 * never by id. A server may give each job its own location record for a place outside its list (2.2: such a
 * place "is accepted"), so the same place may carry another id in another job.
 *
 * @example
 * samePlaces([{ id: 7, name: 'Lévis', description: 'Lévis, QC', type: 'city' }], [{ id: 9, name: 'Lévis', description: 'Lévis, QC', type: 'city' }]); // true
 */
export function samePlaces(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return jsonEqual(a, b);
  return sameCollection(a.map(placeOf), b.map(placeOf));
}

function employerIdOf(employer: unknown): unknown {
  return (employer as { id?: unknown } | null | undefined)?.id;
}

/**
 * The same employer. Spec 2.1: confidential is "true if the employer name is confidential", and what a
 * confidential job shows of that name is not said (the name, a mask, a blank): where either side is
 * confidential only the id is compared, which nothing lets the service hide ("id (Int32, unique employer id)").
 *
 * @example
 * sameEmployer({ id: 1, name: 'Maple' }, { id: 1, name: 'Confidential' }, true); // true
 */
export function sameEmployer(a: unknown, b: unknown, confidential: boolean): boolean {
  return confidential ? employerIdOf(a) !== undefined && employerIdOf(a) === employerIdOf(b) : jsonEqual(a, b);
}

/** True when either job is confidential: its employer name may be masked (sameEmployer). */
function eitherConfidential(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return a.confidential === true || b.confidential === true;
}

/**
 * The spec's Job fields (2.1) whose values differ between two jobs, minus `ignore`; a target's extra fields
 * are not compared, and the employer of a confidential job by its id only (sameEmployer).
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, ignore: readonly string[] = []): string[] {
  const differs = (key: string): boolean =>
    key === 'employer'
      ? !sameEmployer(before[key], after[key], eitherConfidential(before, after))
      : !sameFieldValue(key, before[key], after[key]);
  return JOB_FIELDS.filter((key) => !ignore.includes(key) && differs(key)).sort();
}

/**
 * The fields whose values differ between a list item and its job, compared as changedFields compares two jobs: the
 * header fields (2.7: "a subset of the job with the same types and meaning"), and any other Job field the item carries
 * (extra fields are open, but one named as a Job field is part of that subset and holds the job's value).
 *
 * @example
 * headerDifferences(item, job); // ['status'] where the list still shows the job's former status
 */
export function headerDifferences(item: Record<string, unknown>, job: Record<string, unknown>): string[] {
  return changedFields(
    item,
    job,
    NOT_IN_HEADER.filter((field) => !Object.hasOwn(item, field)),
  );
}
const NOT_IN_HEADER: readonly string[] = JOB_FIELDS.filter((field) => !(JOB_HEADER_FIELDS as readonly string[]).includes(field));

/** A short JSON rendering for mismatch texts. */
export function show(value: unknown, max = 300): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Each of `fields` (by default every changed one) as `field: before -> after`, for a mismatch text.
 *
 * @example
 * changeLines({ title: 'a' }, { title: 'b' }, ['title']); // ['title: "a" -> "b"']
 */
export function changeLines(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[] = changedFields(before, after),
): string[] {
  return fields.map((field) => `${field}: ${show(before[field])} -> ${show(after[field])}`);
}

/** Lower case, without accents, with one apostrophe and single spaces: how place names are compared (`Montréal` is `montreal`). */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/**
 * The city of a location description, as a placeKey: the text before the first comma of `City`,
 * `City, PC` or a server's longer form (`Red Deer, AB, Canada`).
 *
 * @example
 * cityOf('Red Deer, AB, Canada'); // 'red deer'
 */
export function cityOf(description: string): string {
  return placeKey(description.split(',')[0] ?? description);
}

/**
 * Whether a returned location names, by its code, only other provinces than `sent` names: another place of the same
 * name (`Windsor, NS` sent, `Windsor, ON` returned). A location that names no province code keeps the question open.
 */
function namesOtherProvince(sent: string, returned: { name?: unknown; description?: unknown }): boolean {
  const own = sent.split(',')[1]?.trim().toUpperCase();
  if (own === undefined || !PROVINCE_CODES.includes(own)) return false;
  const codes = [returned.name, returned.description]
    .filter((text): text is string => typeof text === 'string')
    .flatMap((text) => text.match(/\b[A-Z]{2}\b/g) ?? [])
    .filter((code) => PROVINCE_CODES.includes(code));
  return codes.length > 0 && !codes.includes(own);
}

/**
 * Whether a returned location is the place sent as `sent` (`City` or `City, PC`): its city is a
 * whole phrase of the location's name or description. A server may resolve the place to its own
 * entry and write it in its own form (spec 2.2): `Toronto, ON`, `Toronto (ON)`, `Toronto, ON, Canada`.
 *
 * @example
 * sameCity('Red Deer, AB', { description: 'Red Deer, AB, Canada' }); // true
 * sameCity('Kingston, ON', { description: 'Kingstonville, ON' }); // false
 * sameCity('Windsor, NS', { name: 'Windsor', description: 'Windsor, ON' }); // false: another province's Windsor
 */
export function sameCity(sent: string, returned: { name?: unknown; description?: unknown }): boolean {
  const city = cityOf(sent);
  if (city === '' || namesOtherProvince(sent, returned)) return false;
  const texts = [returned.name, returned.description].filter((t): t is string => typeof t === 'string').map(placeKey);
  return texts.some((text) => {
    for (let at = text.indexOf(city); at !== -1; at = text.indexOf(city, at + 1)) {
      const before = text.slice(0, at);
      const after = text.slice(at + city.length);
      if (!/[\p{L}\p{N}]$/u.test(before) && !/^[\p{L}\p{N}]/u.test(after)) return true;
    }
    return false;
  });
}

function idsOf(list: unknown): number[] {
  return Array.isArray(list)
    ? list
        .map((item) => (item as { id?: unknown })?.id)
        .filter((id): id is number => typeof id === 'number')
        .sort((a, b) => a - b)
    : [];
}

/**
 * The same address, the scheme compared case-insensitively (RFC 3986 3.1 and
 * 6.2.2.1: `HTTPS://x` and `https://x` are one URL, so a server may store either).
 *
 * @example
 * sameUrl('HTTPS://example.com/A', 'https://example.com/A'); // true
 */
export function sameUrl(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return a === b;
  const lowerScheme = (url: string): string => url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, (scheme) => scheme.toLowerCase());
  return lowerScheme(a) === lowerScheme(b);
}

/**
 * The same email address: the local part as written (RFC 5321 2.4 lets it be case-sensitive), the domain in any
 * letter case (DNS names are not).
 *
 * @example
 * sameEmail('Jane.Doe@Example.COM', 'Jane.Doe@example.com'); // true
 * sameEmail('Jane.Doe@Example.COM', 'jane.doe@example.com'); // false
 */
export function sameEmail(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return a === b;
  const split = (address: string): [string, string] => {
    const at = address.lastIndexOf('@');
    return at === -1 ? [address, ''] : [address.slice(0, at), address.slice(at + 1).toLowerCase()];
  };
  const [localA, domainA] = split(a);
  const [localB, domainB] = split(b);
  return localA === localB && domainA === domainB;
}

/**
 * The same text up to Unicode normalization: canonically equivalent strings (`é` as one code point or as
 * `e` + U+0301) are one text, and storing either (NFC) is a reasonable server choice.
 *
 * @example
 * sameText('Cafe\u0301', 'Café'); // true
 */
export function sameText(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.normalize('NFC') === b.normalize('NFC');
}

type FieldCheck = (sent: unknown, job: Record<string, unknown>) => string | undefined;

const same =
  (field: string): FieldCheck =>
  (sent, job) =>
    sameFieldValue(field, sent, job[field]) ? undefined : `${field}: sent ${show(sent)}, got ${show(job[field])}`;

function salaryCheck(sent: unknown, job: Record<string, unknown>): string | undefined {
  const got = job.salary as Record<string, unknown> | null | undefined;
  if (sent === null) return got === null ? undefined : `salary: sent null, got ${show(got)}`;
  const s = sent as { amount?: number; maxAmount?: number | null; period?: { id?: number }; plusCommission?: boolean };
  if (got === null || got === undefined) return `salary: sent ${show(sent)}, got ${show(got)}`;
  const problems: string[] = [];
  if (s.amount !== undefined && !sameAmount(s.amount, got.amount)) problems.push(`amount ${show(got.amount)}`);
  if (s.maxAmount !== undefined && s.maxAmount !== null && !sameAmount(s.maxAmount, got.maxAmount))
    problems.push(`maxAmount ${show(got.maxAmount)}`);
  if (s.maxAmount === null && got.maxAmount !== null) problems.push(`maxAmount ${show(got.maxAmount)}`);
  if (s.period?.id !== undefined && (got.period as { id?: unknown } | undefined)?.id !== s.period.id)
    problems.push(`period ${show(got.period)}`);
  if (s.plusCommission !== undefined && got.plusCommission !== s.plusCommission)
    problems.push(`plusCommission ${show(got.plusCommission)}`);
  return problems.length === 0 ? undefined : `salary: sent ${show(sent)}, got ${problems.join(', ')}`;
}

/** Whether the returned locations are the sent ones: as many, each sent place among them (sameCity). */
export function sameLocations(sent: ReadonlyArray<{ description: string }>, returned: unknown): boolean {
  const got = Array.isArray(returned) ? (returned as Array<{ name?: unknown; description?: unknown }>) : [];
  return (
    got.length === sent.length &&
    sent.every((place) =>
      got.some((location) => location !== null && typeof location === 'object' && sameCity(place.description, location)),
    )
  );
}

function locationsCheck(sent: unknown, job: Record<string, unknown>): string | undefined {
  return sameLocations(sent as Array<{ description: string }>, job.locations)
    ? undefined
    : `locations: sent ${show(sent)}, got ${show(job.locations)}`;
}

/** How each request field is compared with the returned job (spec 2.1, 4.2). */
const FIELD_CHECKS: Record<string, FieldCheck> = {
  referenceId: same('referenceId'),
  title: same('title'),
  // 2.1: an accepted description may come back re-serialized (the same tree, attributes and text).
  description: (sent, job) =>
    typeof sent === 'string' && typeof job.description === 'string' && sameHtmlContent(sent, job.description)
      ? undefined
      : `description: sent ${show(sent)}, got ${show(job.description)}`,
  confidential: same('confidential'),
  autoRefresh: same('autoRefresh'),
  status: same('status'),
  applicationEmail: same('applicationEmail'),
  applicationUrl: (sent, job) =>
    sameUrl(sent, job.applicationUrl) ? undefined : `applicationUrl: sent ${show(sent)}, got ${show(job.applicationUrl)}`,
  // A sent date may come back as a date-time that names that day under either reading; a sent date-time as the same instant (keepsDate).
  closeDate: (sent, job) =>
    typeof sent === 'string' && typeof job.closeDate === 'string' && keepsDate(sent, job.closeDate)
      ? undefined
      : `closeDate: sent ${show(sent)}, got ${show(job.closeDate)}`,
  categories: (sent, job) =>
    jsonEqual(idsOf(sent), idsOf(job.categories)) ? undefined : `categories: sent ${show(sent)}, got ${show(job.categories)}`,
  positionType: (sent, job) =>
    (job.positionType as { id?: unknown })?.id === (sent as { id: number }).id
      ? undefined
      : `positionType: sent ${show(sent)}, got ${show(job.positionType)}`,
  applicantRoutingType: (sent, job) =>
    (job.applicantRoutingType as { id?: unknown })?.id === (sent as { id: number }).id
      ? undefined
      : `applicantRoutingType: sent ${show(sent)}, got ${show(job.applicantRoutingType)}`,
  salary: salaryCheck,
  locations: locationsCheck,
};

/** Fields the comparison knows; others (read-only or unknown) are not expected back. */
export const COMPARED_FIELDS = Object.keys(FIELD_CHECKS);

/**
 * The differences between the request fields of `body` and the returned job,
 * one line each; empty when every sent value was kept.
 *
 * @example
 * keptValueProblems({ title: 'a' }, job) // [] or ['title: sent "a", got "b"']
 */
export function keptValueProblems(body: Body, job: Record<string, unknown>, fields: readonly string[] = COMPARED_FIELDS): string[] {
  const problems: string[] = [];
  for (const field of fields) {
    const check = FIELD_CHECKS[field];
    if (check && field in body && body[field] !== undefined) {
      const problem = check(body[field], job);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}
