/**
 * @module Mutants of the reference lists (spec 4.6, 2.4).
 */
import type { Mutant } from './mutant.js';
import { responseJson, withResponseJson, type JsonObject } from './support/json.js';

export const referenceMutants: Mutant[] = [
  {
    // spec 2.4: a position type name is at most 10 characters
    name: 'reference-position-type-names-too-long',
    area: 'reference',
    violates: '2.4, 4.6: position types are {id, name} with name max 10 characters (here GET /positiontypes names run longer)',
    expectedRule: ['jobs.reference.position-types', 'jobs.reference.ids-accepted'],
    transform: (next) => async (req) => {
      const res = await next(req);
      if (req.method !== 'GET' || !/^\/api\/v1\.1\/positiontypes\/?$/i.test(req.path)) return res;
      const body = responseJson(res);
      if (!Array.isArray(body?.data)) return res;
      for (const item of body.data as JsonObject[]) item.name = `${String(item.name)} position`;
      return withResponseJson(res, body);
    },
  },
];
