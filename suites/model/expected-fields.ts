/**
 * @module The field values a job must show, derived from the requests sent
 * (spec 2.1 defaults: confidential false, autoRefresh false, salary null when
 * none; 2.5: plusCommission false), updated by partial PUTs (4.3: only the
 * fields sent change), and compared with what the target returns.
 */
import type { Job } from '../../schemas/index.js';
import { routingTypeIds } from '../arbitraries/schema-limits.js';
import { keepsDate, sameAmount, sameHtmlContent, sameLocations, sameUrl } from '../../judging/compare.js';
import type { Body } from '../contract/rule.js';

export interface ExpectedSalary {
  amount: number;
  maxAmount: number | null;
  periodId: number;
  plusCommission: boolean;
}

export interface ExpectedFields {
  title: string;
  description: string;
  /** The location descriptions sent (`City` or `City, PC`). */
  locations: string[];
  categoryIds: number[];
  positionTypeId: number;
  routingTypeId: number;
  applicationEmail: string | null;
  applicationUrl: string | null;
  salary: ExpectedSalary | null;
  /** `YYYY-MM-DD` */
  closeDate: string;
  confidential: boolean;
}

type SalaryBody = { amount: number; maxAmount?: number | null; period: { id: number }; plusCommission?: boolean };

function salaryFrom(salary: unknown): ExpectedSalary | null {
  if (salary === null || salary === undefined) return null;
  const s = salary as SalaryBody;
  return { amount: s.amount, maxAmount: s.maxAmount ?? null, periodId: s.period.id, plusCommission: s.plusCommission ?? false };
}

function idsOf(list: unknown): number[] {
  return (list as Array<{ id: number }>).map((c) => c.id).sort((a, b) => a - b);
}

/**
 * What a job created from `body` must show.
 *
 * @example
 * fieldsFromBody(body).confidential; // false when the body leaves it out (spec 2.1 default)
 */
export function fieldsFromBody(body: Body): ExpectedFields {
  const routingTypeId = (body.applicantRoutingType as { id: number }).id;
  return {
    title: body.title as string,
    description: body.description as string,
    locations: (body.locations as Array<{ description: string }>).map((l) => l.description),
    categoryIds: idsOf(body.categories),
    positionTypeId: (body.positionType as { id: number }).id,
    routingTypeId,
    applicationEmail: routingTypeId === routingTypeIds.email ? (body.applicationEmail as string) : null,
    applicationUrl: routingTypeId === routingTypeIds.url ? (body.applicationUrl as string) : null,
    salary: salaryFrom(body.salary),
    closeDate: body.closeDate as string,
    confidential: (body.confidential as boolean | undefined) ?? false,
  };
}

/**
 * `fields` after a partial update with `patch` (the fields sent change, nothing else).
 *
 * @example
 * applyPatch(fields, { title: 'jc1k2x0x Chef' }).title; // 'jc1k2x0x Chef'
 */
export function applyPatch(fields: ExpectedFields, patch: Body): ExpectedFields {
  return fieldsFromBody({ ...bodyOf(fields), ...patch });
}

/** A create body equivalent to `fields`, so a patch can be merged the same way a create is read. */
function bodyOf(f: ExpectedFields): Body {
  const body: Body = {
    title: f.title,
    description: f.description,
    locations: f.locations.map((description) => ({ description })),
    categories: f.categoryIds.map((id) => ({ id })),
    positionType: { id: f.positionTypeId },
    applicantRoutingType: { id: f.routingTypeId },
    closeDate: f.closeDate,
    confidential: f.confidential,
    salary: f.salary && {
      amount: f.salary.amount,
      maxAmount: f.salary.maxAmount,
      period: { id: f.salary.periodId },
      plusCommission: f.salary.plusCommission,
    },
  };
  if (f.applicationEmail !== null) body.applicationEmail = f.applicationEmail;
  if (f.applicationUrl !== null) body.applicationUrl = f.applicationUrl;
  return body;
}

/**
 * Differences between a returned job and the expected fields, one line each
 * (empty when they agree). Values whose spelling the spec leaves open
 * compare through the judging library (judging/compare.ts): a description by HTML content,
 * locations as resolved by the server, amounts to four decimals, a URL's
 * scheme in any case, closeDate as the day sent in any ISO 8601 form.
 *
 * @example
 * fieldDifferences(job, fields); // ['title: expected "a", received "b"']
 */
export function fieldDifferences(job: Job, f: ExpectedFields): string[] {
  const diffs = headerFieldDifferences(job, f);
  const differ = differenceWriter(diffs);
  if (!sameHtmlContent(f.description, job.description)) differ('description (content)', f.description, job.description);
  const categoryIds = job.categories.map((c) => c.id).sort((a, b) => a - b);
  if (JSON.stringify(categoryIds) !== JSON.stringify(f.categoryIds)) differ('categories (ids)', f.categoryIds, categoryIds);
  if (job.positionType.id !== f.positionTypeId) differ('positionType.id', f.positionTypeId, job.positionType.id);
  if (job.applicantRoutingType.id !== f.routingTypeId) differ('applicantRoutingType.id', f.routingTypeId, job.applicantRoutingType.id);
  if (job.applicationEmail !== f.applicationEmail) differ('applicationEmail', f.applicationEmail, job.applicationEmail);
  if (!sameUrl(job.applicationUrl, f.applicationUrl)) differ('applicationUrl', f.applicationUrl, job.applicationUrl);
  const s = job.salary;
  const e = f.salary;
  const salaryAgrees =
    s === null || e === null
      ? s === e
      : sameAmount(s.amount, e.amount) &&
        sameAmount(s.maxAmount, e.maxAmount) &&
        s.period.id === e.periodId &&
        s.plusCommission === e.plusCommission;
  if (!salaryAgrees) differ('salary', e, s);
  if (!keepsDate(f.closeDate, job.closeDate)) differ('closeDate (date)', f.closeDate, job.closeDate);
  // §2.1: autoRefresh defaults to false, and the suite never sends it
  if (job.autoRefresh !== false) differ('autoRefresh', false, job.autoRefresh);
  return diffs;
}

/**
 * What departs in the fields a list item shares with the full job (2.7: title, locations, confidential; "the
 * same types and meaning"), so a list that keeps a header as it was created, while GET shows the update, departs.
 *
 * @example
 * headerFieldDifferences(listItem, fields); // ['confidential: expected true, received false']
 */
export function headerFieldDifferences(job: Pick<Job, 'title' | 'locations' | 'confidential'>, f: ExpectedFields): string[] {
  const diffs: string[] = [];
  const differ = differenceWriter(diffs);
  if (job.title !== f.title) differ('title', f.title, job.title);
  const sent = f.locations.map((description) => ({ description }));
  if (!sameLocations(sent, job.locations)) differ('locations', f.locations, job.locations);
  if (job.confidential !== f.confidential) differ('confidential', f.confidential, job.confidential);
  return diffs;
}

/** Writes one difference line into `diffs`: the field, what was expected and what came back. */
function differenceWriter(diffs: string[]): (field: string, expected: unknown, received: unknown) => void {
  return (field, expected, received) => {
    diffs.push(`${field}: expected ${JSON.stringify(expected)}, received ${JSON.stringify(received)}`);
  };
}
