/**
 * @module Write bodies that break exactly ONE stated rule, known by
 * construction from the schemas (never from a server's logic): disallowed
 * description HTML, strings one past their limit, too few or too many list
 * entries, a routing type without its address, a URL without its scheme, a
 * salary amount without a period, values outside their enum or list. Where
 * a draw could miss the nearest invalid value, a fixed list of boundary
 * violations goes with the generator, and rules send it first in every run
 * (boundaries.ts works the values out). A Violation is data (it shows in a counterexample as is): the fields to send
 * (`patch`), what the job must look like before a partial update for the
 * patch to be invalid once merged (`base`, `unset`), and, for strings that
 * must carry the case's marker, the length to pad to.
 */
import * as fc from 'fast-check';
import type { Body, ReferenceData } from '../contract/rule.js';
import { disallowedHtmlArb, type HtmlViolationKind } from './html.js';
import { locationsArb, locationWithProvinceArb } from './location.js';
import { nearestOutside } from './boundaries.js';
import {
  applicationEmailArb,
  applicationUrlArb,
  emailOfLengthArb,
  urlOfLengthArb,
  urlsWithoutHttpScheme,
  urlWithoutSchemeArb,
} from './routing.js';
import { salaryInputArb, salaryWithoutPeriodArb } from './salary.js';
import { inputLimits, routingTypeIds, salaryPeriodIds } from './schema-limits.js';
import { exactLengthTextArb } from './text.js';

/** The rule families of spec 2, 4.2 and 8 a write body can break. */
export type ViolationFamily =
  'html' | 'over-long' | 'list-count' | 'routing-without-address' | 'url-without-scheme' | 'salary-without-period' | 'out-of-range';

export interface Violation {
  family: ViolationFamily;
  /** Short and unique within the family, e.g. `title-257`, `salary-period-6`. */
  name: string;
  /** The spec statement broken, with its section. */
  statement: string;
  /** The fields sent: alone as a partial update, over a valid body as a create. */
  patch: Body;
  /** Fields the job must have before a partial update (merged into its create body). */
  base?: Body;
  /** Fields the job must not have before a partial update (dropped from its create body). */
  unset?: string[];
  /** `patch[field]` is a filler: pad the case's marker with it to exactly `length` characters. */
  pad?: { field: 'title' | 'referenceId'; length: number };
}

const HTML_STATEMENT: Record<HtmlViolationKind, string> = {
  'disallowed-tag': 'spec 2.1 description rule 1: only strong, b, em, i, br, p, div, ul, ol, li, a are allowed',
  'attribute-on-non-a': 'spec 2.1 description rule 3: no attributes on any tag but a',
  'a-without-href': 'spec 2.1 description rule 2: on a, the attribute href must exist',
  'other-attribute-on-a': 'spec 2.1 description rule 2: no attribute other than href and target on a',
};

/**
 * A description with one violation of `kind` (see disallowedHtmlArb).
 *
 * @example
 * fc.sample(htmlViolationArb('disallowed-tag'), 1);
 * // [{ family: 'html', name: 'disallowed-tag <script>', patch: { description: '<p>x<script>y</script></p>' }, ... }]
 */
export function htmlViolationArb(kind: HtmlViolationKind): fc.Arbitrary<Violation> {
  return disallowedHtmlArb(kind).map((v) => ({
    family: 'html' as const,
    name: `${kind} <${v.tag}>${v.attribute ? ` ${v.attribute}` : ''}`,
    statement: HTML_STATEMENT[kind],
    patch: { description: v.html },
  }));
}

/** A fixed invalid description (a known violation, see known-html-violations.ts). */
export function fixedHtmlViolation(kind: HtmlViolationKind, html: string): Violation {
  return { family: 'html', name: `${kind} ${html}`, statement: HTML_STATEMENT[kind], patch: { description: html } };
}

const over = (field: string, max: number): string => `spec 8: ${field} max ${max} characters; this one has ${max + 1}`;

