import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validatorFor } from '../../schemas/index.js';
import {
  assertProduceCorrectValues,
  assertSameValuesGivenSameSeed,
  assertShrinksStayInvalid,
} from './arbitrary-assertions.test-support.js';
import {
  applicationEmailArb,
  applicationUrlArb,
  applicationUrlSchemeVariantArb,
  emailOfLengthArb,
  routingArb,
  urlOfLengthArb,
  urlWithoutSchemeArb,
} from './routing.js';
import { inputLimits, routingTypeIds } from './schema-limits.js';

const urlField = validatorFor<unknown>('job-input-fields.schema.json#/properties/applicationUrl');
const emailField = validatorFor<unknown>('job-input-fields.schema.json#/properties/applicationEmail');
// Deliberately simple: one @, a dotted domain, no spaces.
const plainEmail = /^[a-z0-9]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/;

describe('routing arbitraries', () => {
  it('give the same values for the same seed', () => {
    for (const arb of [applicationEmailArb, applicationUrlArb, emailOfLengthArb(50), urlOfLengthArb(200), urlWithoutSchemeArb]) {
      assertSameValuesGivenSameSeed<unknown>(arb);
    }
    assertSameValuesGivenSameSeed(routingArb);
  });

  it('make plain emails and http(s) urls within the schema limits', () => {
    assertProduceCorrectValues(applicationEmailArb, (email) => {
      expect(email).toMatch(plainEmail);
      expect(emailField(email).ok).toBe(true);
    });
    assertProduceCorrectValues(applicationUrlArb, (url) => expect(urlField(url).ok).toBe(true));
  });

  it('make emails and urls of exactly the limit, and of the limit plus one', () => {
    for (const n of [inputLimits.applicationEmailMax, inputLimits.applicationEmailMax + 1]) {
      assertProduceCorrectValues(emailOfLengthArb(n), (email) => {
        expect(email).toHaveLength(n);
        expect(email).toMatch(plainEmail);
        expect(emailField(email).ok).toBe(n <= inputLimits.applicationEmailMax);
      });
    }
    for (const n of [inputLimits.applicationUrlMax, inputLimits.applicationUrlMax + 1]) {
      assertProduceCorrectValues(urlOfLengthArb(n), (url) => {
        expect(url).toHaveLength(n);
        expect(url).toMatch(/^https?:\/\//i);
        expect(urlField(url).ok).toBe(n <= inputLimits.applicationUrlMax);
      });
    }
  });

  it('keeps an over-long address over-long while it shrinks', () => {
    const n = inputLimits.applicationEmailMax + 1;
    assertShrinksStayInvalid(emailOfLengthArb(n), (email) => {
      expect(email).toHaveLength(n);
      expect(emailField(email).ok).toBe(false);
    });
  });

  it('applicationUrlArb writes the scheme lower-case (canonical setup); the variant arbitrary never does', () => {
    const schemeOf = (url: string): string => url.slice(0, url.indexOf(':'));
    const canonical = new Set(fc.sample(applicationUrlArb, { seed: 4, numRuns: 200 }).map(schemeOf));
    expect([...canonical].sort()).toEqual(['http', 'https']);
    for (const n of [50, 200]) assertProduceCorrectValues(urlOfLengthArb(n), (url) => expect(url).toMatch(/^https?:\/\//));
    const variants = new Set(fc.sample(applicationUrlSchemeVariantArb, { seed: 4, numRuns: 200 }).map(schemeOf));
    for (const scheme of ['HTTPS', 'Https']) expect(variants).toContain(scheme);
    assertProduceCorrectValues(applicationUrlSchemeVariantArb, (url) => {
      expect(url).toMatch(/^https?:\/\//i);
      expect(url).not.toMatch(/^https?:/);
      expect(urlField(url).ok).toBe(true);
    });
  });

  it('urlWithoutSchemeArb always lacks http(s) and fails the pattern, shrinks included', () => {
    const failsPattern = (url: string): void => {
      const result = urlField(url);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues.map((i) => i.rule)).toContain('pattern');
    };
    assertProduceCorrectValues(urlWithoutSchemeArb, failsPattern);
    assertShrinksStayInvalid(urlWithoutSchemeArb, failsPattern);
  });

  it('routingArb sends exactly the field of its type', () => {
    assertProduceCorrectValues(routingArb, (routing) => {
      if (routing.applicantRoutingType.id === routingTypeIds.email) {
        expect(Object.keys(routing).sort()).toEqual(['applicantRoutingType', 'applicationEmail']);
      } else {
        expect(routing.applicantRoutingType.id).toBe(routingTypeIds.url);
        expect(Object.keys(routing).sort()).toEqual(['applicantRoutingType', 'applicationUrl']);
      }
    });
  });
});
