/** @module The catalog's protocol rules: HTTP and JSON conventions (spec 1, 7). */
import type { CatalogEntry } from './entry.js';

export const protocolEntries: readonly CatalogEntry[] = [
  {
    id: 'jobs.protocol.json-charset-accepted',
    section: '1',
    level: 'must',
    area: 'protocol',
    title: 'Content-Type application/json with a charset suffix is accepted on every request with a body',
    statement: 'The `Content-Type` of a request with a body must start with `application/json` (for example with a charset suffix).',
  },
  {
    id: 'jobs.protocol.non-json-rejected.post',
    section: '1',
    level: 'should',
    area: 'protocol',
    title: 'POST /jobs with a non-JSON Content-Type is rejected and creates nothing',
    statement: 'Good practice; the spec says: The `Content-Type` of a request with a body must start with `application/json`',
  },
  {
    id: 'jobs.protocol.non-json-rejected.put',
    section: '1',
    level: 'should',
    area: 'protocol',
    title: 'PUT /jobs/{id} with a non-JSON Content-Type is rejected and changes nothing',
    statement: 'Good practice; the spec says: The `Content-Type` of a request with a body must start with `application/json`',
  },
  {
    id: 'jobs.protocol.missing-content-type',
    section: '1',
    level: 'must',
    area: 'protocol',
    title: 'A body without Content-Type is refused or accepted (observed), never a 5xx',
    statement: 'The `Content-Type` of a request with a body must start with `application/json`',
  },
];
