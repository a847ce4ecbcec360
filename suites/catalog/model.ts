/** @module The catalog's model rules: the model-based lifecycle run. */
import type { CatalogEntry } from './entry.js';

export const modelEntries: readonly CatalogEntry[] = [
  {
    id: 'jobs.model.lifecycle',
    section: '3',
    level: 'must',
    area: 'model',
    title:
      "Random sequences of create, PUT-create, partial update, archive, re-publish, delete, get and list agree with a model of the employer's jobs",
    statement: "A job's `status` is one of `active`, `archived`, `draft`. … Updates are partial. Only the fields sent change.",
    long: true,
  },
];
