/**
 * @module Mutants that crash (spec 7: invalid or unusual input gets a client
 * error or is served, never a 5xx).
 */
import type { Mutant } from './mutant.js';
import { isListBody, requestJson, responseJson, serverError } from './support/json.js';
import { isList, isPost, isPut } from './support/routes.js';

export const robustnessMutants: Mutant[] = [
  {
    // spec 2.1, 7: titles are Unicode text; no 5xx
    name: 'robustness-500-on-emoji-title',
    area: 'robustness',
    violates: '2.1, 7: a title is Unicode text, emoji included (here 500)',
    expectedRule: ['jobs.robustness.unicode-no-5xx', 'jobs.robustness.unicode-preserved'],
    transform: (next) => async (req) => {
      const title = (isPost(req) || isPut(req)) && requestJson(req)?.title;
      return typeof title === 'string' && /\p{Extended_Pictographic}/u.test(title) ? serverError() : next(req);
    },
  },
  {
    // spec 4.5, 7: a page past the last one is answered, never with a 5xx
    name: 'robustness-500-past-last-page',
    area: 'robustness',
    violates: '4.5, 7: a page past the end is empty or refused (here 500)',
    expectedRule: ['jobs.robustness.page-past-end', 'jobs.robustness.list-params'],
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = responseJson(res);
      if (!isList(req) || !isListBody(body)) return res;
      const { page, pages } = body.paging as { page: number; pages: number };
      return page > Math.max(pages, 1) ? serverError() : res;
    },
  },
];
