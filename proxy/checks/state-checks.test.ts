import { describe } from 'vitest';
import { created, deleted, job, listed, listOf, pathOf, read, testChecks, updated, type CheckRow } from './check-cases.test-support.js';
import { STATE_CHECKS } from './state-checks.js';

const first = job();
const renamed = job({ title: 'Principal Widget Engineer' });
const archived = job({ status: 'archived' });
const foreign = job({ id: 99, employer: { id: 43, name: 'Other Employer' } });
const rename = { title: renamed.title };

/** The model knows `first` from its create, then the check judges `last`. */
const afterCreate = (...last: CheckRow['passes']): CheckRow['passes'] => [created(first), ...last];
/** The model knows `first` renamed by an acknowledged update, then the check judges `last`. */
const afterRename = (...last: CheckRow['passes']): CheckRow['passes'] => afterCreate(updated(rename, renamed), ...last);

const ROWS: Readonly<Record<string, CheckRow>> = {
  'deleted-job-gone': {
    passes: afterCreate(deleted(first), read(first, 404)),
    broken: [
      { steps: afterCreate(deleted(first), read(first)), finding: 'jobs.lifecycle.deleted-get-404' },
      { steps: afterCreate(deleted(first), updated(rename, renamed)), finding: 'jobs.lifecycle.deleted-put-404' },
      { steps: afterCreate(deleted(first), deleted(first, 200)), finding: 'jobs.lifecycle.deleted-delete-404' },
    ],
  },
  'write-keeps-values': {
    passes: [created(first)],
    broken: [
      { steps: [created(renamed, { title: first.title })], finding: 'jobs.create.explicit-values' },
      { steps: afterCreate(updated(rename, first)), finding: 'jobs.update.changes-field' },
    ],
  },
  'stated-transition': {
    passes: afterCreate(updated({ status: 'archived' }, archived)),
    broken: [
      { steps: afterCreate(updated({ status: 'archived' }, first)), finding: 'jobs.lifecycle.archive' },
      { steps: [created(archived), updated({ status: 'active' }, archived)], finding: 'jobs.lifecycle.republish' },
    ],
  },
  'update-keeps-other-fields': {
    passes: afterRename(),
    broken: [
      { steps: afterCreate(updated(rename, { ...renamed, confidential: true })), finding: 'jobs.update.keeps-other-fields' },
      { steps: afterCreate(updated({ status: 'archived' }, { ...archived, title: 'x' })), finding: 'jobs.lifecycle.archive-keeps-fields' },
    ],
  },
  'read-isolation': {
    passes: afterCreate(read(first)),
    broken: [{ steps: afterCreate(read(foreign)), finding: 'jobs.isolation.get-by-id' }],
  },
  'read-shows-last-write': {
    passes: afterRename(read(renamed)),
    broken: [
      { steps: afterRename({ ...read(first), path: pathOf(renamed) }), finding: 'jobs.update.response-matches-get' },
      {
        steps: [created(first, { title: first.title, confidential: false }), read(job({ confidential: true }))],
        finding: 'jobs.create.body-matches-get',
      },
    ],
  },
  'list-isolation': {
    passes: afterCreate(listed(listOf([first]))),
    broken: [{ steps: afterCreate(listed(listOf([first, foreign]))), finding: 'jobs.isolation.list' }],
  },
  'list-deleted-unlisted': {
    passes: afterCreate(deleted(first), listed(listOf([]))),
    broken: [{ steps: afterCreate(deleted(first), listed(listOf([first]))), finding: 'jobs.lifecycle.deleted-unlisted' }],
  },
  'list-header-values': {
    passes: afterRename(listed(listOf([renamed]))),
    broken: [{ steps: afterRename(listed(listOf([first]))), finding: 'jobs.list.header-values' }],
  },
  'list-total-counts-known': {
    passes: afterCreate(listed(listOf([first]))),
    broken: [{ steps: afterCreate(listed(listOf([], { total: 0 }))), finding: 'jobs.paging.total' }],
  },
  'list-shows-known': {
    passes: afterCreate(listed(listOf([first]))),
    broken: [
      { steps: afterCreate(listed(listOf([], { total: 1 }))), finding: 'jobs.list.all-statuses' },
      { steps: afterCreate(listed(listOf([], { total: 1 }), '?status=active')), finding: 'jobs.list.status-filter' },
    ],
  },
};

describe('the stateful checks, each on a short recorded sequence', () => {
  testChecks(STATE_CHECKS, ROWS);
});
