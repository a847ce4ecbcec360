/**
 * @module The job as the store keeps it: already resolved (names looked up,
 * defaults applied), with the publish date as epoch ms for ordering and the
 * salary amounts as their four-decimal text (spec 2.5).
 */
import type { ApplicantRoutingType, Category, Location, PositionType, SalaryPeriod } from '../../schemas/index.js';

export type JobStatus = 'active' | 'archived' | 'draft';
export const JOB_STATUSES: readonly JobStatus[] = ['active', 'archived', 'draft'];

export interface StoredSalary {
  /** Decimal text with exactly four decimals, e.g. `50000.0000`. */
  amount: string;
  maxAmount: string | null;
  period: SalaryPeriod;
  plusCommission: boolean;
}

export interface StoredJob {
  id: number;
  employerId: number;
  referenceId: string | null;
  title: string;
  /** Epoch ms; serialized as an ISO 8601 date-time. */
  publishDate: number;
  /** Epoch ms of the last change by a request (create or update); written only under job.extra-fields / header.extra-fields. */
  updatedAt: number;
  /** ISO 8601 date (`2025-03-01`) or UTC date-time, as normalized on input. */
  closeDate: string;
  confidential: boolean;
  autoRefresh: boolean;
  status: JobStatus;
  locations: Location[];
  categories: Category[];
  positionType: PositionType;
  salary: StoredSalary | null;
  description: string;
  applicantRoutingType: ApplicantRoutingType;
  applicationEmail: string | null;
  applicationUrl: string | null;
}

/** The employer as configured (docs/mock.md: `--employers` file format). */
export interface EmployerConfig {
  id: number;
  name: string;
  apiKey: string;
  plan?: 'unlimited' | 'standard';
}
