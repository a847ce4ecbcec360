/**
 * @module A title with no letter in it: empty, or white space alone (spec 2.1 "title | String, max 256"; 8 states
 * a maximum only). Whether a server takes one is not stated, so either answer passes and is recorded; what is
 * judged is that the answer holds (suites/kit/kept-or-refused.ts). Sent on every path that writes a title: POST,
 * PUT-create, PUT by id, by referenceId and through the override.
 */
import type { RuleContext } from '../contract/rule.js';
import { openValuesRule, type OpenValue } from '../kit/kept-or-refused.js';
import type { Implementation } from '../kit/rule-builders.js';

/** The titles without a letter: the shortest, one space, and white space of several kinds (tab, no-break space, line feed). */
const BLANK_TITLES: ReadonlyArray<[string, string]> = [
  ['an empty title', ''],
  ['a title of one space', ' '],
  ['a title of a tab, a no-break space and a line feed', '\t\u00A0\n'],
];

const UNBOUNDED = 'spec 2.1 and 8: a title is a String of at most 256 characters; nothing states a least one';

/**
 * Taken: the title sent, or that title with its ends trimmed (the empty string), which
 * jobs.roundtrip.title-end-white-space already warns of: a server that trims every title trims this one too.
 */
function blankTitle(ctx: RuleContext, what: string, title: string): OpenValue {
  return {
    what,
    statement: UNBOUNDED,
    sent: { title },
    alsoKept: [{ title: title.trim() }],
    observe: (path, answer) => ctx.observe({ topic: 'title.blank', section: '2.1', observed: `${path}, ${what}: ${answer}` }),
  };
}

const blankTitleRule: Implementation = openValuesRule(
  {
    id: 'jobs.roundtrip.blank-title',
    section: '2.1',
    level: 'must',
    title: 'An empty or white-space title is kept as sent or refused without effect, on POST, PUT-create and every update path (observed)',
    statement: 'title | String, max 256 | Job title.',
  },
  (ctx) => BLANK_TITLES.map(([what, title]) => blankTitle(ctx, what, title)),
);

export const blankTitleRules: Implementation[] = [blankTitleRule];
