/**
 * What a run left behind in a mock: the jobs carrying the run's tag (its
 * referenceId prefix, report.options.referencePrefix), by the same rule the
 * suite's cleanup uses to recognize its own jobs.
 */
import type { MockServer } from '../../../mock/index.js';
import type { ConformanceReport } from '../../../schemas/index.js';

export function runTag(report: ConformanceReport): string {
  const tag = report.options?.referencePrefix;
  if (typeof tag !== 'string' || tag === '') throw new Error('the report names no referencePrefix');
  return tag;
}

/** Ids of the mock's jobs that the run tagged as its own. */
export function taggedJobIds(mock: MockServer, tag: string): number[] {
  return mock.core
    .snapshot()
    .jobs.filter((job) => (job.referenceId ?? '').startsWith(tag) || job.title.includes(tag))
    .map((job) => job.id)
    .sort((a, b) => a - b);
}
