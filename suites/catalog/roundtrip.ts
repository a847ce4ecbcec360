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
  {
    id: 'jobs.roundtrip.character-classes',
    section: '4.3',
    level: 'must',
    area: 'roundtrip',
    title:
      'Every string field keeps HTML-special characters, backslashes, letters beyond ASCII, combining marks, characters beyond the BMP and inner white space on every write and read path',
    statement: 'Request body fields are the same as POST, and its format is symmetrical with the GET result.',
  },
  {
    id: 'jobs.roundtrip.title-end-white-space',
    section: '2.1',
    level: 'should',
    area: 'roundtrip',
    title: 'A title keeps the white space at its ends on every write and read path',
    statement: 'Good practice; the spec says: title | String, max 256 | Job title.',
  },
  {
    id: 'jobs.roundtrip.close-date-forms',
    section: '2.1',
    level: 'must',
    area: 'roundtrip',
    title: 'A closeDate in every ISO 8601 form and offset comes back as the same day or instant on every write and read path',
    statement: 'closeDate | Date, ISO 8601 | Date the job closes.',
  },
];
