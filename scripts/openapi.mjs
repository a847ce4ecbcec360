// Builds the OpenAPI 3.1 document of the Jobs API v1.1: paths, parameters, bodies, responses
// and security of spec sections 4 and 5, over the components built from schemas/*.schema.json.
// scripts/generate.mjs writes the result to openapi/jobs-api-v1.1.json, and the same document with
// /api/v1.1 in every path (server {base_url}) to openapi/jobs-api-v1.1.prefixed.json, for tools that
// serve or match a document's paths from the root whatever its server URL says (Prism).
import { componentSchemas } from './openapi-components.mjs';

export { OpenApiBuildError } from './openapi-components.mjs';

const pascal = (name) => name.charAt(0).toUpperCase() + name.slice(1);
const ref = (name) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema) => ({ 'application/json': { schema } });
const JOB_SECURITY = [{ ApiKey: [] }];

const problem = (description) => ({
  description: `${description} Status codes and error bodies are not shown in the spec (7.2): this is the reference mock's body; another server may differ.`,
  content: json(ref('ErrorBody')),
});
const errors = (what) => ({ '4XX': problem(what) });
const jobOk = (description) => ({ description, content: json(ref('Job')) });
const created = {
  description: 'Created (4.2): the body is the created job.',
  headers: {
    Location: {
      description: 'Address of the new job: {base_url}/api/v1.1/jobs/<job_id>',
      required: true,
      schema: { type: 'string', format: 'uri' },
    },
  },
  content: json(ref('Job')),
};
const noContent = { description: 'Deleted (4.4): no body.' };

function listQueryParameters(listQuery) {
  const described = {
    q: 'Matches job title and referenceId. When omitted, no term filter.',
    status: 'active, archived or draft. When omitted, all statuses are returned.',
    pageSize:
      'Default 10. At most 100 takes effect (8), but the spec does not say what a larger value does: ' +
      'the reference mock uses 100 (paging.pageSize shows the page size in effect; choice paging.page-size-over-max=clamp), ' +
      'or answers with the invalid-input status under paging.page-size-over-max=reject; another server may do either. ' +
      'So no maximum is written here: x-maximum-in-effect gives the limit.',
    page: 'Default 1.',
  };
  return Object.entries(described).map(([name, description]) => {
    // x-maximum-in-effect stays an annotation: a hard maximum would make validating proxies and negative tests flag a mock that clamps.
    return { name, in: 'query', required: false, description, schema: listQuery.properties[name] };
  });
}

const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'Job id (Int32), assigned by the service.',
  schema: ref('Int32'),
};
const body = (name, description, required = true) => ({ description, required, content: json(ref(name)) });

/** The header of spec 1 for clients that cannot send PUT or DELETE: POST on the resource path, carrying the intended method. */
const methodOverride = (methods, description, required = false) => ({
  name: 'X-HTTP-Method-Override',
  in: 'header',
  required,
  description,
  schema: { type: 'string', enum: methods },
});

function referenceList(path, name, listName, section) {
  return {
    get: {
      operationId: `list${pascal(path.slice(1))}`,
      tags: ['reference lists'],
      summary: `${name} reference list`,
      description: `${section}. The response shape is not shown in the spec: a bare array or {data: [...]} are both accepted.`,
      // 4.6: "an unauthenticated-style plain GET that can be tried from a browser"; 4 says all endpoints require authentication.
      security: [{}, { ApiKey: [] }],
      responses: { 200: { description: `The ${name} list.`, content: json(ref(listName)) }, ...errors('Rejected.') },
    },
  };
}

/** The API root, the version path of every operation (9). */
const API_PREFIX = '/api/v1.1';

/**
 * The whole OpenAPI 3.1 document of the Jobs API v1.1. Deterministic: same schema files, same output.
 * `prefixed`: every path starts with /api/v1.1 and the server is {base_url} alone.
 */
export function buildOpenApi({ prefixed = false } = {}) {
  const doc = buildDocument();
  if (!prefixed) return doc;
  return {
    ...doc,
    info: {
      ...doc.info,
      description:
        `${doc.info.description} This copy has ${API_PREFIX} in every path and the server {base_url} alone, for tools that ` +
        'serve or match paths from the root whatever the server URL says, such as `prism mock` and `prism proxy`.',
    },
    servers: [{ ...doc.servers[0], url: '{base_url}' }],
    paths: Object.fromEntries(Object.entries(doc.paths).map(([path, item]) => [`${API_PREFIX}${path}`, item])),
  };
}

