/** @module The catalog's reference rules: the reference lists (spec 4.6). */
import type { CatalogEntry } from './entry.js';

export const referenceEntries: readonly CatalogEntry[] = [
  {
    id: 'jobs.reference.position-types',
    section: '4.6',
    level: 'must',
    area: 'reference',
    title: 'GET /positiontypes lists position types {id, name}',
    statement: '`GET /positiontypes` exists.',
  },
  {
    id: 'jobs.reference.position-types-without-key',
    section: '4.6',
    level: 'should',
    area: 'reference',
    title: 'GET /positiontypes answers 200 without an API-Key (a plain GET from a browser)',
    statement: 'Good practice; the spec says: It is an unauthenticated-style plain GET that can be tried from a browser.',
  },
  {
    id: 'jobs.reference.categories',
    section: '4.6',
    level: 'must',
    area: 'reference',
    title: 'The category list holds categories {id, name}',
    statement: 'Reference lists (job categories, position types, locations) supply the identifiers that jobs use.',
  },
  {
    id: 'jobs.reference.locations',
    section: '4.6',
    level: 'must',
    area: 'reference',
    title: 'The location list holds locations {id, name, description, type}',
    statement: 'Reference lists (job categories, position types, locations) supply the identifiers that jobs use.',
  },
  {
    id: 'jobs.reference.location-outside-list',
    section: '2.2',
    level: 'must',
    area: 'reference',
    title: 'A valid Canadian location outside the location list is accepted, on POST, PUT by id, PUT by referenceId and PUT-create',
    statement: "A valid Canadian location is accepted even if it is not in the service's location list.",
  },
  {
    id: 'jobs.reference.ids-accepted',
    section: '2.4',
    level: 'must',
    area: 'reference',
    title: 'Jobs accept every listed position type and category, and return their names',
    statement: 'Int32 | Unique position type id. On input only `id` is supplied.',
  },
];
