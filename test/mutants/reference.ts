/**
 * @module Mutants of the reference lists (spec 4.6, 2.4).
 */
import type { CoreRequest } from '../../mock/index.js';
import type { Mutant } from './mutant.js';
import { jsonResponse, requestJson, responseJson, withResponseJson, type JsonObject } from './support/json.js';
import { isAnyWrite, isJobsPath, isListRead, isPost, isPut, isPutByReference } from './support/routes.js';
import { rewriteResponseText } from './support/transforms.js';
import { sideRequest } from './support/side-requests.js';

/** Refuses matching writes whose locations name a place the location list does not hold. */
function refusesUnlistedLocations(match: (req: CoreRequest) => boolean): Mutant['transform'] {
  return (next) => async (req) => {
    const body = requestJson(req);
    if (!match(req) || !Array.isArray(body?.locations)) return next(req);
    const list = responseJson(await sideRequest(next, req, 'GET', '/locations'));
    const listed = new Set((Array.isArray(list?.data) ? (list.data as JsonObject[]) : []).map((l) => String(l.name).toLowerCase()));
    const city = (d: string): string => d.split(',')[0]!.trim().toLowerCase();
    const listedCities = new Set([...listed].map(city));
    const unknown = (body.locations as JsonObject[]).find(
      (l) => typeof l?.description === 'string' && !listed.has(l.description.toLowerCase()) && !listedCities.has(city(l.description)),
    );
    if (unknown === undefined) return next(req);
    return jsonResponse(400, { status: 400, code: 'validation_failed', message: `unknown location ${String(unknown.description)}` });
  };
}

