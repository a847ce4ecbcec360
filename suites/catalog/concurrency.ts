/** @module The catalog's concurrency rules: racing requests. */
import type { CatalogEntry } from './entry.js';

export const concurrencyEntries: readonly CatalogEntry[] = [
  {
    id: 'jobs.concurrency.put-create-once',
    section: '4.3',
    level: 'must',
    area: 'concurrency',
    title: 'Concurrent PUT-creates with one referenceId leave exactly one job',
    statement: 'PUT is recommended whenever a `referenceId` is used, because PUT is idempotent.',
    exclusive: true,
  },
  {
    id: 'jobs.concurrency.post-once',
    section: '4.2',
    level: 'must',
    area: 'concurrency',
    title: 'Concurrent POSTs with one referenceId create exactly one job',
    statement: 'Posting a `referenceId` that already exists rejects the request from the second time onward.',
    exclusive: true,
  },
];
