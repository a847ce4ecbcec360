/**
 * @module Before the rules: does the target's `q` find jobs the way the suite
 * scopes every list? Every q the suite sends is one word of letters and
 * digits that its titles hold between spaces, and that starts the title and
 * the referenceId (suites/contract/scope-words.ts). Spec 4.5 says only that q
 * "matches job title and referenceId": substring, prefix, word-prefix and
 * whole-word matching all find that form. One probe job tells which of them
 * the target uses (an observation), and a target whose q finds none of them
 * stops the run with a clear reason instead of failing every list rule. A job
 * that the list leaves out without q too (the newest job, so on its first
 * page) is no fault of q's: the run goes on, and the list rules report it. Nor
 * is a q that misses the probe job but finds a second one made after it: it
 * finds some jobs, and the list rules report those it misses; nor one that finds
 * them beside a filter of their status (a list without a filter that shows the
 * active jobs only), or finds a job made in another status (a q that misses
 * drafts only), or finds a job whose title and referenceId it does not start (a q
 * that misses a match at the start).
 */
import * as fc from 'fast-check';
import { jobCreateArb, withTitlePrefix } from '../arbitraries/job.js';
import { jobStatuses } from '../arbitraries/schema-limits.js';
import { SuiteError } from '../contract/errors.js';
import type { Observations } from '../contract/observations.js';
import type { JobsApi, ReferenceData } from '../contract/rule.js';
import { referenceWord, titlePrefix } from '../contract/scope-words.js';

/** The word before the scope word in a probe job whose title and referenceId it does not start. */
const INSIDE_LEAD = 'z';

/** How the target's q matched the probe job: part of a word, the start of one, or whole words only. */
export type QueryMatch = 'substring' | 'prefix' | 'word';

const OBSERVED: Record<QueryMatch, string> = {
  substring: 'substring of the title or referenceId',
  prefix: 'prefix (of the title, a word of it, or the referenceId) only',
  word: 'whole word (of the title, or the whole referenceId) only',
};

/**
 * Creates one tagged job, lists it by a whole word of its title, by the start of that word and by
 * a piece from its middle, and deletes it. Throws DISCOVERY_FAILED when the whole word finds nothing.
 *
 * @example
 * const match = await probeQueryScope(api, refs, 'jc1a2b3c', 7, observations); // 'substring'
 */
export async function probeQueryScope(
  api: JobsApi,
  refs: ReferenceData,
  tag: string,
  seed: number,
  observations: Observations,
): Promise<QueryMatch | undefined> {
  // Not a case tag (those are `<tag><rule key>k<n>x`): the probe's word belongs to no rule.
  const word = `${tag}qs`;
  const [generated] = fc.sample(jobCreateArb(refs, tag), { seed, numRuns: 1 });
  const ids: number[] = [];
  /** The statuses the probe jobs were created in, as answered. */
  const statuses = new Set<string>();
  /**
   * POSTs the n-th probe job, whose title and referenceId hold the word; its body, or undefined where it was not
   * created. `inside`: the word starts neither the title nor the referenceId (a word goes before it).
   */
  const createProbe = async (n: number, status?: string, inside = false): Promise<Record<string, unknown> | undefined> => {
    const lead = inside ? INSIDE_LEAD : '';
    const referenceId = `${lead}${referenceWord(word, n)}`;
    const prefix = titlePrefix(referenceId, word, tag);
    const named = { ...withTitlePrefix(generated ?? {}, tag, inside ? `${lead} ${prefix}` : prefix), referenceId };
    const body = status === undefined ? named : { ...named, status };
    // Raw requests: a body that breaks the schema is for the rules to report, not for the probe to trip on.
    const created = await api.client.request<{ id?: unknown; status?: unknown }>({ method: 'POST', path: '/jobs', body });
    const id = created.json?.id;
    if (created.status < 200 || created.status > 299 || typeof id !== 'number') return undefined; // the create rules report it
    ids.push(id);
    if (typeof created.json?.status === 'string') statuses.add(created.json.status);
    return body;
  };
  const body = await createProbe(0);
  if (body === undefined) return undefined;
  try {
    // The plainest list request (principle: canonical setup): q alone, the only jobs it can find being the probe's.
    const list = (q: string | undefined, status?: string) =>
      api.client.request<{ data?: Array<{ id?: unknown; referenceId?: unknown }> }>({
        method: 'GET',
        path: '/jobs',
        query: { ...(q === undefined ? {} : { q }), ...(status === undefined ? {} : { status }) },
      });
    const holds = (
      res: Awaited<ReturnType<typeof list>>,
      same = (item: { id?: unknown; referenceId?: unknown }) => ids.includes(item?.id as number),
    ): boolean => res.status === 200 && Array.isArray(res.json?.data) && res.json.data.some(same);
    const finds = async (q: string): Promise<boolean> => holds(await list(q));
    let whole = await list(word);
    // Listed, but written another way (its id as text, say): q works, and the list rules report the item's form.
    if (!holds(whole) && holds(whole, (item) => ids.map(String).includes(String(item?.id)) || item?.referenceId === body.referenceId))
      return undefined;
    // Not listed even without q: the list itself loses the job (an item form the rules report), not q's matching.
    if (!holds(whole) && whole.status === 200 && !holds(await list(undefined))) return undefined;
    // Listed without q but not by it: a second job tells a q that misses some jobs (the newest, say), which the list
    // rules report, from one that finds none, on which no list of the run can be scoped.
    if (!holds(whole) && whole.status === 200 && (await createProbe(1)) !== undefined) whole = await list(word);
    // Found by q beside a filter of the status the jobs were made in: q works, and the list without a status filter
    // loses them (only active jobs, say), which the list rules report.
    for (const status of statuses) if (!holds(whole) && whole.status === 200 && holds(await list(word, status))) return undefined;
    // Found once made in another status: q misses the jobs of one status only (drafts, say), which the list rules report.
    for (const [n, status] of jobStatuses.filter((other) => !statuses.has(other)).entries()) {
      if (holds(whole) || whole.status !== 200 || (await createProbe(2 + n, status)) === undefined) continue;
      if (holds(await list(word))) return undefined;
    }
    // Found where the word starts neither field: q misses a match at the start (a search that takes a match at
    // position 0 for none), which every list rule reports.
    if (!holds(whole) && whole.status === 200 && (await createProbe(2 + jobStatuses.length, undefined, true)) !== undefined) {
      if (holds(await list(word))) return undefined;
    }
    if (!holds(whole)) {
      const answered = whole.status === 200 ? 'does not find' : `answers ${whole.status}, not a list that holds`;
      throw new SuiteError(
        'DISCOVERY_FAILED',
        `GET /jobs?q=${word} ${answered} the job${ids.length > 1 ? 's' : ''} the suite created with referenceId ${String(body.referenceId)} ` +
          `and the title ${JSON.stringify(body.title)}, which hold${ids.length > 1 ? '' : 's'} ${word} as a whole word: the suite scopes ` +
          'every list with q = such a word (spec 4.5: q matches title and referenceId)',
        { context: { q: word, status: whole.status } },
      );
    }
    // The middle of the word (no word or field starts with it), then its start (the word less its last letter).
    const match: QueryMatch = (await finds(word.slice(2))) ? 'substring' : (await finds(word.slice(0, -1))) ? 'prefix' : 'word';
    observations.add({ topic: 'q.match', section: '4.5', observed: OBSERVED[match] });
    return match;
  } finally {
    for (const id of ids) await api.deleteById(id);
  }
}