function buildDocument() {
  // ListQuery becomes the list parameters, so it is no component of its own (it would be an unused one).
  const { ListQuery: listQuery, ...schemas } = componentSchemas();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Jobs API',
      version: '1.1',
      // The license of this document, as of the whole jobs-conformance package.
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'Job posting HTTP/JSON interface (spec: jobs-api-v1.1.md). Generated by `npm run generate` from schemas/*.schema.json: do not edit. ' +
        'Where the spec does not show something (error statuses and bodies, reference list shapes, PUT-create status), ' +
        "this document describes the reference mock's choice and says so.",
    },
    servers: [
      {
        url: `{base_url}${API_PREFIX}`,
        description: 'The version is part of the path (9).',
        variables: { base_url: { default: 'http://127.0.0.1:4010', description: 'Scheme, host and port of the service.' } },
      },
    ],
    security: JOB_SECURITY,
    tags: [
      { name: 'jobs', description: "The employer's jobs: create, read, update, delete and list (4.1-4.5, 4.7)." },
      {
        name: 'reference lists',
        description: 'The lists job fields refer to by id: position types, categories, locations, salary periods, routing types (4.6).',
      },
    ],
    paths: {
      '/jobs': {
        get: {
          operationId: 'listJobs',
          tags: ['jobs'],
          summary: 'List the job headers of the authenticated employer (4.5)',
          description: 'Sorted by publishDate descending. Returns only jobs of the employer the key belongs to (5.3).',
          parameters: listQueryParameters(listQuery),
          responses: {
            200: { description: 'One page of job headers.', content: json(ref('JobList')) },
            ...errors('Invalid query or key.'),
          },
        },
        post: {
          operationId: 'createJob',
          tags: ['jobs'],
          summary: 'Create a job (4.2)',
          description:
            'The body is symmetrical with the GET result. A referenceId already in use is rejected from the second time on (7.1).',
          parameters: [
            methodOverride(['PUT', 'DELETE'], 'PUT updates (or creates) the job the body names by referenceId, DELETE deletes it.'),
          ],
          requestBody: body('JobCreate', 'The job to create (with X-HTTP-Method-Override: the body of PUT /jobs or DELETE /jobs).'),
          responses: {
            201: created,
            200: jobOk('With X-HTTP-Method-Override: PUT, updated: the full job.'),
            204: { description: 'With X-HTTP-Method-Override: DELETE, deleted (4.4): no body.' },
            ...errors('Invalid body, key, or a referenceId already in use.'),
          },
        },
        put: {
          operationId: 'putJobByReferenceId',
          tags: ['jobs'],
          summary: 'Update a job identified by referenceId, or create it (4.3, form 2)',
          description:
            'Partial update: only the fields sent change. When no job has this referenceId, the body creates one, as POST with a referenceId; ' +
            'the status code of that response is not shown in the spec (the reference mock answers 201 with Location).',
          requestBody: body('JobUpdateByReference', 'referenceId identifies the job.'),
          responses: {
            200: jobOk('Updated: the full job.'),
            201: {
              ...created,
              description: 'Created (status not shown in the spec): the full job.',
              headers: { Location: { ...created.headers.Location, required: false } },
            },
            ...errors('Invalid body or key.'),
          },
        },
        delete: {
          operationId: 'deleteJobByReferenceId',
          tags: ['jobs'],
          summary: 'Delete a job identified by referenceId (4.4)',
          requestBody: body('JobDelete', 'referenceId identifies the job.'),
          responses: { 204: noContent, ...errors('Unknown referenceId, invalid body or key.') },
        },
      },
      '/jobs/{id}': {
        parameters: [idParameter],
        get: {
          operationId: 'getJob',
          tags: ['jobs'],
          summary: 'Read one job (4.1)',
          responses: { 200: jobOk('The full job.'), ...errors("Unknown id (or another employer's job) or invalid key.") },
        },
        put: {
          operationId: 'updateJob',
          tags: ['jobs'],
          summary: 'Partially update a job (4.3, form 1)',
          description: 'Only the fields sent change. Archive with {status: "archived"}, re-publish with {status: "active"} (3).',
          requestBody: body('JobUpdate', 'The fields to change.'),
          responses: { 200: jobOk('Updated: the full job.'), ...errors('Unknown id, invalid body or key.') },
        },
        delete: {
          operationId: 'deleteJob',
          tags: ['jobs'],
          summary: 'Delete a job (4.4)',
          responses: { 204: noContent, ...errors('Unknown id or invalid key.') },
        },
        post: {
          operationId: 'deleteJobByMethodOverride',
          tags: ['jobs'],
          summary: 'Delete (or update) a job by POST with X-HTTP-Method-Override (1, 4.7)',
          description:
            'For clients that cannot send DELETE or PUT. DELETE is the documented value; ' +
            'section 1 lets a client send the intended method, and the reference mock honours PUT too.',
          parameters: [methodOverride(['DELETE', 'PUT'], 'The intended method.', true)],
          requestBody: body('JobUpdate', 'With X-HTTP-Method-Override: PUT, the fields to change.', false),
          responses: {
            204: noContent,
            200: jobOk('With X-HTTP-Method-Override: PUT, updated: the full job.'),
            ...errors('Unknown id, unsupported override or invalid key.'),
          },
        },
      },
      '/positiontypes': referenceList('/positiontypes', 'position type', 'PositionTypeList', '4.6, 2.4'),
      '/categories': referenceList(
        '/categories',
        'job category',
        'CategoryList',
        "4.6, 2.3 (path not shown in the spec: the reference mock's choice)",
      ),
      '/locations': referenceList(
        '/locations',
        'location',
        'LocationList',
        "4.6, 2.2 (path not shown in the spec: the reference mock's choice)",
      ),
      '/salaryperiods': referenceList(
        '/salaryperiods',
        'salary period',
        'SalaryPeriodList',
        "2.5 (path not shown in the spec: the reference mock's choice)",
      ),
      '/applicantroutingtypes': referenceList(
        '/applicantroutingtypes',
        'applicant routing type',
        'ApplicantRoutingTypeList',
        "2.6 (path not shown in the spec: the reference mock's choice)",
      ),
    },
    components: {
      schemas,
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'API-Key', description: 'Every operation on jobs requires it (5).' },
      },
    },
  };
}
