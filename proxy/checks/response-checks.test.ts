import { describe } from 'vitest';
import { exampleJob } from '../../schemas/spec-examples.js';
import { created, deleted, job, listed, listOf, read, testChecks, updated, type CheckRow } from './check-cases.test-support.js';
import { RESPONSE_CHECKS } from './response-checks.js';

const shown = job();
const draft = job({ id: 2, status: 'draft', publishDate: '2024-02-01' });
const byReference = { method: 'PUT', path: '/jobs', body: { referenceId: shown.referenceId, status: 'archived' }, status: 200 };
/** The spec's example salary, its amount written as the number 85000 (2.5: responses carry four decimal places). */
const withSalary = job({ salary: exampleJob.salary });
/** Page 1 of 2 at one job a page, asked with a filter. */
const FIRST_OF_TWO = '?pageSize=1&status=active';
const firstOfTwo = (next: string) => listed(listOf([shown], { total: 2, pages: 2, pageSize: 1, next }), FIRST_OF_TWO);

const ROWS: Readonly<Record<string, CheckRow>> = {
  'create-answer': {
    passes: [created(shown)],
    broken: [
      { steps: [{ ...created(shown), status: 200 }], finding: 'jobs.create.status-201' },
      { steps: [{ ...created(shown), answerHeaders: [] }], finding: 'jobs.create.location-header' },
      { steps: [{ ...created(shown), answerHeaders: ['Location', '/api/v1.1/jobs/7'] }], finding: 'jobs.create.location-header' },
    ],
  },
  'read-answer': {
    passes: [read(shown)],
    broken: [
      { steps: [{ ...read(shown), status: 203 }], finding: 'proxy.server.success-status' },
      { steps: [{ ...read(shown), answer: draft }], finding: 'proxy.server.job-body' },
      { steps: [{ ...read(shown), answer: { id: shown.id } }], finding: 'proxy.server.job-body' },
      { steps: [{ ...read(shown), answer: withSalary }], finding: 'jobs.limits.salary-four-decimals' },
    ],
  },
  'update-answer': {
    passes: [updated({ title: shown.title }, shown)],
    broken: [
      { steps: [{ ...updated({ title: shown.title }, shown), status: 202 }], finding: 'jobs.update.status-200' },
      { steps: [{ ...updated({ title: shown.title }, shown), answer: 'ok' }], finding: 'jobs.update.status-200' },
    ],
  },
  'update-by-reference-answer': {
    passes: [{ ...byReference, answer: shown }],
    broken: [{ steps: [{ ...byReference, answer: {} }], finding: 'jobs.update.by-reference' }],
  },
  'delete-answer': {
    passes: [deleted(shown)],
    broken: [
      { steps: [{ ...deleted(shown, 200), answer: shown }], finding: 'jobs.lifecycle.delete-by-id' },
      {
        steps: [{ method: 'DELETE', path: '/jobs', body: { referenceId: 'r-1' }, status: 200 }],
        finding: 'jobs.lifecycle.delete-by-reference',
      },
      { steps: [deleted(shown, 200, true)], finding: 'jobs.lifecycle.delete-by-override' },
    ],
  },
  'list-status': {
    passes: [listed(listOf([shown]))],
    broken: [{ steps: [listed(listOf([shown]), '', 201)], finding: 'proxy.server.success-status' }],
  },
  'list-body': {
    passes: [listed(listOf([shown]))],
    broken: [
      { steps: [listed({ data: [shown.id], paging: listOf([]).paging })], finding: 'jobs.list.header-fields' },
      { steps: [listed({ data: [] })], finding: 'jobs.paging.total' },
    ],
  },
  'list-status-filter': {
    passes: [listed(listOf([shown]), '?status=active')],
    broken: [{ steps: [listed(listOf([shown, draft]), '?status=active')], finding: 'jobs.list.status-filter' }],
  },
  'list-sorted': {
    passes: [listed(listOf([shown, draft]))],
    broken: [{ steps: [listed(listOf([draft, shown]))], finding: 'jobs.list.sorted' }],
  },
  'list-paging': {
    passes: [firstOfTwo(`${FIRST_OF_TWO}&page=2`)],
    broken: [
      { steps: [listed(listOf([shown], { total: 30 }))], finding: 'jobs.paging.total' },
      { steps: [listed(listOf([shown], { pageSize: 20 }))], finding: 'jobs.list.page-size-default' },
      { steps: [firstOfTwo('?page=2')], finding: 'jobs.paging.next-follows' },
    ],
  },
};

describe('the stateless server checks, each on a recorded exchange', () => {
  testChecks(RESPONSE_CHECKS, ROWS);
});
