/**
 * @module Before the rules: does the target's `q` find jobs the way the suite
 * scopes every list? Each case's titles start with its referenceId (the run
 * tag, a case token, a number), so `q` = the case tag is a prefix of the
 * title's first word and of the referenceId. Spec 4.5 says only that q
 * "matches job title and referenceId": substring, prefix and word-prefix
 * matching all find that form. One probe job tells which of them the target
 * uses (an observation), and a target whose q finds none of them stops the
 * run with a clear reason instead of failing every list rule.
 */
import * as fc from 'fast-check';
import { jobCreateArb, withTitlePrefix } from './arbitraries/job.js';
import { SuiteError } from './errors.js';
import type { Observations } from './observations.js';
import type { JobsApi, ReferenceData } from './rule.js';

/** What the probe found: whether a mid-word substring matches too (else q matches prefixes only). */
export interface QueryScope {
  substring: boolean;
}

/**
 * Creates one tagged job, lists it by a prefix and by a mid-word substring, and deletes it.
 * Throws DISCOVERY_FAILED when the prefix form finds nothing.
 *
 * @example
 * const scope = await probeQueryScope(api, refs, 'jc1a2b3c-', 7, observations); // { substring: true }
 */
export async function probeQueryScope(api: JobsApi, refs: ReferenceData, tag: string, seed: number, observations: Observations): Promise<QueryScope | undefined> {
  const referenceId = `${tag}qs0`;
  const [generated] = fc.sample(jobCreateArb(refs, tag), { seed, numRuns: 1 });
  // Raw requests: a body that breaks the schema is for the rules to report, not for the probe to trip on.
  const created = await api.client.request<{ id?: unknown }>({ method: 'POST', path: '/jobs', body: { ...withTitlePrefix(generated ?? {}, tag, referenceId), referenceId } });
  const id = created.json?.id;
  if (created.status < 200 || created.status > 299 || typeof id !== 'number') return undefined; // the create rules report it
  try {
    const finds = async (q: string): Promise<boolean> => {
      const res = await api.client.request<{ data?: Array<{ id?: unknown }> }>({ method: 'GET', path: '/jobs', query: { q, pageSize: 100 } });
      return res.status === 200 && Array.isArray(res.json?.data) && res.json.data.some((item) => item?.id === id);
    };
    const prefix = `${tag}qs`;
    if (!(await finds(prefix))) {
      throw new SuiteError(
        'DISCOVERY_FAILED',
        `GET /jobs?q=${prefix} does not find the job the suite created with referenceId ${referenceId} and a title starting with it: ` +
          'the suite scopes every list with q = a prefix of its jobs\' titles and referenceIds (spec 4.5: q matches title and referenceId)',
        { context: { q: prefix } },
      );
    }
    const substring = await finds(`${tag.slice(2)}qs`);
    observations.add({ topic: 'q.match', section: '4.5', observed: substring ? 'substring of the title or referenceId' : 'prefix (of the title, a word of it, or the referenceId) only' });
    return { substring };
  } finally {
    await api.deleteById(id);
  }
}
