/**
 * @module Text whose whole value reads as another JSON type (spec 2.1: title and description are Strings): digits,
 * digits with a leading zero, more digits than a double holds, a decimal with a trailing zero, an exponent, `true`,
 * `null`, and the `0` and `false` that loose truthiness reads as no value (an update that skips them keeps the old
 * text). A store that types its values loosely (a column of numeric affinity, a parser that guesses types)
 * hands them back as a number, a boolean or null, or as another string (`7`, `3.5`, `1000`). Whether a title without a
 * letter is taken is not stated (as with a blank one), so a refusal is observed; taken, the value comes back as the
 * string sent. Sent on every write path: POST, PUT-create, and a partial update by id, by referenceId and through the
 * override (suites/kit/kept-or-refused.ts).
 */
import type { RuleContext } from '../contract/rule.js';
import { openValuesRule, type OpenValue } from '../kit/kept-or-refused.js';
import type { Implementation } from '../kit/rule-builders.js';

/** Each value with what a loose reading turns it into. */
const LOOKALIKES: ReadonlyArray<[string, string]> = [
  ['an integer', '12345'],
  ['an integer with a leading zero', '007'],
  ['more digits than a double holds', '12345678901234567890'],
  ['a decimal with a trailing zero', '3.50'],
  ['an exponent', '1e3'],
  ['a boolean', 'true'],
  ['null', 'null'],
  // The values loose truthiness (PHP's empty(), a template's if) reads as no value, so a partial update skips them.
  ['zero', '0'],
  ['the boolean false', 'false'],
];

function lookalike(ctx: RuleContext, what: string, text: string): OpenValue {
  return {
    what: `a title and a description of ${JSON.stringify(text)} (${what})`,
    statement: 'spec 2.1: title and description are Strings; nothing states that one holds a letter',
    sent: { title: text, description: text },
    observe: (path, answer) => ctx.observe({ topic: 'text.json-lookalike', section: '2.1', observed: `${path}, ${what}: ${answer}` }),
  };
}

export const jsonLookalikesRule: Implementation = openValuesRule(
  {
    id: 'jobs.roundtrip.json-lookalike-text',
    section: '2.1',
    level: 'must',
    title:
      'A title and a description that read as a number, a boolean or null come back as the same strings, or are refused ' +
      'without effect, on every write path (observed)',
    statement: 'title | String, max 256 | Job title.',
  },
  (ctx) => LOOKALIKES.map(([what, text]) => lookalike(ctx, what, text)),
);