/** Strings one character past their limit (spec 8); the email and URL go with their routing type. */
export const overLongViolationArbs: Record<string, fc.Arbitrary<Violation>> = {
  title: exactLengthTextArb(inputLimits.titleMax + 1, 'bmp').map((filler) => ({
    family: 'over-long' as const,
    name: `title-${inputLimits.titleMax + 1}`,
    statement: over('title', inputLimits.titleMax),
    patch: { title: filler },
    pad: { field: 'title' as const, length: inputLimits.titleMax + 1 },
  })),
  referenceId: exactLengthTextArb(inputLimits.referenceIdMax + 1, 'ascii').map((filler) => ({
    family: 'over-long' as const,
    name: `referenceId-${inputLimits.referenceIdMax + 1}`,
    statement: over('referenceId', inputLimits.referenceIdMax),
    patch: { referenceId: filler },
    pad: { field: 'referenceId' as const, length: inputLimits.referenceIdMax + 1 },
  })),
  applicationEmail: emailOfLengthArb(inputLimits.applicationEmailMax + 1).map((email) => ({
    family: 'over-long' as const,
    name: `applicationEmail-${inputLimits.applicationEmailMax + 1}`,
    statement: over('applicationEmail', inputLimits.applicationEmailMax),
    patch: { applicantRoutingType: { id: routingTypeIds.email }, applicationEmail: email },
  })),
  applicationUrl: urlOfLengthArb(inputLimits.applicationUrlMax + 1).map((url) => ({
    family: 'over-long' as const,
    name: `applicationUrl-${inputLimits.applicationUrlMax + 1}`,
    statement: over('applicationUrl', inputLimits.applicationUrlMax),
    patch: { applicantRoutingType: { id: routingTypeIds.url }, applicationUrl: url },
  })),
  locationDescription: fc
    .record({ place: locationWithProvinceArb, filler: exactLengthTextArb(inputLimits.locationDescriptionMax + 1, 'lower') })
    .map(({ place, filler }) => {
      // A real place, then letters up to one past the limit: invalid by length whatever a server knows of places.
      const description = `${place.description} ${filler}`.slice(0, inputLimits.locationDescriptionMax + 1);
      return {
        family: 'over-long' as const,
        name: `location-description-${inputLimits.locationDescriptionMax + 1}`,
        statement: over('location description', inputLimits.locationDescriptionMax),
        patch: { locations: [{ description }] },
      };
    }),
};

const count = (field: string, n: number): string => `spec 8: ${field} per job 1 to 3; this body has ${n}`;

/**
 * 0 or max + 1 locations and categories (spec 8). Categories past the max
 * need that many distinct ids in the target's list: without them, that
 * violation is left out.
 *
 * @example
 * Object.keys(listCountViolationArbs(ctx.refs)); // ['locations-0', 'locations-4', 'categories-0', 'categories-4']
 */
export function listCountViolationArbs(refs: ReferenceData): Record<string, fc.Arbitrary<Violation>> {
  const violation = (field: string, entries: unknown[]): Violation => ({
    family: 'list-count',
    name: `${field}-${entries.length}`,
    statement: count(field, entries.length),
    patch: { [field]: entries },
  });
  const arbs: Record<string, fc.Arbitrary<Violation>> = {
    [`locations-${inputLimits.locationsMin - 1}`]: fc.constant(violation('locations', [])),
    [`locations-${inputLimits.locationsMax + 1}`]: locationsArb({
      minLength: inputLimits.locationsMax + 1,
      maxLength: inputLimits.locationsMax + 1,
    }).map((l) => violation('locations', l)),
    [`categories-${inputLimits.categoriesMin - 1}`]: fc.constant(violation('categories', [])),
  };
  const distinct = [...new Set(refs.categoryIds)];
  if (distinct.length > inputLimits.categoriesMax) {
    const n = inputLimits.categoriesMax + 1;
    arbs[`categories-${n}`] = fc.shuffledSubarray(distinct, { minLength: n, maxLength: n }).map((ids) =>
      violation(
        'categories',
        ids.map((id) => ({ id })),
      ),
    );
  }
  return arbs;
}

/**
 * A partial switch of routing type without the new type's address (spec
 * 4.2): the job has the other type and its address, the patch only the new
 * type. As a create body, the type comes with the other type's address only.
 *
 * @example
 * fc.sample(routingWithoutAddressArb('url'), 1);
 * // [{ patch: { applicantRoutingType: { id: 2 } }, base: { applicantRoutingType: { id: 1 }, applicationEmail: 'a@example.com' },
 * //    unset: ['applicationUrl'] }]
 */
export function routingWithoutAddressArb(to: 'email' | 'url'): fc.Arbitrary<Violation> {
  const field = to === 'email' ? 'applicationEmail' : 'applicationUrl';
  const other = to === 'email' ? 'applicationUrl' : 'applicationEmail';
  const otherAddress = to === 'email' ? applicationUrlArb : applicationEmailArb;
  return otherAddress.map((address) => ({
    family: 'routing-without-address' as const,
    name: `switch-to-${routingTypeIds[to]}-without-${field}`,
    statement: `spec 4.2: ${field} is required when applicantRoutingType.id is ${routingTypeIds[to]}`,
    patch: { applicantRoutingType: { id: routingTypeIds[to] } },
    base: { applicantRoutingType: { id: routingTypeIds[to === 'email' ? 'url' : 'email'] }, [other]: address },
    unset: [field],
  }));
}

