import { describe, expect, it } from 'vitest';
import type { ObservedResponse } from '../http/client.js';
import { CreatedJobs } from './created-jobs.js';

function created(id: number, owner: ObservedResponse['owner'] = 'primary'): ObservedResponse {
  return {
    owner,
    method: 'POST',
    url: new URL('http://t/api/v1.1/jobs'),
    status: 201,
    headers: {},
    json: { id, referenceId: `tag-${id}` },
    ownKey: true,
  };
}

describe('CreatedJobs', () => {
  it('pending(case) lists that case’s jobs not yet gone, in creation order; pending() lists every case’s', () => {
    const jobs = new CreatedJobs();
    jobs.noteResponse(created(1), 'a');
    jobs.noteResponse(created(2), 'b');
    jobs.noteResponse(created(3), 'a');
    jobs.noteResponse(created(3), 'b'); // the same job again: still case a's
    jobs.noteResponse({ ...created(1), method: 'DELETE', url: new URL('http://t/api/v1.1/jobs/1'), status: 204, json: undefined }, 'a');
    expect(jobs.pending('a').map((j) => j.id)).toEqual([3]);
    expect(jobs.pending('b').map((j) => j.id)).toEqual([2]);
    expect(jobs.pending('none')).toEqual([]);
    expect(jobs.pending().map((j) => j.id)).toEqual([2, 3]);
    jobs.add({ id: null, referenceId: 'tag-x', owner: 'second', caseId: 'sweep' });
    expect(jobs.pending('sweep').map((j) => j.referenceId)).toEqual(['tag-x']);
    expect(jobs.all()).toHaveLength(4);
  });

  it('find(owner, id) tells a job a DELETE by id removed; an id a server gives to a new job after that is the new job', () => {
    const jobs = new CreatedJobs();
    const deleted = (id: number): ObservedResponse => ({
      ...created(id),
      method: 'DELETE',
      url: new URL(`http://t/api/v1.1/jobs/${id}`),
      status: 204,
      json: undefined,
    });
    jobs.noteResponse(created(7), 'a');
    jobs.noteResponse(deleted(7), 'a');
    expect(jobs.find('primary', 7)).toMatchObject({ gone: true, referenceId: 'tag-7' });
    expect(jobs.find('second', 7)).toBeUndefined();
    jobs.noteResponse({ ...created(7), json: { id: 7, referenceId: 'tag-new' } }, 'b');
    expect(jobs.find('primary', 7)).toMatchObject({ gone: false, referenceId: 'tag-new' });
    expect(jobs.pending().map((j) => j.id)).toEqual([7]);
  });
});
