/**
 * @module A job as the API returns it, turned back into a request body with
 * every editable field (spec 4.2: the body is symmetrical with the GET
 * result). Mutants use it to put a job back the way it was.
 */
import type { JsonObject } from './json.js';

type Named = { id: number };

/** The editable fields of `job` as a PUT body (no id, referenceId, publishDate or employer). */
export function inputOf(job: JsonObject): JsonObject {
  const salary = job.salary as (JsonObject & { period: Named }) | null;
  return {
    title: job.title,
    closeDate: job.closeDate,
    confidential: job.confidential,
    autoRefresh: job.autoRefresh,
    status: job.status,
    locations: (job.locations as JsonObject[]).map((location) => ({ description: location.description })),
    categories: (job.categories as Named[]).map((category) => ({ id: category.id })),
    positionType: { id: (job.positionType as Named).id },
    salary:
      salary === null
        ? null
        : { amount: salary.amount, maxAmount: salary.maxAmount, period: { id: salary.period.id }, plusCommission: salary.plusCommission },
    description: job.description,
    applicantRoutingType: { id: (job.applicantRoutingType as Named).id },
    applicationEmail: job.applicationEmail,
    applicationUrl: job.applicationUrl,
  };
}
