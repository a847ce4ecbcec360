/** @module The catalog's model rules: the model-based lifecycle run. */
import type { CatalogEntry } from './entry.js';

export const modelEntries: readonly CatalogEntry[] = [
  {
    id: 'jobs.model.lifecycle',
    section: '3',
    level: 'must',
    area: 'model',
    title:
      "Random sequences of create, PUT-create, partial update, GET-edit-PUT, archive, re-publish, rename, delete, reuse of freed referenceIds, get and list (by id, referenceId and override; a second employer on the same referenceIds) agree with a model of the employer's jobs",
    statement: "A job's `status` is one of `active`, `archived`, `draft`. … Updates are partial. Only the fields sent change.",
    long: true,
  },
];
