/**
 * @module Limits and conditional requirements (spec 2.1, 2.2, 2.5, 4.2, 8), one file
 * per family of rules. Each length limit is probed at n (accepted, kept as sent)
 * and n + 1 (rejected with a 4xx, nothing created) with characters that are one
 * code point and one UTF-16 unit each; what a target does with emoji at the limit
 * is only observed. Every bound is read from the schemas.
 */
import { inputLimits } from '../../arbitraries/schema-limits.js';
import type { Implementation } from '../../kit/rule-builders.js';
import { countRule } from './counts.js';
import { locationForms, locationDescriptionLength } from './locations.js';
import { emailOrUrlLength, routingAddressRequired, routingUrlScheme, routingOtherFieldNull, urlSchemeCase } from './routing.js';
import { salaryPeriodRequired, salaryFourDecimals, salaryFifthDecimal, amountAsNumber } from './salary.js';
import { referenceIdLength, titleLength } from './text-lengths.js';

/**
 * The limits rules, in report order.
 *
 * @example
 * import { limitsRules } from './checks/limits/index.js';
 * export const rules = [...limitsRules];
 */
export const limitsRules: Implementation[] = [
  referenceIdLength,
  titleLength,
  emailOrUrlLength(
    {
      id: 'jobs.limits.application-email-length',
      section: '8',
      level: 'must',
      title: 'An applicationEmail of 50 characters is accepted and kept, in every write form; one of 51 is rejected',
      statement: 'applicationEmail | max 50 characters',
    },
    'email',
  ),
  emailOrUrlLength(
    {
      id: 'jobs.limits.application-url-length',
      section: '8',
      level: 'must',
      title: 'An applicationUrl of 200 characters is accepted and kept, in every write form; one of 201 is rejected',
      statement: 'applicationUrl | max 200 characters',
    },
    'url',
  ),
  countRule(
    {
      id: 'jobs.limits.locations-count',
      section: '8',
      level: 'must',
      title: '1 to 3 locations are accepted (3 in every write form); 0 and 4 are rejected',
      statement: 'locations per job | 1 to 3',
      long: true,
    },
    { field: 'locations', min: inputLimits.locationsMin, max: inputLimits.locationsMax },
  ),
  countRule(
    {
      id: 'jobs.limits.categories-count',
      section: '8',
      level: 'must',
      title: '1 to 3 categories are accepted (3 in every write form); 0 and 4 are rejected',
      statement: 'categories per job | 1 to 3',
      long: true,
    },
    { field: 'categories', min: inputLimits.categoriesMin, max: inputLimits.categoriesMax },
  ),
  locationForms,
  locationDescriptionLength,
  salaryPeriodRequired,
  salaryFourDecimals,
  salaryFifthDecimal,
  amountAsNumber,
  routingAddressRequired(
    {
      id: 'jobs.limits.routing-email-required',
      section: '4.2',
      level: 'must',
      title: 'Routing type 1 without applicationEmail is rejected, with no address or with an applicationUrl',
      statement: 'Required when `applicantRoutingType.id` is 1.',
    },
    'email',
  ),
  routingAddressRequired(
    {
      id: 'jobs.limits.routing-url-required',
      section: '4.2',
      level: 'must',
      title: 'Routing type 2 without applicationUrl is rejected, with no address or with an applicationEmail',
      statement: 'Required when `applicantRoutingType.id` is 2.',
    },
    'url',
  ),
  routingUrlScheme,
  urlSchemeCase,
  routingOtherFieldNull,
];
