// Builds the OpenAPI 3.1 document of the Jobs API v1.1 from the same schema files the
// validators use. Every schema file (but the conformance report) is embedded under
// components/schemas; every $defs entry becomes a component of its own, so tools that only
// follow `#/components/schemas/X` (Prism, Postman, Schemathesis) can use the document.
// scripts/generate.mjs writes the result to openapi/jobs-api-v1.1.json.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const schemaDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');
const BASE = 'https://jobs-conformance.local/schemas/';
/** Not part of the interface: the suite's own output. */
const EXCLUDED = new Set(['report.schema.json']);
/** Keywords only our tooling reads (json-schema-to-typescript). */
const DROPPED_KEYWORDS = new Set(['$schema', '$id', 'tsType']);
// ajv's "iso-date-time" is a date-time whose zone may be omitted. OpenAPI tools know
// "date-time" (zone required), so the zone-less form becomes an explicit pattern.
const LOCAL_DATE_TIME = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?$';

const pascal = (name) => name.charAt(0).toUpperCase() + name.slice(1);

export class OpenApiBuildError extends Error {
  name = 'OpenApiBuildError';
  /** @param {'NAME_COLLISION' | 'UNRESOLVED_REF'} code */
  constructor(code, message, context) {
    super(`[openapi] ${message}`);
    this.code = code;
    this.context = context;
  }
}

function loadFiles() {
  return readdirSync(schemaDir)
    .filter((f) => f.endsWith('.schema.json') && !EXCLUDED.has(f))
    .sort()
    .map((file) => ({ file, schema: JSON.parse(readFileSync(join(schemaDir, file), 'utf8')) }));
}

/** Component names: a file by its title, a $defs entry by its own title or `Pascal(name)`. */
function nameComponents(files) {
  const names = new Map(); // "file" or "file#/$defs/name" -> component name
  const taken = new Map();
  const claim = (key, name) => {
    if (taken.has(name)) throw new OpenApiBuildError('NAME_COLLISION', `${key} and ${taken.get(name)} both map to ${name}`, { key, name });
    taken.set(name, key);
    names.set(key, name);
  };
  for (const { file, schema } of files) {
    // A file that only holds $defs (common, html, reference-lists) is no component itself.
    if (Object.keys(schema).some((k) => !['$schema', '$id', 'title', 'description', '$defs'].includes(k))) claim(file, schema.title);
    for (const [def, sub] of Object.entries(schema.$defs ?? {})) claim(`${file}#/$defs/${def}`, sub.title ?? pascal(def));
  }
  return names;
}

/** Splits a $ref into the file it names and the JSON Pointer inside that file. */
function splitRef(ref, file) {
  const [target, pointer = ''] = ref.split('#');
  return { targetFile: target === '' ? file : target.replace(BASE, ''), pointer };
}

const pointerGet = (node, pointer) =>
  pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((n, k) => (n === undefined ? undefined : n[k]), node);

/**
 * `salary.schema.json`, `#/$defs/input`, `common.schema.json#/$defs/int32` become
 * `#/components/schemas/<Name>`. A ref into the middle of a schema
 * (`job.schema.json#/properties/id`) is inlined instead, so that every $ref of the
 * document names a whole component: some importers follow no other pointers.
 */
function rewriteRefNode(node, file, ctx) {
  const { $ref, ...siblings } = node;
  const { targetFile, pointer } = splitRef($ref, file);
  const defMatch = /^\/\$defs\/([^/]+)(.*)$/.exec(pointer);
  const key = defMatch ? `${targetFile}#/$defs/${defMatch[1]}` : targetFile;
  const rest = defMatch ? defMatch[2] : pointer;
  const name = ctx.names.get(key);
  let target;
  if (name !== undefined && rest === '') target = { $ref: `#/components/schemas/${name}` };
  else {
    const schema = ctx.byFile.get(targetFile);
    const sub = schema === undefined ? undefined : pointerGet(schema, pointer);
    if (sub === undefined) throw new OpenApiBuildError('UNRESOLVED_REF', `${$ref} in ${file} resolves to nothing`, { ref: $ref, file });
    target = rewrite(sub, targetFile, ctx);
  }
  const rewrittenSiblings = rewrite(siblings, file, ctx);
  if (Object.keys(rewrittenSiblings).length === 0) return target;
  // 3.1 allows keywords beside $ref, but importers written for 3.0 ignore them: allOf keeps both applying everywhere.
  const { allOf = [], ...others } = rewrittenSiblings;
  return { allOf: [target, ...allOf], ...others };
}

function rewrite(node, file, ctx) {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, file, ctx));
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') return rewriteRefNode(node, file, ctx);
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED_KEYWORDS.has(key) || key === '$defs') continue;
    if (key === 'format' && value === 'iso-date-time') {
      out.pattern = LOCAL_DATE_TIME;
      out['x-format'] = 'iso-date-time';
    } else out[key] = rewrite(value, file, ctx);
  }
  // The date-time forms: RFC 3339 with zone, or local (no zone).
  if (Array.isArray(out.anyOf) && out.anyOf.some((s) => s['x-format'] === 'iso-date-time')) {
    out.anyOf = out.anyOf.flatMap((s) => (s['x-format'] === 'iso-date-time' ? [{ format: 'date-time' }, s] : [s]));
  }
  return out;
}

