/**
 * @module Location descriptions (spec 2.2, 8): every stated form accepted, the length limit.
 */
import * as fc from 'fast-check';
import {
  locationCityOnlyArb,
  locationWithProvinceArb,
  NAMESAKE_PAIRS,
  UNUSUAL_PLACES,
  unusualCityOnlyArb,
  unusualLocationArb,
  withNamesakes,
  type LocationInput,
} from '../../arbitraries/location.js';
import { inputLimits } from '../../arbitraries/schema-limits.js';
import { padToLength } from '../../arbitraries/text.js';
import { createRejected } from '../../kit/expect-rejected.js';
import { createBodyArb, identify } from '../../kit/bodies.js';
import { createJob, getJob } from '../../kit/jobs.js';
import type { Body, RuleContext } from '../../contract/rule.js';
import { isSuccess } from '../../kit/http.js';
import { keptValueProblems } from '../../../judging/compare.js';
import { largestKeptOnEveryWrite } from './largest-valid.js';
import { fixedRule, type Implementation } from '../../kit/rule-builders.js';
import { refusedValues } from '../../kit/refused-values.js';

/** `items` in runs of at most `size`. */
function chunks(items: readonly LocationInput[], size: number): LocationInput[][] {
  const out: LocationInput[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/** The places of `group` the target refuses, each retried alone when the group is refused (refusedValues). */
async function refusedPlaces(ctx: RuleContext, job: Body, group: LocationInput[]): Promise<LocationInput[]> {
  return refusedValues(group, async (locations) => isSuccess((await ctx.api.create({ ...identify(ctx, job), locations })).status));
}

export const locationForms: Implementation = fixedRule(
  {
    id: 'jobs.limits.location-forms',
    section: '2.2',
    level: 'must',
    title: 'Both location input forms, `City` and `City, ProvinceCode`, are accepted; official names with punctuation on every write path',
    statement: 'On input, `description` takes one of two forms: … `<City>` … `<City>, <ProvinceCode>`',
  },
  async (ctx: RuleContext) => {
    // First every official name with punctuation, digits or letters beyond A-Z, in both forms, up to the most a job
    // takes, then each shared name beside its namesake in one job (two places of one name): on every seed.
    const groups = [
      ...[UNUSUAL_PLACES.withProvince, UNUSUAL_PLACES.cityOnly].flatMap((places) => chunks(places, inputLimits.locationsMax)),
      ...NAMESAKE_PAIRS.map((pair) => [...pair]),
    ];
    const takenGroups: LocationInput[][] = [];
    await ctx.check(
      fc.record({ job: createBodyArb(ctx) }),
      async ({ job }) => {
        for (const group of groups) {
          const locations = await refusedPlaces(ctx, job, group);
          if (locations.length === 0) {
            takenGroups.push(group);
            continue;
          }
          const body = identify(ctx, job);
          await createJob(
            ctx,
            { ...body, locations },
            {
              anySuccess: true,
              title: `POST /jobs refused the places ${locations.map((l) => `"${l.description}"`).join(', ')}`,
              expected:
                'spec 2.2: a location description takes the form <City> or <City>, <ProvinceCode>; these are official Canadian place names',
            },
          );
        }
      },
      { runs: 1 },
    );
    // What POST took, POST keeps, and every other write takes and keeps too (4.3: the same fields as POST), read back on
    // the answer, a GET and the list item: a check of places that only POST was given refuses or mangles them on another path.
    for (const group of takenGroups)
      await largestKeptOnEveryWrite(ctx, {
        field: 'locations',
        what: `the places ${group.map((place) => `"${place.description}"`).join(', ')}`,
        statement: 'spec 2.2: a location description takes the form <City> or <City>, <ProvinceCode>, and POST took these',
        material: fc.constant(group),
        into: (body, _marker, locations) => ({ ...body, locations }),
        // A job updated to a name another province's place shares first holds that place: the update changes a
        // province alone, which a server that reads a change of places by their cities keeps as it was.
        heldBefore: (locations) => {
          const namesakes = withNamesakes(locations);
          return namesakes === undefined ? {} : { locations: namesakes };
        },
        // The POSTs above judge only whether the places are taken: a POST that mangles them shows here.
        alsoPost: true,
      });
    // Half the draws of each form are official names with punctuation, digits or letters beyond A-Z: spec 2.2 accepts any valid Canadian place.
    const withCode = fc.oneof(locationWithProvinceArb, unusualLocationArb);
    const cityOnly = fc.oneof(locationCityOnlyArb, unusualCityOnlyArb);
    const arb = fc.record({ job: createBodyArb(ctx), withCode, cityOnly });
    await ctx.check(arb, async ({ job, withCode, cityOnly }) => {
      for (const [form, location] of [
        ['<City>, <ProvinceCode>', withCode],
        ['<City>', cityOnly],
      ] as const) {
        const body = identify(ctx, job);
        await createJob(
          ctx,
          { ...body, locations: [location] },
          {
            anySuccess: true,
            title: `POST /jobs refused the location "${location.description}" (form ${form})`,
            expected: `spec 2.2: a location description takes the form ${form}`,
          },
        );
      }
    });
  },
);

/** More of a city's name, in ASCII letters. */
const ASCII_NAME = 'Saint-Laurent-';
/** More of a city's name, in letters beyond ASCII as French place names hold them: two UTF-8 bytes each. */
const BEYOND_ASCII_NAME = 'Îles-Éboulées-Rivière-Côté-';

/** A description of `length` characters naming `place`'s province: its city padded with more of a city's name. */
function ofLength(place: LocationInput, length: number, name = ASCII_NAME): string {
  const [city, province] = place.description.split(', ');
  return `${padToLength(`${city} `, name.repeat(Math.ceil(length / name.length)), length - `, ${province}`.length)}, ${province}`;
}

/**
 * 8 counts characters: a description of the largest length in letters beyond ASCII is taken where the same length
 * in ASCII was, unless a short one of those letters is refused too (then the letters are refused, not the length:
 * the character rules' subject). A limit counted in UTF-8 bytes ends early for them. Returns whether it was taken.
 */
async function beyondAsciiAtLimit(ctx: RuleContext, job: Body, place: LocationInput, max: number, statement: string): Promise<boolean> {
  const description = ofLength(place, max, BEYOND_ASCII_NAME);
  const res = await ctx.api.create({ ...identify(ctx, job), locations: [{ description }] });
  if (isSuccess(res.status)) return true;
  const short = ofLength(place, place.description.length + BEYOND_ASCII_NAME.length + 1, BEYOND_ASCII_NAME);
  if (!isSuccess((await ctx.api.create({ ...identify(ctx, job), locations: [{ description: short }] })).status)) return false;
  ctx.expect(false, {
    title: `POST /jobs refused a location description of ${max} characters beyond ASCII, and took one of ${max} in ASCII`,
    expected: `${statement}, counted in characters: a short description of the same letters (${JSON.stringify(short)}) was taken`,
    received: `${res.status} to ${JSON.stringify(description)} (${Buffer.byteLength(description)} UTF-8 bytes)`,
    failingExchange: res.exchange,
  });
  return false;
}

/**
 * Spec 2.2 and 8: a location description is at most 300 characters. Over the limit it is refused. At the limit,
 * a city name that long is not a "valid Canadian location", which a server may refuse; a server that takes it
 * answers it within 300 characters too (every answer is checked against job.schema.json), however it writes
 * it back (with a country name added, say), and keeps the place it names (the same city, compared as sameLocations
 * does). What POST took, every other write takes and keeps too, read back on the answer, a GET and the list item.
 */
export const locationDescriptionLength: Implementation = fixedRule(
  {
    id: 'jobs.limits.location-description-length',
    section: '8',
    level: 'must',
    title:
      'A location description of 301 characters is rejected; one of 300, if taken by POST, is taken in letters beyond ASCII too, ' +
      'and kept as that place on every write path',
    statement: 'location name / description / type | max 256 / 300 / 50 characters',
  },
  async (ctx: RuleContext) => {
    const max = inputLimits.locationDescriptionMax; // §2.2, §8: location description <= 300
    const statement = `spec 2.2 and 8: location description max ${max} characters`;
    let taken = false;
    let beyondAsciiTaken = false;
    const arb = fc.record({ job: createBodyArb(ctx), place: locationWithProvinceArb });
    await ctx.check(
      arb,
      async ({ job, place }) => {
        const body = identify(ctx, job);
        const description = ofLength(place, max + 1);
        await createRejected(ctx, { ...body, locations: [{ description }] }, body.referenceId, {
          title: `POST /jobs accepted a location description of ${description.length} characters`,
          expected: statement,
        });
        // The largest valid length: taken or refused; taken, its answer and its GET are Jobs (descriptions within 300).
        const sent = { locations: [{ description: ofLength(place, max) }] };
        const res = await ctx.api.create({ ...identify(ctx, job), ...sent });
        if (!isSuccess(res.status)) return;
        taken = true;
        const problems = keptValueProblems(sent, await getJob(ctx, (res.json as { id: number }).id), ['locations']);
        ctx.expect(problems.length === 0, {
          title: `POST /jobs took a location description of ${max} characters but keeps another place`,
          expected: `${statement}: a description taken names the same place when read back (4.2)`,
          received: problems.join('\n'),
        });
        beyondAsciiTaken ||= await beyondAsciiAtLimit(ctx, job, place, max, statement);
      },
      { runs: Math.min(ctx.runs, 5) },
    );
    // What POST took, every other write takes and keeps, in each alphabet POST took it.
    for (const [name, alphabet] of [
      [ASCII_NAME, taken],
      [BEYOND_ASCII_NAME, beyondAsciiTaken],
    ] as const) {
      if (!alphabet) continue;
      await largestKeptOnEveryWrite(ctx, {
        field: 'locations',
        what: `a location description of ${max} characters${name === ASCII_NAME ? '' : ' beyond ASCII'}`,
        statement: `${statement}, and POST took this one`,
        material: locationWithProvinceArb,
        into: (body, _marker, place) => ({ ...body, locations: [{ description: ofLength(place, max, name) }] }),
      });
    }
  },
);
