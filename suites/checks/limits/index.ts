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
import { salaryPeriodRequired, salaryFourDecimals, amountAsNumber } from './salary.js';
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
  emailOrUrlLength('jobs.limits.application-email-length', 'email'),
  emailOrUrlLength('jobs.limits.application-url-length', 'url'),
  countRule('jobs.limits.locations-count', { field: 'locations', min: inputLimits.locationsMin, max: inputLimits.locationsMax }),
  countRule('jobs.limits.categories-count', { field: 'categories', min: inputLimits.categoriesMin, max: inputLimits.categoriesMax }),
  locationForms,
  locationDescriptionLength,
  salaryPeriodRequired,
  salaryFourDecimals,
  amountAsNumber,
  routingAddressRequired('jobs.limits.routing-email-required', 'email'),
  routingAddressRequired('jobs.limits.routing-url-required', 'url'),
  routingUrlScheme,
  urlSchemeCase,
  routingOtherFieldNull,
];
