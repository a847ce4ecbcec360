/**
 * @module Between a validated request body and a stored job: the checks that
 * need the reference lists or more than one field (the schemas hold the rest),
 * the create-shaped view of a stored job (to merge a partial update into), and
 * the build of a stored job with the spec's defaults.
 */
import { DAY_MS } from '../../../schemas/time-units.js';
import { JOB_INPUT_FIELDS } from '../../../schemas/job-fields.js';
import type { FieldError } from '../http/api-error.js';
import { APPLICANT_ROUTING_TYPES, byId, CATEGORIES, POSITION_TYPES, SALARY_PERIODS } from './reference-data.js';
import type { JobStatus, StoredJob, StoredSalary } from '../../store/stored-job.js';
import { REFERENCE_CHOICES, type Choices } from '../choices/choices.js';
import { formatAmount } from './format-amount.js';
import { hasHtmlComment } from './html-comments.js';
import { canonicalLocation, countrySuffixedLocation, inputDescription, resolveLocation } from './resolve-location.js';
import { reserializeHtml, withNumericReferences } from './reserialize-html.js';
import { formatServiceInstant } from './serialize-job.js';

/** spec 3, 8: default job lifetime. */
export const DEFAULT_LIFETIME_MS = 60 * DAY_MS;

type Body = Record<string, unknown>;

