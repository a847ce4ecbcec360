/**
 * @module The forms of a job answer the spec leaves open, as observations every rule records without its help:
 * how the dates are written (2.1 "Date, ISO 8601": the precision, the offset and its spelling, and whether a
 * closeDate comes back as sent) and which fields beyond the stated ones the job carries. Like the error body's form
 * (error-body-form.ts), each keeps what holds from run to run and never a value.
 */
import type { Exchange } from '../../schemas/types.gen.js';
import { JOB_FIELDS } from '../../schemas/job-fields.js';
import type { ObservationInput } from '../contract/rule.js';
import { parsedAnswerOf } from '../http/client.js';

/** A date-time in either ISO 8601 format: the time to the minute, the second or a fraction, and the zone if any. */
const DATE_TIME = /^\d{4}-?\d{2}-?\d{2}[Tt ]\d{2}:?\d{2}(?::?(\d{2})(?:[.,](\d+))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

const STATED = new Set<string>(JOB_FIELDS);

function grainOf(seconds: string | undefined, fraction: string | undefined): string {
  if (seconds === undefined) return 'minutes';
  if (fraction === undefined) return 'seconds';
  return fraction.length <= 3 ? 'milliseconds' : fraction.length <= 6 ? 'microseconds' : 'nanoseconds';
}

/**
 * The form of a written date: `date`, `date-time, milliseconds, Z`, `date-time, seconds, -05:00`; the JSON type of
 * anything that is no text.
 *
 * @example
 * dateForm('2026-12-02T08:00:00.000Z'); // 'date-time, milliseconds, Z'
 */
export function dateForm(value: unknown): string {
  if (typeof value !== 'string') return value === null ? 'null' : typeof value;
  if (/^\d{4}-?\d{2}-?\d{2}$/.test(value)) return 'date';
  const time = DATE_TIME.exec(value);
  if (!time) return 'other text';
  return `date-time, ${grainOf(time[1], time[2])}, ${time[3] ?? 'no zone'}`;
}

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function parsedObject(text: string | null | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    return asObject(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** A job as the answer writes it: an object with an id and a publishDate (a list or an error is not one). */
function isJob(body: Record<string, unknown> | undefined): body is Record<string, unknown> {
  return body !== undefined && typeof body.id === 'number' && 'publishDate' in body;
}

/**
 * The observations of one exchange whose answer is a job: `publishDate` written as, `closeDate` as sent or
 * rewritten (on a write that sent one), and the fields beyond job.schema.json.
 *
 * @example
 * jobAnswerForms(exchange); // [{ topic: 'date-form', section: '2.1', observed: 'publishDate: date-time, milliseconds, Z' }, ...]
 */
export function jobAnswerForms(exchange: Exchange): ObservationInput[] {
  const response = exchange.response;
  if (!response || response.status < 200 || response.status > 299 || response.bodyTruncated) return [];
  const parsed = parsedAnswerOf(exchange);
  const job = parsed === undefined ? parsedObject(response.body) : asObject(parsed.json);
  if (!isJob(job)) return [];
  const forms: ObservationInput[] = [{ topic: 'date-form', section: '2.1', observed: `publishDate: ${dateForm(job.publishDate)}` }];
  // Only a request that names a closeDate is worth parsing again (a body may be a 64 KiB description).
  const request = exchange.request;
  const sent = request.bodyTruncated || !request.body?.includes('"closeDate"') ? undefined : parsedObject(request.body)?.closeDate;
  if (typeof sent === 'string' && typeof job.closeDate === 'string') {
    const written = job.closeDate === sent ? 'as sent' : `${dateForm(sent)} written as ${dateForm(job.closeDate)}`;
    forms.push({ topic: 'date-form', section: '2.1', observed: `closeDate: ${written}` });
  }
  const extra = Object.keys(job).filter((field) => !STATED.has(field));
  if (extra.length > 0) forms.push({ topic: 'job.extra-fields', section: '2.1', observed: extra.sort().join(', ') });
  return forms;
}