function componentSchemas(files, names) {
  const ctx = { names, byFile: new Map(files.map(({ file, schema }) => [file, schema])) };
  const schemas = {};
  for (const { file, schema } of files) {
    if (names.has(file)) schemas[names.get(file)] = rewrite(schema, file, ctx);
    for (const [def, sub] of Object.entries(schema.$defs ?? {})) schemas[names.get(`${file}#/$defs/${def}`)] = rewrite(sub, file, ctx);
  }
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}

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
    pageSize: 'Default 10, maximum 100 (8). Above 100 the reference mock uses 100 (the page size in effect is in paging.pageSize); another server may reject it.',
    page: 'Default 1.',
  };
  return Object.entries(described).map(([name, description]) => {
    const { 'x-maximum-in-effect': maximum, ...schema } = listQuery.properties[name];
    return { name, in: 'query', required: false, description, schema: maximum === undefined ? schema : { ...schema, maximum } };
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

/** The whole OpenAPI 3.1 document of the Jobs API v1.1. Deterministic: same schema files, same output. */
export function buildOpenApi() {
  const files = loadFiles();
  const names = nameComponents(files);
  const schemas = componentSchemas(files, names);
  const listQuery = schemas.ListQuery;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Jobs API',
      version: '1.1',
      description:
        'Job posting HTTP/JSON interface (spec: jobs-api-v1.1.md). Generated by `npm run generate` from schemas/*.schema.json: do not edit. ' +
        "Where the spec does not show something (error statuses and bodies, reference list shapes, PUT-create status), this document describes the reference mock's choice and says so.",
    },
    servers: [
      {
        url: '{base_url}/api/v1.1',
        description: 'The version is part of the path (9).',
        variables: { base_url: { default: 'http://127.0.0.1:4010', description: 'Scheme, host and port of the service.' } },
      },
    ],
    security: JOB_SECURITY,
    tags: [{ name: 'jobs' }, { name: 'reference lists' }],
    paths: {
      '/jobs': {
        get: {
          operationId: 'listJobs',
          tags: ['jobs'],
          summary: 'List the job headers of the authenticated employer (4.5)',
          description: 'Sorted by publishDate descending. Returns only jobs of the employer the key belongs to (5.3).',
          parameters: listQueryParameters(listQuery),
          responses: { 200: { description: 'One page of job headers.', content: json(ref('JobList')) }, ...errors('Invalid query or key.') },
        },
        post: {
          operationId: 'createJob',
          tags: ['jobs'],
          summary: 'Create a job (4.2)',
          description: 'The body is symmetrical with the GET result. A referenceId already in use is rejected from the second time on (7.1).',
          requestBody: body('JobCreate', 'The job to create.'),
          responses: { 201: created, ...errors('Invalid body, key, or a referenceId already in use.') },
        },
        put: {
          operationId: 'putJobByReferenceId',
          tags: ['jobs'],
          summary: 'Update a job identified by referenceId, or create it (4.3, form 2)',
          description: 'Partial update: only the fields sent change. When no job has this referenceId, the body creates one, as POST with a referenceId; the status code of that response is not shown in the spec (the reference mock answers 201 with Location).',
          requestBody: body('JobUpdateByReference', 'referenceId identifies the job.'),
          responses: {
            200: jobOk('Updated: the full job.'),
            201: { ...created, description: 'Created (status not shown in the spec): the full job.', headers: { Location: { ...created.headers.Location, required: false } } },
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
          responses: { 200: jobOk('The full job.'), ...errors('Unknown id (or another employer’s job) or invalid key.') },
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
          summary: 'Delete a job by POST with X-HTTP-Method-Override: DELETE (1, 4.7)',
          description: 'For clients that cannot send DELETE. DELETE is the documented value.',
          parameters: [
            { name: 'X-HTTP-Method-Override', in: 'header', required: true, description: 'The intended method.', schema: { type: 'string', enum: ['DELETE'] } },
          ],
          responses: { 204: noContent, ...errors('Unknown id, unsupported override or invalid key.') },
        },
      },
      '/positiontypes': referenceList('/positiontypes', 'position type', 'PositionTypeList', '4.6, 2.4'),
      '/categories': referenceList('/categories', 'job category', 'CategoryList', '4.6, 2.3 (path not shown in the spec: the reference mock’s choice)'),
      '/locations': referenceList('/locations', 'location', 'LocationList', '4.6, 2.2 (path not shown in the spec: the reference mock’s choice)'),
      '/salaryperiods': referenceList('/salaryperiods', 'salary period', 'SalaryPeriodList', '2.5 (path not shown in the spec: the reference mock’s choice)'),
      '/applicantroutingtypes': referenceList('/applicantroutingtypes', 'applicant routing type', 'ApplicantRoutingTypeList', '2.6 (path not shown in the spec: the reference mock’s choice)'),
    },
    components: {
      schemas,
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'API-Key', description: 'Every operation on jobs requires it (5).' },
      },
    },
  };
}