const urlViolation = (name: string, url: string): Violation => ({
  family: 'url-without-scheme',
  name,
  statement: 'spec 4.2: applicationUrl includes http:// or https://',
  patch: { applicantRoutingType: { id: routingTypeIds.url }, applicationUrl: url },
});

/** Routing type 2 with an applicationUrl that lacks `http://` or `https://` (spec 4.2). */
export const urlWithoutSchemeViolationArb: fc.Arbitrary<Violation> = urlWithoutSchemeArb.map((url) =>
  urlViolation('applicationUrl-without-scheme', url),
);

/**
 * Routing type 2 with an applicationUrl that lacks a scheme, sent as an update to a job routed `from` one type: by
 * email, the update switches the routing type; by URL, it keeps it. A check that reads the routing type the job held
 * instead of the one sent lets the URL of a switch through, and one that reads only the type sent the other.
 *
 * @example
 * fc.sample(urlWithoutSchemeOnJobRoutedByArb('email'), 1)[0]?.base; // { applicantRoutingType: { id: 1 }, applicationEmail: '…' }
 */
export function urlWithoutSchemeOnJobRoutedByArb(from: 'email' | 'url'): fc.Arbitrary<Violation> {
  const address =
    from === 'email'
      ? applicationEmailArb.map((applicationEmail) => ({ applicationEmail }))
      : applicationUrlArb.map((applicationUrl) => ({ applicationUrl }));
  return fc.tuple(urlWithoutSchemeArb, address).map(([url, held]) => ({
    ...urlViolation(`applicationUrl-without-scheme-on-job-routed-by-${from}`, url),
    base: { applicantRoutingType: { id: routingTypeIds[from] }, ...held },
    unset: [from === 'email' ? 'applicationUrl' : 'applicationEmail'],
  }));
}

/**
 * The first cases of urlWithoutSchemeViolationArb in every run: another scheme, scheme-relative, near misses.
 *
 * @example
 * urlSchemeBoundaryViolations[0]?.name; // 'applicationUrl "ftp://jobs.example.com/apply"'
 */
export const urlSchemeBoundaryViolations: readonly Violation[] = urlsWithoutHttpScheme.map((url) =>
  urlViolation(`applicationUrl ${JSON.stringify(url)}`, url),
);

/**
 * A salary amount without salary.period.id (spec 2.5), on a job with no
 * salary: whether a server replaces or merges a partial salary, the result
 * has no period.
 */
export const salaryWithoutPeriodViolationArb: fc.Arbitrary<Violation> = salaryWithoutPeriodArb.map((salary) => ({
  family: 'salary-without-period' as const,
  name: 'salary-amount-without-period',
  statement: 'spec 2.5: salary.period.id is required when salary.amount is given',
  patch: { salary },
  unset: ['salary'],
}));

const INT32_MAX = 2_147_483_647;

/** A positive Int32 outside `ids` (shrinks towards the small ones). */
function idOutsideArb(ids: readonly number[]): fc.Arbitrary<number> {
  const known = new Set(ids);
  return fc
    .oneof(fc.integer({ min: 1, max: Math.max(...ids, 0) + 1000 }), fc.integer({ min: 1, max: INT32_MAX }))
    .filter((id) => !known.has(id));
}

/** An integer outside `ids`, around them: 0 and negatives, or past the largest. */
function enumOutsideArb(ids: readonly number[]): fc.Arbitrary<number> {
  const known = new Set(ids);
  return fc
    .oneof(fc.integer({ min: -10, max: 0 }), fc.integer({ min: Math.max(...ids) + 1, max: Math.max(...ids) + 100 }))
    .filter((id) => !known.has(id));
}

const OUT_OF_RANGE_STATEMENT = {
  salaryPeriod: `spec 2.5, 4.2: salary.period.id is ${salaryPeriodIds.join(', ')}`,
  routingType: `spec 2.6, 4.2: applicantRoutingType.id is ${Object.values(routingTypeIds).join(' or ')}`,
  category: 'spec 2.3, 4.2: category ids come from the category list (4.6)',
  positionType: 'spec 2.4, 4.2: the position type id comes from the position type list (4.6)',
} as const;

// A plain valid salary and addresses around a boundary id: the id is the only thing wrong with the body.
const BOUNDARY_SALARY = { amount: 52000, period: { id: salaryPeriodIds[0] } };
const BOUNDARY_EMAIL = 'apply@example.com';
const BOUNDARY_URL = 'https://jobs.example.com/apply';

