/**
 * @module Reference lists (spec 4.6, 2.2-2.4): position types at
 * /positiontypes, categories and locations at paths the spec does not show
 * (--categories-path, --locations-path). Their shape and paging are not shown
 * either: the items of any reasonable form (reference-list.ts), every page of
 * them, must be well formed. Jobs built on their ids carry the listed names.
 */
import * as fc from 'fast-check';
import { formatIssues, validators, type Validator } from '../../schemas/index.js';
import type { Category, Job, PositionType } from '../../schemas/types.gen.js';
import { smallerPlaceArb } from '../arbitraries/smaller-places.js';
import type { LocationInput } from '../arbitraries/location.js';
import { POSITION_TYPES_PATH } from '../target/discovery.js';
import { describeListRead, readReferenceList, statedTotal } from '../target/reference-list.js';
import type { ApiResponse, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { cityOf, sameCity, show } from '../../judging/compare.js';
import { expectStatus, isSuccess, responseLine } from '../kit/http.js';
import { createJob, getJob, listJobs } from '../kit/jobs.js';
import { fixedRule, type Implementation } from '../kit/rule-builders.js';
import { BROWSER_ACCEPT } from './accept-forms.js';

/** Where the run reads the lists (--categories-path, --locations-path). */
function pathsOf(ctx: RuleContext): { positionTypes: string; categories: string; locations: string } {
  return ctx.refs.paths ?? { positionTypes: POSITION_TYPES_PATH, categories: '/categories', locations: '/locations' };
}

async function readList(
  ctx: RuleContext,
  path: string,
  what: 'position types' | 'categories' | 'locations',
  validator: Validator<unknown>,
  section: string,
): Promise<unknown[]> {
  const read = await readReferenceList(ctx.api.client, path);
  const res = read.first;
  expectStatus(ctx, res, 200, `GET ${path} answers 200 with the ${what} (spec 4.6)`);
  ctx.observe({
    topic: 'reference-list-caching',
    section: '4.6',
    observed: `GET ${path}: ${res.headers['cache-control'] ?? 'no Cache-Control'}`,
  });
  // Discovery records the shapes of the lists it reads; only the location list is read here alone.
  if (what === 'locations') ctx.observe({ topic: `reference-list-shape.${what}`, section: '4.6', observed: describeListRead(read) });
  ctx.expect(read.problem === undefined, {
    title: `the ${what} list holds no list of ${what}`,
    expected: `the ${what}, as a bare array or one array of items in an object, with paging or counts beside it (4.6: shape not shown)`,
    received: read.problem ?? '',
    failingExchange: res.exchange,
  });
  const result = validator(read.items);
  ctx.expect(result.ok, {
    title: `the ${what} list holds items that are not ${what}`,
    expected: `items with the fields of spec ${section}`,
    received: result.ok ? '' : formatIssues(result.issues, { data: read.items }),
    failingExchange: res.exchange,
  });
  const ids = read.items.map((item) => (item as { id?: unknown } | null)?.id);
  const repeated = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  ctx.expect(repeated.length === 0, {
    title: `the ${what} list holds id(s) ${show(repeated)} more than once`,
    expected: `each of the ${what} once: its id is unique (spec ${section})`,
    received: `${ids.length} items, ${new Set(ids).size} ids`,
    failingExchange: res.exchange,
  });
  // A list that states its total, as 2.8's paging object does, holds that many items across its pages: a page that
  // drops an item leaves ids jobs take that the list never supplies.
  const total = statedTotal(res.json);
  ctx.expect(!read.whole || total === undefined || total === read.items.length, {
    title: `the ${what} list says total ${total} but its ${read.responses.length} page(s) hold ${read.items.length} items`,
    expected: `the ${what} the list says it holds, on its pages (spec 4.6: the lists supply the ids jobs use; 2.8: total is the number of items)`,
    received: describeListRead(read),
    failingExchange: res.exchange,
  });
  ctx.expect(read.items.length > 0, {
    title: `the ${what} list is empty`,
    expected: `at least one item: jobs need ${what} ids (spec 2, 4.2)`,
    received: responseLine(res),
    failingExchange: res.exchange,
  });
  return read.items;
}

/**
 * GET `path` without an API-Key, its status observed: whether a list needs the key is open (4.6 calls only
 * /positiontypes a plain GET; section 4 says every endpoint requires authentication).
 */
async function readWithoutKey(ctx: RuleContext, path: string): Promise<ApiResponse> {
  const anonymous = await ctx.api.client.request({ method: 'GET', path, apiKey: null });
  ctx.observe({ topic: 'reference-list-without-key', section: '4.6', observed: `GET ${path} without API-Key: ${anonymous.status}` });
  return anonymous;
}

const positionTypes: Implementation = fixedRule(
  {
    id: 'jobs.reference.position-types',
    section: '4.6',
    level: 'must',
    title: 'GET /positiontypes lists position types {id, name}',
    statement: '`GET /positiontypes` exists.',
  },
  async (ctx: RuleContext) => {
    await readList(ctx, pathsOf(ctx).positionTypes, 'position types', validators.positionTypeList, '2.4');
  },
);

/**
 * Spec 4.6 calls GET /positiontypes "an unauthenticated-style plain GET that can be tried from a
 * browser": a browser's address bar sends no API-Key header. But section 4 says "All endpoints require
 * authentication": the spec contradicts itself, so a server that asks for the key follows one of its
 * statements. Answering without one is what 4.6 describes: level should. It is read as a browser reads it too,
 * with HTML first in Accept, any 2xx taken (the shape of the answer is open).
 */
const positionTypesWithoutKey: Implementation = fixedRule(
  {
    id: 'jobs.reference.position-types-without-key',
    section: '4.6',
    level: 'should',
    title: 'GET /positiontypes answers 200 without an API-Key (a plain GET from a browser)',
    statement: 'Good practice; the spec says: It is an unauthenticated-style plain GET that can be tried from a browser.',
  },
  async (ctx: RuleContext) => {
    const path = pathsOf(ctx).positionTypes;
    const because =
      'it is an unauthenticated-style plain GET that can be tried from a browser (spec 4.6; 7: GET 200; section 4 says ' +
      'all endpoints require authentication)';
    expectStatus(ctx, await readWithoutKey(ctx, path), 200, `GET ${path} without an API-Key answers 200: ${because}`);
    // As a browser's address bar sends it: HTML first in Accept. The shape of the answer is open (4.6), HTML included.
    const browser = await ctx.api.client.request({ method: 'GET', path, apiKey: null, headers: { accept: BROWSER_ACCEPT } });
    expectStatus(ctx, browser, isSuccess, `GET ${path} without an API-Key, with a browser's Accept, answers 2xx: ${because}`);
  },
);

const categories: Implementation = fixedRule(
  {
    id: 'jobs.reference.categories',
    section: '4.6',
    level: 'must',
    title: 'The category list holds categories {id, name}',
    statement: 'Reference lists (job categories, position types, locations) supply the identifiers that jobs use.',
  },
  async (ctx: RuleContext) => {
    await readList(ctx, pathsOf(ctx).categories, 'categories', validators.categoryList, '2.3');
    await readWithoutKey(ctx, pathsOf(ctx).categories);
  },
);

const locations: Implementation = fixedRule(
  {
    id: 'jobs.reference.locations',
    section: '4.6',
    level: 'must',
    title: 'The location list holds locations {id, name, description, type}',
    statement: 'Reference lists (job categories, position types, locations) supply the identifiers that jobs use.',
  },
  async (ctx: RuleContext) => {
    const probe = await ctx.api.client.request({ method: 'GET', path: pathsOf(ctx).locations });
    if (probe.status === 404)
      ctx.skip(`no location list at ${pathsOf(ctx).locations} (its path is not shown, spec 4.6): set --locations-path`);
    await readList(ctx, pathsOf(ctx).locations, 'locations', validators.locationList, '2.2');
    await readWithoutKey(ctx, pathsOf(ctx).locations);
  },
);

/** The cities (cityOf) of the target's location list, every page of it, or undefined when it cannot be read (its path is not shown). */
async function listedCities(ctx: RuleContext): Promise<Set<string> | undefined> {
  const read = await readReferenceList(ctx.api.client, pathsOf(ctx).locations);
  if (read.problem !== undefined) return undefined;
  const cities = new Set<string>();
  for (const item of read.items as Array<{ name?: unknown; description?: unknown }>) {
    for (const text of [item?.name, item?.description]) if (typeof text === 'string') cities.add(cityOf(text));
  }
  return cities;
}

/**
 * Smaller Canadian places outside the target's location list (`listed`: its cities, undefined where no list was read);
 * the rule is skipped where the suite knows fewer than `atLeast` such places (its draw of that many distinct ones).
 */
function placeOutsideList(ctx: RuleContext, listed: ReadonlySet<string> | undefined, atLeast = 1): fc.Arbitrary<LocationInput> {
  const place = smallerPlaceArb(listed ?? new Set(), atLeast);
  if (place === undefined) ctx.skip(`fewer than ${atLeast} smaller Canadian places the suite knows are outside the target's location list`);
  return place;
}

const locationOutsideList: Implementation = fixedRule(
  {
    id: 'jobs.reference.location-outside-list',
    section: '2.2',
    level: 'must',
    title: 'A valid Canadian location outside the location list is accepted, on POST, PUT by id, PUT by referenceId and PUT-create',
    statement: "A valid Canadian location is accepted even if it is not in the service's location list.",
  },
  async (ctx: RuleContext) => {
    const listed = await listedCities(ctx);
    ctx.observe({
      topic: 'location-list-read',
      section: '4.6',
      observed:
        listed === undefined
          ? `no location list at ${pathsOf(ctx).locations}: places drawn unfiltered`
          : `${listed.size} listed cities left out`,
    });
    const place = placeOutsideList(ctx, listed);
    const statement = "a valid Canadian location is accepted even if it is not in the service's location list (spec 2.2)";
    const expectPlace = (where: string, job: Job, sent: string): void => {
      const got = job.locations.map((l) => l.description);
      ctx.expect(job.locations.length === 1 && sameCity(sent, job.locations[0]), {
        title: `${where}: the job does not carry the location "${sent}"`,
        expected: `the job's one location is ${sent} (${statement})`,
        received: `locations ${show(got)}`,
      });
    };
    await ctx.check(
      fc.record({ body: createBodyArb(ctx), first: place, second: place }),
      async ({ body, first, second }) => {
        const created = await ctx.api.create({ ...identify(ctx, body), locations: [first] });
        expectStatus(ctx, created, 201, `POST /jobs with the location "${first.description}" creates the job: 201 (${statement})`);
        expectPlace('POST /jobs', created.json!, first.description);
        const updated = await ctx.api.putById(created.json!.id, { locations: [second] });
        expectStatus(
          ctx,
          updated,
          200,
          `PUT /jobs/{id} with only the location "${second.description}" updates the job: 200 (${statement}; 4.3)`,
        );
        expectPlace(`PUT /jobs/${created.json!.id}`, updated.json!, second.description);
        const referenceId = created.json!.referenceId ?? '';
        const byReference = await ctx.api.putByReference({ referenceId, locations: [first] });
        expectStatus(
          ctx,
          byReference,
          200,
          `PUT /jobs (referenceId ${referenceId}) with only the location "${first.description}" updates the job: 200 (${statement}; 4.3)`,
        );
        expectPlace(`PUT /jobs (referenceId ${referenceId})`, byReference.json!, first.description);
        const putCreated = await ctx.api.putByReference({ ...identify(ctx, body), locations: [second] });
        expectStatus(
          ctx,
          putCreated,
          isSuccess,
          `PUT /jobs with a new referenceId and the location "${second.description}" creates the job (${statement}; 4.3)`,
        );
        expectPlace('PUT /jobs (new referenceId)', putCreated.json!, second.description);
      },
      { runs: Math.min(ctx.runs, 5) },
    );
  },
);

/**
 * A place outside the location list has a type, as every location does (2.2: "type | String, max 50"). What type such
 * a place takes is not shown, and the schemas let a location's type be null, so a String there is good practice, not
 * a must: on the create's answer, a GET and the list item.
 */
const locationTypeString: Implementation = fixedRule(
  {
    id: 'jobs.reference.location-type-string',
    section: '2.2',
    level: 'should',
    title: 'A place outside the location list has a type, a String, on the answer, a GET and the list item',
    statement: 'Good practice; the spec says: type | String, max 50 | Type of location.',
  },
  async (ctx: RuleContext) => {
    const place = placeOutsideList(ctx, await listedCities(ctx));
    await ctx.check(
      fc.record({ body: createBodyArb(ctx), place }),
      async ({ body, place: sent }) => {
        const job = await createJob(ctx, { ...identify(ctx, body), locations: [sent] });
        // Which type a place outside the list takes is the server's (2.2: the allowed values are not shown).
        ctx.observe({ topic: 'location-type', section: '2.2', observed: `a place outside the list: ${show(job.locations[0]?.type)}` });
        const listed = (await listJobs(ctx, { q: job.referenceId ?? '' })).json.data.find((item) => item.id === job.id);
        for (const [where, locations] of [
          ['the POST /jobs answer', job.locations],
          [`GET /jobs/${job.id}`, (await getJob(ctx, job.id)).locations],
          ['the list item', listed?.locations ?? []],
        ] as const) {
          const untyped = locations.filter((location) => typeof location.type !== 'string');
          ctx.expect(untyped.length === 0, {
            title: `${where} gives the place "${sent.description}" the type ${show(untyped[0]?.type)}`,
            expected: 'a location type is a String (spec 2.2), for a place outside the list too',
            received: `locations ${show(locations)}`,
          });
        }
      },
      { runs: Math.min(ctx.runs, 2) },
    );
  },
);

/** A listed place's `City, PC` text: its description or name in the input form (2.2), or undefined. */
function inputFormOf(item: { name?: unknown; description?: unknown }): string | undefined {
  return [item.description, item.name].find(
    (text): text is string => typeof text === 'string' && text.includes(', ') && validators.locationInput({ description: text }).ok,
  );
}

/**
 * Other spellings of the listed place `listed` (`City, PC`), each a valid input of the same place (2.2's forms, the
 * schema's pattern): the city in other letter case, with its accents decomposed or left out, alone with a space after
 * it, and with its spaces doubled. A spelling the city does not change (no accent, no space) is left out.
 */
function spellingsOf(listed: string): Array<[label: string, description: string]> {
  const [city = listed, province] = listed.split(', ');
  const spellings: Array<[string, string]> = [
    ['as listed', listed],
    ['lower case', `${city.toLowerCase()}, ${province}`],
    ['upper case', `${city.toUpperCase()}, ${province}`],
    ['accents decomposed', `${city.normalize('NFD')}, ${province}`],
    ['accents left out', `${city.normalize('NFD').replace(/\p{M}/gu, '')}, ${province}`],
    ['city alone, a space after it', `${city} `],
    ['spaces doubled', `${city.replace(/ /g, '  ')}, ${province}`],
  ];
  return spellings.filter(([label, text]) => label === 'as listed' || text !== listed);
}

/** How a place came back, beside what was sent and listed: `listed id; name as listed; description as sent`. */
function placeForm(location: Job['locations'][number], sent: string, listed: { id: unknown; text: string }): string {
  const echo = (text: unknown): string => (text === sent ? 'as sent' : text === listed.text ? 'as listed' : 'another spelling');
  return `${location.id === listed.id ? 'listed id' : 'another id'}; name ${echo(location.name)}; description ${echo(location.description)}`;
}

/**
 * A listed place sent in other spellings: each is taken as that place or refused, never with a 5xx. Whether a
 * spelling resolves to the listed location (its id and name) or stays a place of its own is the server's (2.2 shows
 * neither), so the rule observes it. Two listed places, when the list has them: one with a letter beyond ASCII, one
 * with a space in its city, so every spelling changes the text sent.
 */
const locationSpellings: Implementation = fixedRule(
  {
    id: 'jobs.reference.location-spellings',
    section: '2.2',
    level: 'must',
    title:
      'A listed place in other spellings (letter case, accents, spaces) is taken as that place or refused (observed), never with a 5xx',
    statement: "A valid Canadian location is accepted even if it is not in the service's location list.",
  },
  async (ctx: RuleContext) => {
    const read = await readReferenceList(ctx.api.client, pathsOf(ctx).locations);
    if (read.problem !== undefined) ctx.skip(`the location list could not be read: ${read.problem}`);
    const items = (read.items as Array<{ id?: unknown; name?: unknown; description?: unknown }>)
      .map((item) => ({ id: item.id, text: inputFormOf(item) }))
      .filter((item): item is { id: unknown; text: string } => item.text !== undefined);
    const places = [items.find((item) => /[^\x00-\x7f]/.test(item.text)), items.find((item) => item.text.split(', ')[0]!.includes(' '))];
    const chosen = [...new Set(places.filter((item) => item !== undefined))];
    if (chosen.length === 0) ctx.skip('the location list holds no place in the form City, PC with an accent or a space in its city');
    await ctx.check(
      fc.record({ body: createBodyArb(ctx) }),
      async ({ body }) => {
        for (const listed of chosen) {
          for (const [label, sent] of spellingsOf(listed.text)) {
            const res = await ctx.api.create({ ...identify(ctx, body), locations: [{ description: sent }] });
            expectStatus(
              ctx,
              res,
              (status) => status < 500,
              `POST /jobs with the place "${sent}" (${label}) is answered, never with a 5xx`,
            );
            if (!isSuccess(res.status) || res.json === undefined) {
              ctx.observe({ topic: 'location-spellings', section: '2.2', observed: `${label}: refused ${res.status}` });
              continue;
            }
            const [location] = res.json.locations;
            ctx.expect(res.json.locations.length === 1 && location !== undefined && sameCity(sent, location), {
              title: `POST /jobs took the place "${sent}" (${label}) as another place`,
              expected: `the job's one location is ${listed.text}, the place sent (spec 2.2: a valid Canadian location is accepted)`,
              received: `locations ${show(res.json.locations)}`,
            });
            if (location)
              ctx.observe({ topic: 'location-spellings', section: '2.2', observed: `${label}: ${placeForm(location, sent, listed)}` });
          }
        }
      },
      { runs: 1 },
    );
  },
);

/**
 * The ids the answer's locations share with a location of another name, in this answer or an earlier one of the
 * run (`namesById`, which it adds to): `id: name, name`.
 */
function idsNamingTwoPlaces(job: Job, namesById: Map<number, Set<string>>): string[] {
  for (const location of job.locations) namesById.set(location.id, (namesById.get(location.id) ?? new Set()).add(location.name));
  const ids = new Set(job.locations.map((location) => location.id));
  return [...ids].filter((id) => namesById.get(id)!.size > 1).map((id) => `${id}: ${[...namesById.get(id)!].join(', ')}`);
}

/**
 * "Unique location id" (2.2), read as one id per location: three distinct places outside the target's list in each
 * job, and no id the answers give names two locations, in one job or across the rule's jobs (a server may resolve two
 * places to one location, a region say, and then names it once; a server that numbers the places of each job anew
 * repeats ids only across jobs). A should rule: a server that marks every place outside its list with one
 * placeholder id reads "unique" as unique among its listed locations.
 */
const locationIdsNameOnePlace: Implementation = fixedRule(
  {
    id: 'jobs.reference.location-ids-name-one-place',
    section: '2.2',
    level: 'should',
    title: 'Places outside the location list get ids of their own: no id names two locations',
    statement: 'Good practice; the spec says: id | Int32 | Unique location id.',
  },
  async (ctx: RuleContext) => {
    const place = placeOutsideList(ctx, await listedCities(ctx), 3);
    const places = fc.uniqueArray(place, { minLength: 3, maxLength: 3, selector: (p) => cityOf(p.description) });
    const namesById = new Map<number, Set<string>>();
    await ctx.check(
      fc.record({ body: createBodyArb(ctx), locations: places }),
      async ({ body, locations }) => {
        const created = await ctx.api.create({ ...identify(ctx, body), locations });
        if (!isSuccess(created.status)) return; // the must rule location-outside-list judges a refusal
        const read = await ctx.api.get(created.json!.id);
        const sent = locations.map((l) => `"${l.description}"`).join(', ');
        // Each answer that is a Job (a GET that is not 200 is other rules' subject).
        const answers: Array<[string, Job]> = [['POST /jobs', created.json!]];
        if (read.status === 200) answers.push([`GET /jobs/${created.json!.id}`, read.json!]);
        for (const [where, job] of answers) {
          const shared = idsNamingTwoPlaces(job, namesById);
          ctx.expect(shared.length === 0, {
            title: `${where}: one location id names two locations`,
            expected:
              `spec 2.2: "Unique location id": each of ${sent} a location with an id of its own, or one location named once, ` +
              "in this job and in the rule's other jobs",
            received: shared.join('\n'),
          });
        }
      },
      { runs: Math.min(ctx.runs, 3) },
    );
  },
);

interface Named {
  id: number;
  name: string;
}

function names(items: unknown[]): Map<number, string> {
  return new Map((items as Named[]).filter((item) => Number.isInteger(item?.id)).map((item) => [item.id, item.name]));
}

const idsCarryNames: Implementation = fixedRule(
  {
    id: 'jobs.reference.ids-accepted',
    section: '2.4',
    level: 'must',
    title: 'Jobs accept every listed position type and category, and return their names',
    statement: 'Int32 | Unique position type id. On input only `id` is supplied.',
  },
  async (ctx: RuleContext) => {
    const positionNames = names(await readList(ctx, pathsOf(ctx).positionTypes, 'position types', validators.positionTypeList, '2.4'));
    const categoryNames = names(await readList(ctx, pathsOf(ctx).categories, 'categories', validators.categoryList, '2.3'));
    const pick = fc.record({
      body: createBodyArb(ctx),
      positionType: fc.constantFrom(...positionNames.keys()),
      category: fc.constantFrom(...categoryNames.keys()),
    });
    await ctx.check(
      pick,
      async ({ body, positionType, category }) => {
        const job = await createJob(ctx, { ...identify(ctx, body), positionType: { id: positionType }, categories: [{ id: category }] });
        const gotType: PositionType = job.positionType;
        const gotCategory: Category | undefined = job.categories.find((c) => c.id === category);
        ctx.expect(
          gotType.id === positionType &&
            gotType.name === positionNames.get(positionType) &&
            gotCategory?.name === categoryNames.get(category),
          {
            title: `position type ${positionType} / category ${category} came back as ${show(gotType)} / ${show(job.categories)}`,
            expected: 'the job carries the listed position type and category, with the names of the lists (spec 2.3, 2.4, 4.6)',
            received:
              `positionType ${show(gotType)}, categories ${show(job.categories)}; lists: ` +
              `${show(positionNames.get(positionType))}, ${show(categoryNames.get(category))}`,
          },
        );
      },
      { runs: Math.min(ctx.runs, 10) },
    );
  },
);

export const referenceRules: Implementation[] = [
  positionTypes,
  positionTypesWithoutKey,
  categories,
  locations,
  locationOutsideList,
  locationTypeString,
  locationSpellings,
  locationIdsNameOnePlace,
  idsCarryNames,
];
