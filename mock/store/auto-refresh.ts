/**
 * @module The auto-refresh policy (spec 2.1, 8: the publish date is reset
 * every 7 days for employers on an unlimited plan). It applies to active jobs
 * with autoRefresh of employers on an unlimited plan (the mock's reading of
 * 2.1). Its 7-day periods count only while the job is active: from the later
 * of publishDate and the moment the job last became active. So re-publishing
 * an archived job moves nothing but its status (spec 3: "other fields
 * unchanged"); its next refresh falls 7 days after the re-publish. It runs
 * lazily: the store asks on each access whether a refresh fell due.
 */
import { DAY_MS } from '../../schemas/time-units.js';
import type { JobEntry } from './job-entry.js';
import type { EmployerConfig } from './stored-job.js';

/** spec 8: auto-refresh interval. */
export const AUTO_REFRESH_MS = 7 * DAY_MS;

/**
 * @example
 * const refresh = new AutoRefresh();
 * refresh.track(entry, 'unlimited');
 * if (refresh.isDue(now)) refresh.run(now, false, (entry, publishDate) => store.replace(entry, { ...entry.job, publishDate }));
 */
export class AutoRefresh {
  private readonly refreshing = new Set<JobEntry>();
  private nextDue = Infinity;

  /** Follows `entry` when its job auto-refreshes now (after any change), forgets it otherwise. */
  track(entry: JobEntry, plan: EmployerConfig['plan']): void {
    const job = entry.job;
    if (job.autoRefresh && job.status === 'active' && plan === 'unlimited') {
      this.refreshing.add(entry);
      this.nextDue = Math.min(this.nextDue, Math.max(job.publishDate, entry.activeSince) + AUTO_REFRESH_MS);
    } else {
      this.refreshing.delete(entry);
    }
  }

  forget(entry: JobEntry): void {
    this.refreshing.delete(entry);
  }

  clear(): void {
    this.refreshing.clear();
    this.nextDue = Infinity;
  }

  isDue(now: number): boolean {
    return now >= this.nextDue;
  }

  /**
   * Gives every job whose 7 days have passed its new publish date through
   * `republish` (`publishInstant` of the time it fell due: whole seconds or minutes under dates.precision), then finds
   * the next due time.
   */
  run(now: number, publishInstant: (at: number) => number, republish: (entry: JobEntry, publishDate: number) => void): void {
    let next = Infinity;
    for (const entry of this.refreshing) {
      const from = Math.max(entry.job.publishDate, entry.activeSince);
      const periods = Math.floor((now - from) / AUTO_REFRESH_MS);
      let due = from + AUTO_REFRESH_MS;
      if (periods >= 1) {
        const at = from + periods * AUTO_REFRESH_MS;
        republish(entry, publishInstant(at));
        due = at + AUTO_REFRESH_MS;
      }
      next = Math.min(next, due);
    }
    this.nextDue = next;
  }
}