export const referenceMutants: Mutant[] = [
  {
    // spec 2.4: a position type name is at most 10 characters
    name: 'reference-position-type-names-too-long',
    area: 'reference',
    violates: '2.4, 4.6: position types are {id, name} with name max 10 characters (here GET /positiontypes names run longer)',
    expectedRule: ['jobs.reference.position-types', 'jobs.reference.ids-accepted'],
    transform: (next) => async (req) => {
      const res = await next(req);
      if (!isListRead(req, '/positiontypes')) return res;
      const body = responseJson(res);
      if (!Array.isArray(body?.data)) return res;
      for (const item of body.data as JsonObject[]) item.name = `${String(item.name)} position`;
      return withResponseJson(res, body);
    },
  },
  {
    // spec 4.6: GET /positiontypes is an unauthenticated-style plain GET that can be tried from a browser
    name: 'reference-position-types-need-key',
    area: 'reference',
    violates: '4.6: GET /positiontypes can be tried from a browser, without an API-Key (here 401 without one)',
    expectedRule: 'jobs.reference.position-types-without-key',
    transform: (next) => async (req) => {
      if (isListRead(req, '/positiontypes') && !req.headers['api-key']) {
        return jsonResponse(401, { status: 401, code: 'unauthorized', message: 'API-Key required' });
      }
      return next(req);
    },
  },
  {
    // spec 2.2: a valid Canadian location is accepted; the place lookup of a server that never normalizes text fails on a
    // decomposed accent (e + U+0301), which only the listed place sent in its other spellings carries.
    name: 'reference-decomposed-accent-in-place-fails',
    area: 'reference',
    violates: '2.2, 7: a valid Canadian location is accepted (here a location description with a combining mark answers 500)',
    expectedRule: 'jobs.reference.location-spellings',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const places = isAnyWrite(req) && Array.isArray(body?.locations) ? (body.locations as JsonObject[]) : [];
      if (!places.some((l) => typeof l?.description === 'string' && /\p{M}/u.test(l.description))) return next(req);
      return jsonResponse(500, { status: 500, code: 'internal_error', message: 'place lookup failed' });
    },
  },
  {
    // spec 2.2: a valid Canadian location is accepted even if it is not in the service's location list.
    // The suite's everyday places include some the mock does not list (Kelowna, Gatineau), so most rules that create jobs fail too.
    name: 'reference-location-outside-list-refused',
    area: 'reference',
    violates: '2.2: a valid Canadian location outside the location list is accepted (here only listed places are)',
    expectedRule: 'jobs.reference.location-outside-list',
    transform: refusesUnlistedLocations((req) => isPost(req) || isPut(req)),
  },
  {
    // spec 2.2 on PUT /jobs: a valid Canadian location outside the list is accepted when the job is named by referenceId, and by a PUT-create
    name: 'reference-put-by-reference-refuses-location-outside-list',
    area: 'reference',
    violates:
      '2.2, 4.3: a valid Canadian location outside the location list is accepted (here PUT /jobs accepts only listed places; ' +
      'POST and PUT /jobs/{id} accept any)',
    expectedRule: 'jobs.reference.location-outside-list',
    transform: refusesUnlistedLocations(isPutByReference),
  },
  {
    // spec 2.2: "Unique location id"
    name: 'reference-places-outside-list-share-one-id',
    area: 'reference',
    violates: '2.2: a location id is unique (here every place outside the list gets the id 100000, each with its own name)',
    expectedRule: 'jobs.reference.location-ids-name-one-place',
    // The text as sent (parsing would drop the amounts' trailing zeros); the mock's ids of unlisted places have six digits or more.
    transform: rewriteResponseText(isJobsPath, (text) => text.replace(/\{"id":\d{6,},"name"/g, '{"id":100000,"name"')),
  },
  {
    // spec 2.2: type | String, max 50 | Type of location
    name: 'reference-places-outside-list-typed-null',
    area: 'reference',
    violates: '2.2 (should): a location type is a String (here every place outside the list is written with type null)',
    expectedRule: 'jobs.reference.location-type-string',
    // The text as sent, as above; a location writes its id, name, description and type in that order.
    transform: rewriteResponseText(isJobsPath, (text) =>
      text.replace(/(\{"id":\d{6,},"name":"(?:[^"\\]|\\.)*","description":"(?:[^"\\]|\\.)*","type":)"(?:[^"\\]|\\.)*"/g, '$1null'),
    ),
  },
  {
    // spec 2.2: "Unique location id"
    name: 'reference-places-outside-list-numbered-per-job',
    area: 'reference',
    violates: '2.2: a location id is unique (here the places outside the list are numbered anew in each job: 900000, 900001, ...)',
    expectedRule: 'jobs.reference.location-ids-name-one-place',
    // Within a job the ids differ; the same id names another place in the next job.
    transform: rewriteResponseText(isJobsPath, (text) =>
      text.replace(/"locations":\[[^\]]*\]/g, (locations) => {
        let n = 0;
        return locations.replace(/\{"id":\d{6,},"name"/g, () => `{"id":${900_000 + n++},"name"`);
      }),
    ),
  },
  {
    // spec 4.6: GET /positiontypes can be tried from a browser, which asks for HTML first
    name: 'reference-position-types-refuse-browser-accept',
    area: 'reference',
    violates:
      '4.6: GET /positiontypes can be tried from a browser (here a keyless GET whose Accept asks for HTML first answers 406: ' +
      'the list is served as JSON only, and only to a client that accepts it)',
    expectedRule: 'jobs.reference.position-types-without-key',
    transform: (next) => async (req) => {
      const accept = req.headers.accept ?? '';
      if (isListRead(req, '/positiontypes') && !req.headers['api-key'] && accept.startsWith('text/html')) {
        return jsonResponse(406, { status: 406, code: 'not_acceptable', message: 'application/json only' });
      }
      return next(req);
    },
  },
  {
    // spec 2.3: id, unique category id
    name: 'reference-category-list-repeats-an-entry',
    area: 'reference',
    violates: '2.3: a category id is unique (here the category list holds its first category twice)',
    expectedRule: 'jobs.reference.categories',
    transform: (next) => async (req) => {
      const res = await next(req);
      if (!isListRead(req, '/categories')) return res;
      const body = responseJson(res);
      if (!Array.isArray(body?.data) || body.data.length === 0) return res;
      return withResponseJson(res, { ...body, data: [...(body.data as unknown[]), body.data[0]] });
    },
  },
  {
    // spec 4.6: the reference lists supply the identifiers that jobs use; 2.8: total is the number of items
    name: 'reference-paged-categories-drop-last-of-each-page',
    area: 'reference',
    violates:
      '4.6, 2.8: the category list supplies the ids jobs use (here a paged list drops the last item of each full page, ' +
      'while its total still counts every category and jobs still take the ids it hides)',
    expectedRule: 'jobs.reference.categories',
    choices: { 'lists.shape': 'paged' },
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = responseJson(res);
      if (!isListRead(req, '/categories') || res.status !== 200 || !Array.isArray(body?.data) || body.data.length < 3) return res;
      return withResponseJson(res, { ...body, data: body.data.slice(0, -1) });
    },
  },
];
