/**
 * @module The validating proxy's own rules, the ones the suite has no id for: mostly client rules (the suite drives
 * its own requests, so it never judges a client), plus the server statements only live traffic shows. Every other
 * finding of the proxy names the suite's own rule, so one rule id means one statement whichever tool found it.
 */
import type { ProxyCatalogEntry } from './entry.js';

export const proxyEntries: readonly ProxyCatalogEntry[] = [
  {
    id: 'proxy.client.content-type',
    section: '1',
    level: 'must',
    area: 'proxy-client',
    title: 'A request with a body sends a Content-Type that starts with application/json',
    statement: 'The `Content-Type` of a request with a body must start with `application/json` (for example with a charset suffix).',
  },
  {
    id: 'proxy.client.api-key',
    section: '5',
    level: 'must',
    area: 'proxy-client',
    title: 'Every operation on jobs sends the API-Key header',
    statement: 'Every operation on jobs requires authentication. … The credential is sent in the request header `API-Key`',
  },
  {
    id: 'proxy.client.method',
    section: '1',
    level: 'must',
    area: 'proxy-client',
    title: 'Jobs are read with GET, created or updated with POST or PUT, deleted with DELETE',
    statement: 'Read with GET. Create or update with POST or PUT and a JSON body. Delete with DELETE.',
  },
  {
    id: 'proxy.client.json',
    section: '1',
    level: 'must',
    area: 'proxy-client',
    title: 'A request body is JSON',
    statement: 'Create or update with POST or PUT and a JSON body.',
  },
  {
    id: 'proxy.client.create-body',
    section: '4.2',
    level: 'must',
    area: 'proxy-client',
    title: 'A POST /jobs body has the request fields of 4.2 with their types and rules',
    statement: 'Request fields: … Requiredness of the remaining request fields: not shown.',
  },
  {
    id: 'proxy.client.update-body',
    section: '4.3',
    level: 'must',
    area: 'proxy-client',
    title: 'A PUT body has the request fields of POST with their types and rules',
    statement: 'Request body fields are the same as POST, and its format is symmetrical with the GET result.',
  },
  {
    id: 'proxy.client.delete-body',
    section: '4.4',
    level: 'must',
    area: 'proxy-client',
    title: 'DELETE /jobs names the job by referenceId in a JSON body',
    statement: 'Identification: job id in the path, or `referenceId` in a JSON body on `DELETE /jobs`.',
  },
  {
    id: 'proxy.client.html',
    section: '2.1',
    level: 'must',
    area: 'proxy-client',
    title: 'A description uses only the allowed tags and attributes',
    statement: 'Allowed tags: `strong`, `b`, `em`, `i`, `br`, `p`, `div`, `ul`, `ol`, `li`, `a`.',
  },
  {
    id: 'proxy.client.limits',
    section: '8',
    level: 'must',
    area: 'proxy-client',
    title: 'Request values keep to the limits of section 8',
    statement: 'referenceId | max 50 characters',
  },
  {
    id: 'proxy.server.job-body',
    section: '4.1',
    level: 'must',
    area: 'proxy-server',
    title: 'GET /jobs/{id} answers 200 with one Job (full)',
    statement: 'Response 200: one Job (full).',
  },
  {
    id: 'proxy.server.success-status',
    section: '7',
    level: 'must',
    area: 'proxy-server',
    title: 'Successful operations answer with their stated code',
    statement: 'Success codes: 200 (GET, PUT update), 201 (POST create, with `Location` header), 204 (DELETE).',
  },
];