function isRecord(v: unknown): v is Body {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Checks beyond the schemas, on a body that may be partial: ids that must exist
 * in the reference lists (2.3, 2.4), a salary object that must have an amount
 * (the response always carries one, 2.5) and a maxAmount not below the amount.
 */
export function checkSemantics(body: Body, choices: Choices = REFERENCE_CHOICES): FieldError[] {
  const errors: FieldError[] = [];
  if (choices['validation.blank-title'] === 'refuse' && typeof body.title === 'string' && body.title.trim() === '') {
    errors.push({ path: '/title', rule: 'blank', message: 'title must not be blank' });
  }
  if (choices['description.comments'] === 'refuse' && typeof body.description === 'string' && hasHtmlComment(body.description)) {
    errors.push({ path: '/description', rule: 'html', message: 'HTML comments are not accepted in a description' });
  }
  if (Array.isArray(body.categories)) {
    body.categories.forEach((c, i) => {
      if (isRecord(c) && Number.isInteger(c.id) && !byId(CATEGORIES, c.id as number)) {
        errors.push({ path: `/categories/${i}/id`, rule: 'reference', message: `no category with id ${String(c.id)}` });
      }
    });
  }
  const pt = body.positionType;
  if (isRecord(pt) && Number.isInteger(pt.id) && !byId(POSITION_TYPES, pt.id as number)) {
    errors.push({ path: '/positionType/id', rule: 'reference', message: `no position type with id ${String(pt.id)}` });
  }
  const salary = body.salary;
  if (isRecord(salary)) {
    if (salary.amount === undefined) {
      errors.push({ path: '/salary/amount', rule: 'required', message: 'a salary needs an amount (use null for no salary)' });
    } else if (typeof salary.amount === 'number' && typeof salary.maxAmount === 'number' && salary.maxAmount < salary.amount) {
      errors.push({ path: '/salary/maxAmount', rule: 'minimum', limit: salary.amount, message: 'must be >= salary.amount' });
    }
  }
  return errors;
}

/** Copies only the input fields, as own data properties (a `__proto__` key stays inert). */
export function pickInputFields(body: Body): Body {
  const picked: Body = {};
  for (const field of JOB_INPUT_FIELDS) if (Object.hasOwn(body, field)) picked[field] = body[field];
  return picked;
}

/** The stored job as a create body: what a partial update is merged into (spec 4.3). */
export function toCreateShape(job: StoredJob): Body {
  return {
    referenceId: job.referenceId,
    title: job.title,
    closeDate: job.closeDate,
    confidential: job.confidential,
    autoRefresh: job.autoRefresh,
    status: job.status,
    locations: job.locations.map((l) => ({ description: inputDescription(l.description) })),
    categories: job.categories.map((c) => ({ id: c.id })),
    positionType: { id: job.positionType.id },
    salary: job.salary && {
      amount: Number(job.salary.amount),
      maxAmount: job.salary.maxAmount === null ? null : Number(job.salary.maxAmount),
      period: { id: job.salary.period.id },
      plusCommission: job.salary.plusCommission,
    },
    description: job.description,
    applicantRoutingType: { id: job.applicantRoutingType.id },
    applicationEmail: job.applicationEmail,
    applicationUrl: job.applicationUrl,
  };
}

/** A partial salary (spec 4.2 lists its fields one by one): the sent salary fields over the stored salary (a sent null still removes it). */
export function withMergedSalary(body: Body, old: StoredJob): Body {
  if (!isRecord(body.salary)) return body;
  // Without a stored salary toCreateShape gives null, and spreading null adds nothing: the sent salary stands alone.
  return { ...body, salary: { ...(toCreateShape(old).salary as Body), ...body.salary } };
}

function buildSalary(input: unknown): StoredSalary | null {
  if (!isRecord(input)) return null;
  const periodId = (input.period as { id: number }).id;
  return {
    amount: formatAmount(input.amount as number),
    maxAmount: typeof input.maxAmount === 'number' ? formatAmount(input.maxAmount) : null,
    period: byId(SALARY_PERIODS, periodId)!,
    plusCommission: input.plusCommission === true,
  };
}

/** The description as the description.form switch spells it (spec 2.1 gives the markup's rules, not its spelling). */
function storedDescription(description: string, choices: Choices): string {
  if (choices['description.form'] === 'reserialized') return reserializeHtml(description);
  if (choices['description.form'] === 'numeric-references') return withNumericReferences(description);
  return description;
}

/**
 * Builds the stored job from a body that passed job-create and checkSemantics,
 * applying the defaults of 2.1 and 4.2. Category, position type, salary period
 * and routing type are the frozen rows of reference-data.ts, shared, not copied.
 */
export function buildStoredJob(
  input: Body,
  meta: { id: number; employerId: number; publishDate: number; updatedAt?: number },
  choices: Choices = REFERENCE_CHOICES,
): StoredJob {
  const form = choices['locations.description'];
  const locate = form === 'canonical' ? canonicalLocation : form === 'country-suffix' ? countrySuffixedLocation : resolveLocation;
  const description = input.description as string;
  const routing = byId(APPLICANT_ROUTING_TYPES, (input.applicantRoutingType as { id: number }).id)!;
  const referenceId = typeof input.referenceId === 'string' && input.referenceId !== '' ? input.referenceId : null;
  return {
    id: meta.id,
    employerId: meta.employerId,
    referenceId,
    title: input.title as string,
    publishDate: meta.publishDate,
    updatedAt: meta.updatedAt ?? meta.publishDate,
    closeDate:
      typeof input.closeDate === 'string' ? input.closeDate : formatServiceInstant(meta.publishDate + DEFAULT_LIFETIME_MS, choices),
    confidential: input.confidential === true,
    autoRefresh: input.autoRefresh === true,
    status: (input.status as JobStatus | undefined) ?? 'draft',
    locations: (input.locations as Array<{ description: string }>).map((l) => locate(l.description)),
    categories: (input.categories as Array<{ id: number }>).map((c) => byId(CATEGORIES, c.id)!),
    positionType: byId(POSITION_TYPES, (input.positionType as { id: number }).id)!,
    salary: buildSalary(input.salary),
    description: storedDescription(description, choices),
    applicantRoutingType: routing,
    // spec 2.1: each applies only to its routing type, null in responses otherwise
    applicationEmail: routing.id === 1 ? (input.applicationEmail as string) : null,
    applicationUrl: routing.id === 2 ? (input.applicationUrl as string) : null,
  };
}
