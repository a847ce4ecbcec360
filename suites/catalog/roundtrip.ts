/** @module The catalog's roundtrip rules: what is sent comes back (spec 4.1, 4.2, 4.3). */
import type { CatalogEntry } from './entry.js';

export const roundtripEntries: readonly CatalogEntry[] = [
  {
    id: 'jobs.roundtrip.post-accepted',
    section: '4.2',
    level: 'must',
    area: 'roundtrip',
    title: 'A GET result without id and referenceId is accepted by POST /jobs',
    statement: 'Request body is symmetrical with the GET result.',
  },
  {
    id: 'jobs.roundtrip.same-values',
    section: '4.2',
    level: 'must',
    area: 'roundtrip',
    title: 'Posting a GET result back creates a job with the same values',
    statement: 'Taking a GET result, removing `id` and `referenceId` and posting it creates a job with the same values.',
  },
  {
    id: 'jobs.roundtrip.put-create',
    section: '4.3',
    level: 'must',
    area: 'roundtrip',
    title: 'A GET result with a new referenceId, PUT to /jobs, creates a job with the same values',
    statement: 'Request body fields are the same as POST, and its format is symmetrical with the GET result.',
  },
];
