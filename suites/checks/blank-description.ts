/**
 * @module A description with no text in it: empty, white space alone, or allowed tags around none (spec 2.1 "description | String | HTML job
 * description"; rule 4: no technical length limit, and no least one). Whether a server takes one is not stated
 * ("Requiredness of the remaining request fields: not shown"), so either answer passes and is recorded; what is judged
 * is that the answer holds (suites/kit/kept-or-refused.ts): a server that answers 200 to an update with "" and keeps
 * the old description fails. Sent on every path that writes a description: POST, PUT-create, PUT by id, by
 * referenceId and through the override.
 */
import type { RuleContext } from '../contract/rule.js';
import { openValuesRule, type OpenValue } from '../kit/kept-or-refused.js';
import type { Implementation } from '../kit/rule-builders.js';

/** The descriptions without text: the shortest, white space (a space, a line feed), and allowed tags around none. */
const BLANK_DESCRIPTIONS: ReadonlyArray<[string, string]> = [
  ['an empty description', ''],
  ['a description of white space', ' \n'],
  ['a description of tags without text', '<p><br></p>'],
];

const OPEN = 'spec 2.1: a description is an HTML String with no length limit; 4.2 shows the requiredness of no other field';

function blankDescription(ctx: RuleContext, what: string, description: string): OpenValue {
  return {
    what,
    statement: OPEN,
    sent: { description },
    observe: (path, answer) => ctx.observe({ topic: 'description.blank', section: '2.1', observed: `${path}, ${what}: ${answer}` }),
  };
}

export const blankDescriptionRule: Implementation = openValuesRule(
  {
    id: 'jobs.roundtrip.blank-description',
    section: '2.1',
    level: 'must',
    title: 'An empty or white-space description is kept or refused without effect, on POST, PUT-create and every update path (observed)',
    statement: 'description | String | HTML job description.',
  },
  (ctx) => BLANK_DESCRIPTIONS.map(([what, text]) => blankDescription(ctx, what, text)),
);