/**
 * The nearest invalid values of each enum and list, keyed as outOfRangeViolationArbs: every run sends
 * them first (a server that takes period 6 or routing type 3 is wrong by one, where random draws rarely
 * look). Ids: just below the lowest and just above the
 * highest (for categories and position types, of the target's own lists).
 *
 * @example
 * outOfRangeBoundaryViolations(ctx.refs)['salary-period']?.map((v) => v.name); // ['salary-period-0', 'salary-period-6']
 */
export function outOfRangeBoundaryViolations(refs: ReferenceData): Record<string, Violation[]> {
  const violation = (name: string, statement: string, patch: Body): Violation => ({ family: 'out-of-range', name, statement, patch });
  const idsOutside = (ids: readonly number[]): number[] => (ids.length === 0 ? [] : nearestOutside(ids));
  const validCategory = refs.categoryIds.length > 0 ? [{ id: Math.min(...refs.categoryIds) }] : [];
  return {
    'salary-period': nearestOutside(salaryPeriodIds).map((id) =>
      violation(`salary-period-${id}`, OUT_OF_RANGE_STATEMENT.salaryPeriod, { salary: { ...BOUNDARY_SALARY, period: { id } } }),
    ),
    'routing-type': nearestOutside(Object.values(routingTypeIds)).map((id) =>
      violation(`routing-type-${id}`, OUT_OF_RANGE_STATEMENT.routingType, {
        applicantRoutingType: { id },
        applicationEmail: BOUNDARY_EMAIL,
        applicationUrl: BOUNDARY_URL,
      }),
    ),
    // With one valid category beside it: the unknown id is the only reason to refuse.
    // A list read only in part (refs.partial) may hold any id: none is sent as unknown.
    category:
      refs.partial?.categories === undefined
        ? idsOutside(refs.categoryIds).map((id) =>
            violation(`category-${id}`, OUT_OF_RANGE_STATEMENT.category, { categories: [...validCategory, { id }] }),
          )
        : [],
    'position-type':
      refs.partial?.positionTypes === undefined
        ? idsOutside(refs.positionTypeIds).map((id) =>
            violation(`position-type-${id}`, OUT_OF_RANGE_STATEMENT.positionType, { positionType: { id } }),
          )
        : [],
  };
}

/**
 * Values outside their enum or list: salary.period.id
 * (2.5: 1 to 5), applicantRoutingType.id (2.6: 1 or 2), a category and a
 * position type id the target's lists do not hold (2.3, 2.4, 4.6). The ids
 * are drawn outside the whole list (discovery reads every page); a list read
 * only in part (refs.partial) gives no unknown id at all, since any id may sit
 * on a page not read.
 *
 * @example
 * Object.keys(outOfRangeViolationArbs(ctx.refs)); // ['salary-period', 'routing-type', 'category', 'position-type']
 */
export function outOfRangeViolationArbs(refs: ReferenceData): Record<string, fc.Arbitrary<Violation>> {
  const violation = (name: string, statement: string, patch: Body): Violation => ({ family: 'out-of-range', name, statement, patch });
  const validCategories = fc.uniqueArray(fc.constantFrom(...new Set(refs.categoryIds)), {
    minLength: 0,
    maxLength: inputLimits.categoriesMax - 1,
  });
  return {
    'salary-period': fc
      .record({ salary: salaryInputArb, id: enumOutsideArb(salaryPeriodIds) })
      .map(({ salary, id }) =>
        violation(`salary-period-${id}`, OUT_OF_RANGE_STATEMENT.salaryPeriod, { salary: { ...salary, period: { id } } }),
      ),
    'routing-type': fc
      .record({ id: enumOutsideArb(Object.values(routingTypeIds)), email: applicationEmailArb, url: applicationUrlArb })
      .map(({ id, email, url }) =>
        violation(`routing-type-${id}`, OUT_OF_RANGE_STATEMENT.routingType, {
          applicantRoutingType: { id },
          applicationEmail: email,
          applicationUrl: url,
        }),
      ),
    ...(refs.partial?.categories === undefined
      ? {
          category: fc
            .record({ valid: validCategories, unknown: idOutsideArb(refs.categoryIds) })
            .map(({ valid, unknown }) =>
              violation(`category-${unknown}`, OUT_OF_RANGE_STATEMENT.category, { categories: [...valid, unknown].map((id) => ({ id })) }),
            ),
        }
      : {}),
    ...(refs.partial?.positionTypes === undefined
      ? {
          'position-type': idOutsideArb(refs.positionTypeIds).map((id) =>
            violation(`position-type-${id}`, OUT_OF_RANGE_STATEMENT.positionType, { positionType: { id } }),
          ),
        }
      : {}),
  };
}
