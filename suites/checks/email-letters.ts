/**
 * @module An applicationEmail with letters beyond ASCII (spec 2.1: "String, max 50"; an internationalized address,
 * RFC 6531). Every other rule sends ASCII addresses. Taking or refusing one is the server's choice (observed as
 * `email.non-ascii`); taken, it comes back as sent on the write's answer and a GET, on every write path. Two values: an
 * accented address, and one of exactly 50 characters that holds characters beyond the BMP (54 UTF-16 units), so a
 * read that decodes another charset, or a limit counted in UTF-16 units or bytes that cuts instead of refusing, shows.
 * The job is routed by email in each (2.6), so the address applies.
 */
import type { RuleContext } from '../contract/rule.js';
import { inputLimits, routingTypeIds } from '../arbitraries/schema-limits.js';
import { openValuesRule, type OpenValue } from '../kit/kept-or-refused.js';
import type { Implementation } from '../kit/rule-builders.js';

const DOMAIN = '@example.com';
/** A local part of letters beyond the BMP, then ASCII to the limit: `max` characters in all. */
const atLimit = (max: number): string => `𝓳𝓸𝓫𝓼${'n'.repeat(max - 4 - DOMAIN.length)}${DOMAIN}`;

function nonAscii(ctx: RuleContext, what: string, address: string): OpenValue {
  return {
    what,
    statement: 'spec 2.1: applicationEmail is a String of at most 50 characters; which letters an address may hold is not stated',
    // Routed by email, so the address applies and is not null in the answers (2.1).
    sent: { applicantRoutingType: { id: routingTypeIds.email }, applicationEmail: address },
    observe: (path, answer) => ctx.observe({ topic: 'email.non-ascii', section: '2.1', observed: `${what}, ${path}: ${answer}` }),
  };
}

export const emailLettersRule: Implementation = openValuesRule(
  {
    id: 'jobs.roundtrip.email-letters',
    section: '2.1',
    level: 'must',
    title:
      'An applicationEmail with letters beyond ASCII, at the limit too, is taken and kept as sent, or refused, on every write path (observed)',
    statement: 'Address that receives a copy of each application. Applies only when routing type is 1.',
  },
  (ctx) => [
    nonAscii(ctx, 'an accented applicationEmail', 'renée.côté@example.com'),
    nonAscii(
      ctx,
      `an applicationEmail of ${inputLimits.applicationEmailMax} characters, four of them beyond the BMP`,
      atLimit(inputLimits.applicationEmailMax),
    ),
  ],
);
