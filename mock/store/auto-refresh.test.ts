import { describe, expect, it } from 'vitest';
import { AUTO_REFRESH_MS, AutoRefresh } from './auto-refresh.js';
import { newEntry, type JobEntry } from './job-entry.js';
import type { StoredJob } from './stored-job.js';

const T0 = Date.UTC(2025, 0, 1);

function entry(fields: Partial<StoredJob>): JobEntry {
  return newEntry({
    id: 1,
    employerId: 1,
    referenceId: null,
    title: 'Welder',
    publishDate: T0,
    updatedAt: T0,
    closeDate: '2030-01-01',
    confidential: false,
    autoRefresh: true,
    status: 'active',
    locations: [],
    categories: [],
    positionType: { id: 1, name: 'Full-time' },
    salary: null,
    description: '<p>x</p>',
    applicantRoutingType: { id: 1, name: 'Email' },
    applicationEmail: 'a@example.com',
    applicationUrl: null,
    ...fields,
  });
}

/** Runs the policy at `now`, applying each new publish date as the store would; returns what was republished. */
function runAt(refresh: AutoRefresh, now: number, grainMs = 1): Array<[number, number]> {
  const seen: Array<[number, number]> = [];
  refresh.run(
    now,
    (at) => at - (at % grainMs),
    (e, publishDate) => {
      seen.push([e.id, publishDate]);
      e.job = { ...e.job, publishDate };
    },
  );
  return seen;
}

describe('auto-refresh (spec 2.1, 8)', () => {
  it('resets the publish date to the last whole 7-day period, only for active auto-refresh jobs on an unlimited plan', () => {
    const refresh = new AutoRefresh();
    const job = entry({});
    refresh.track(job, 'unlimited');
    refresh.track(entry({ id: 2, autoRefresh: false }), 'unlimited');
    refresh.track(entry({ id: 3, status: 'archived' }), 'unlimited');
    refresh.track(entry({ id: 4 }), 'standard');
    expect(refresh.isDue(T0 + AUTO_REFRESH_MS - 1)).toBe(false);
    expect(refresh.isDue(T0 + AUTO_REFRESH_MS)).toBe(true);
    expect(runAt(refresh, T0 + 2 * AUTO_REFRESH_MS + 5)).toEqual([[1, T0 + 2 * AUTO_REFRESH_MS]]);
    expect(refresh.isDue(T0 + 3 * AUTO_REFRESH_MS - 1)).toBe(false);
  });

  it('counts periods from when the job last became active, and writes whole seconds or minutes when asked', () => {
    const refresh = new AutoRefresh();
    const job = entry({});
    job.activeSince = T0 + 1500; // re-published 1.5 s after its publish date
    refresh.track(job, 'unlimited');
    expect(refresh.isDue(T0 + AUTO_REFRESH_MS)).toBe(false);
    expect(runAt(refresh, T0 + AUTO_REFRESH_MS + 1500, 1000)).toEqual([[1, T0 + AUTO_REFRESH_MS + 1000]]);
    // The next period falls at T0 + 2 periods + 1 s; whole minutes drop the second.
    expect(runAt(refresh, T0 + 2 * AUTO_REFRESH_MS + 61_500, 60_000)).toEqual([[1, T0 + 2 * AUTO_REFRESH_MS]]);
  });

  it('forgets a job that stops qualifying or is removed', () => {
    const refresh = new AutoRefresh();
    const job = entry({});
    refresh.track(job, 'unlimited');
    job.job = { ...job.job, status: 'archived' };
    refresh.track(job, 'unlimited');
    expect(runAt(refresh, T0 + 3 * AUTO_REFRESH_MS)).toEqual([]);
    const other = entry({ id: 2 });
    refresh.track(other, 'unlimited');
    refresh.forget(other);
    expect(runAt(refresh, T0 + 3 * AUTO_REFRESH_MS)).toEqual([]);
  });
});
