/**
 * The committed OpenAPI 3.1 document (openapi/jobs-api-v1.1.json): it is a valid
 * OpenAPI document, it has every path and method of spec section 4, every $ref
 * in it resolves to a whole component, and its embedded schemas accept and
 * reject the same documents as the validators built from the schema files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020Import from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { buildOpenApi, type OpenApiDocument } from '../scripts/openapi.mjs';
import { findHtmlViolations, type HtmlAllowlist, validators } from './index.js';
import { schemaDir } from './schema-dir.js';
import { isIriReference } from './validators.js';
import {
  createBodyFromJob,
  exampleJob,
  exampleJobCreate,
  exampleJobList,
  examplePaging,
  exampleUrlJob,
  headerOf,
} from './spec-examples.js';
import { astral, withValue } from './test-helpers.test-support.js';

const Ajv2020 = ((Ajv2020Import as unknown as { default?: unknown }).default ?? Ajv2020Import) as typeof Ajv2020Import.default;
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ?? addFormatsImport) as typeof addFormatsImport.default;

const docPath = join(schemaDir, '..', 'openapi', 'jobs-api-v1.1.json');
const doc = JSON.parse(readFileSync(docPath, 'utf8')) as OpenApiDocument;
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { headers?: Record<string, { required?: boolean }>; content?: Record<string, { schema: unknown }> }>;
};
const operation = (path: string, method: string): Operation => doc.paths[path]?.[method] as Operation;

test('the committed document is what buildOpenApi() builds (regenerate with npm run generate)', () => {
  expect(doc).toEqual(buildOpenApi());
});

test('the prefixed copy has /api/v1.1 in every path and the server {base_url}, and is otherwise the same', () => {
  const prefixed = JSON.parse(readFileSync(join(schemaDir, '..', 'openapi', 'jobs-api-v1.1.prefixed.json'), 'utf8')) as OpenApiDocument;
  expect(prefixed).toEqual(buildOpenApi({ prefixed: true }));
  expect(Object.keys(prefixed.paths)).toEqual(Object.keys(doc.paths).map((p) => `/api/v1.1${p}`));
  expect(prefixed.servers.map((s) => s.url)).toEqual(['{base_url}']);
  expect(prefixed.components).toEqual(doc.components);
  expect(Object.values(prefixed.paths)).toEqual(Object.values(doc.paths));
});

test('both documents are ASCII, byte for byte, and so is every pattern they hold (tools copy them into HTTP headers)', () => {
  for (const file of ['jobs-api-v1.1.json', 'jobs-api-v1.1.prefixed.json']) {
    const bytes = readFileSync(join(schemaDir, '..', 'openapi', file));
    expect(
      bytes.findIndex((b) => b > 0x7f),
      file,
    ).toBe(-1);
  }
  const patterns: string[] = [];
  JSON.stringify(doc, (key, value: unknown) => {
    if (key === 'pattern' && typeof value === 'string') patterns.push(value);
    return value;
  });
  expect(patterns.length).toBeGreaterThan(3);
  expect(patterns.filter((p) => /[^\x00-\x7f]/.test(p))).toEqual([]);
});

test('it validates as OpenAPI 3.1 (@seriousme/openapi-schema-validator)', async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
});

test('the validator rejects a broken copy (the check above can fail)', async () => {
  const broken = structuredClone(doc) as Record<string, unknown>;
  (broken.components as { securitySchemes: { ApiKey: { in: string } } }).securitySchemes.ApiKey.in = 'body';
  expect((await new Validator().validate(broken)).valid).toBe(false);
});

describe('§4 every path and method', () => {
  const expected: [string, string, string][] = [
    ['4.1', '/jobs/{id}', 'get'],
    ['4.2', '/jobs', 'post'],
    ['4.3', '/jobs/{id}', 'put'],
    ['4.3', '/jobs', 'put'],
    ['4.4', '/jobs/{id}', 'delete'],
    ['4.4', '/jobs', 'delete'],
    ['4.5', '/jobs', 'get'],
    ['4.6', '/positiontypes', 'get'],
    ['4.6', '/categories', 'get'],
    ['4.6', '/locations', 'get'],
    ['4.6', '/salaryperiods', 'get'],
    ['4.6', '/applicantroutingtypes', 'get'],
    ['4.7', '/jobs/{id}', 'post'],
  ];
  test.each(expected)('§%s %s %s', (_section, path, method) => {
    expect(operation(path, method)).toBeDefined();
  });
  test('and no other', () => {
    const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
    const actual = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((k) => methods.includes(k))
        .map((m) => `${path} ${m}`),
    );
    expect(actual.sort()).toEqual(expected.map(([, p, m]) => `${p} ${m}`).sort());
  });
  test('§9 the server is {base_url}/api/v1.1 with a base_url variable', () => {
    expect(doc.servers).toEqual([
      expect.objectContaining({
        url: '{base_url}/api/v1.1',
        variables: { base_url: expect.objectContaining({ default: expect.stringMatching(/^https?:\/\//) }) },
      }),
    ]);
  });
});

describe('§4.5 list parameters', () => {
  const params = Object.fromEntries((operation('/jobs', 'get').parameters ?? []).map((p) => [p.name, p]));
  test('q, status, pageSize, page are optional query parameters', () => {
    expect(Object.keys(params).sort()).toEqual(['page', 'pageSize', 'q', 'status']);
    for (const p of Object.values(params)) expect(p).toMatchObject({ in: 'query', required: false });
  });
  test(
    'pageSize from 1 default 10, with 100 in effect as an annotation, not a hard maximum (the mock may clamp or reject); ' +
      'page from 1 default 1; status by the status enum',
    () => {
      expect(params.pageSize!.schema).toMatchObject({ type: 'integer', minimum: 1, default: 10, 'x-maximum-in-effect': 100 });
      expect(params.pageSize!.schema).not.toHaveProperty('maximum');
      expect((params.pageSize as { description?: string }).description).toMatch(/clamp.*reject/s);
      expect(params.page!.schema).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
      expect(params.status!.schema).toEqual({ $ref: '#/components/schemas/Status' });
      expect(doc.components.schemas.Status).toMatchObject({ enum: ['active', 'archived', 'draft'] });
    },
  );
});

describe('bodies, status codes and headers', () => {
  const bodyRef = (op: Operation) => op.requestBody?.content['application/json']?.schema;
  const responseRef = (op: Operation, status: string) => op.responses[status]?.content?.['application/json']?.schema;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  test.each([
    ['/jobs', 'post', 'JobCreate'],
    ['/jobs', 'put', 'JobUpdateByReference'],
    ['/jobs', 'delete', 'JobDelete'],
    ['/jobs/{id}', 'put', 'JobUpdate'],
  ])('%s %s takes a %s body', (path, method, name) => {
    expect(bodyRef(operation(path, method))).toEqual(ref(name));
  });

  test('§4.2 POST /jobs answers 201 with a Location header and the job', () => {
    const created = operation('/jobs', 'post').responses['201']!;
    expect(created.headers?.Location).toMatchObject({ required: true });
    expect(responseRef(operation('/jobs', 'post'), '201')).toEqual(ref('Job'));
  });

  test.each([
    ['/jobs/{id}', 'get', '200', 'Job'],
    ['/jobs/{id}', 'put', '200', 'Job'],
    ['/jobs', 'put', '200', 'Job'],
    ['/jobs', 'get', '200', 'JobList'],
    ['/positiontypes', 'get', '200', 'PositionTypeList'],
  ])('%s %s answers %s with %s', (path, method, status, name) => {
    expect(responseRef(operation(path, method), status)).toEqual(ref(name));
  });

  test.each([
    ['/jobs/{id}', 'delete'],
    ['/jobs', 'delete'],
    ['/jobs/{id}', 'post'],
  ])('§4.4 %s %s answers 204 with no body', (path, method) => {
    expect(operation(path, method).responses['204']).toBeDefined();
    expect(operation(path, method).responses['204']!.content).toBeUndefined();
  });

  test('§4.7 POST /jobs/{id} requires X-HTTP-Method-Override: DELETE, or PUT (section 1: the intended method), and answers as that method', () => {
    const post = operation('/jobs/{id}', 'post');
    expect(post.parameters).toContainEqual(
      expect.objectContaining({
        name: 'X-HTTP-Method-Override',
        in: 'header',
        required: true,
        schema: { type: 'string', enum: ['DELETE', 'PUT'] },
      }),
    );
    expect(Object.keys(post.responses ?? {})).toEqual(expect.arrayContaining(['204', '200']));
  });

  test('§1 POST /jobs may carry X-HTTP-Method-Override: PUT or DELETE, answering 200 or 204 as that method', () => {
    const post = operation('/jobs', 'post');
    expect(post.parameters).toContainEqual(
      expect.objectContaining({
        name: 'X-HTTP-Method-Override',
        in: 'header',
        required: false,
        schema: { type: 'string', enum: ['PUT', 'DELETE'] },
      }),
    );
    expect(Object.keys(post.responses ?? {})).toEqual(expect.arrayContaining(['201', '200', '204']));
  });

  test('every operation documents 4xx with the error body', () => {
    for (const item of Object.values(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (method === 'parameters') continue;
        expect(responseRef(op as Operation, '4XX'), method).toEqual(ref('ErrorBody'));
      }
    }
  });
});

describe('§5 authentication', () => {
  test('API-Key is an apiKey scheme in the header', () => {
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'API-Key' });
  });
  test('every job operation requires it; reference lists may be read without it (4.6)', () => {
    const global = doc.security as Record<string, string[]>[];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (method === 'parameters') continue;
        const security = (op as Operation).security ?? global;
        if (path.startsWith('/jobs')) expect(security, `${method} ${path}`).toEqual([{ ApiKey: [] }]);
        else expect(security, `${method} ${path}`).toContainEqual({});
      }
    }
  });
});

describe('references', () => {
  const refs: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') refs.push(value);
        else walk(value);
      }
    }
  };
  walk(doc);
  const resolve = (ref: string): unknown =>
    ref
      .slice(2)
      .split('/')
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);

  test('there are references to check', () => {
    expect(refs.length).toBeGreaterThan(50);
  });
  test('every $ref is local, names a whole component, and resolves', () => {
    const bad = refs.filter((r) => !/^#\/components\/schemas\/[A-Za-z0-9]+$/.test(r) || resolve(r) === undefined);
    expect(bad).toEqual([]);
  });
  test('no schema keeps an $id or $schema that would change how its refs resolve', () => {
    const text = JSON.stringify(doc.components.schemas);
    expect(text).not.toMatch(/"\$id"|"\$schema"|jobs-conformance\.local/);
  });
  test('every component is used, from a path or another component', () => {
    const used = new Set(refs.map((r) => r.split('/').pop()));
    const unused = Object.keys(doc.components.schemas).filter((name) => !used.has(name));
    // ListQuery feeds the parameters by copy and is no component (redocly's no-unused-components).
    expect(unused).toEqual([]);
    expect(doc.components.schemas).not.toHaveProperty('ListQuery');
  });
});

describe('the embedded schemas behave like the schema files', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  // iri-reference is a JSON Schema 2020-12 format that ajv-formats lacks; a tool that knows it reads it so.
  ajv.addFormat('iri-reference', { type: 'string', validate: isIriReference });
  ajv.addKeyword({
    keyword: 'x-html-allowlist',
    type: 'string',
    validate: (table: HtmlAllowlist, html: string) => findHtmlViolations(html, table).length === 0,
  });
  const rewritten = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'));
  ajv.addSchema({ $id: 'https://jobs-conformance.local/openapi-components.json', $defs: rewritten });
  const viaOpenApi = (name: string) => ajv.getSchema(`https://jobs-conformance.local/openapi-components.json#/$defs/${name}`)!;

  const cases: [keyof typeof validators, string, unknown[]][] = [
    [
      'job',
      'Job',
      [
        exampleJob,
        exampleUrlJob,
        withValue(exampleJob, '/applicationUrl', 'https://x'),
        withValue(exampleJob, '/title', astral(257)),
        withValue(exampleJob, '/publishDate', '2024-03-01T09:30:00'),
        withValue(exampleJob, '/publishDate', 'soon'),
        withValue(exampleJob, '/salary', null),
      ],
    ],
    [
      'jobCreate',
      'JobCreate',
      [
        exampleJobCreate,
        createBodyFromJob(exampleJob),
        createBodyFromJob(exampleUrlJob),
        withValue(exampleJobCreate, '/salary', { amount: 5 }),
        withValue(exampleJobCreate, '/applicationUrl', undefined),
        withValue(exampleJobCreate, '/description', '<span>x</span>'),
        withValue(exampleJobCreate, '/description', '<a>x</a>'),
        withValue(exampleJobCreate, '/locations/0/description', 'Paris, FR'),
        withValue(exampleJobCreate, '/categories', []),
        withValue(exampleJobCreate, '/referenceId', astral(51)),
        withValue(exampleJobCreate, '/referenceId', astral(50)),
        withValue(exampleJobCreate, '/title', undefined),
      ],
    ],
    [
      'jobUpdate',
      'JobUpdate',
      [
        {},
        { title: 'x' },
        { status: 'archived' },
        { status: 'gone' },
        { salary: { amount: 1 } },
        { closeDate: '2024-03-01T09:30:00+02:00' },
        { closeDate: '2026-12-02T00:00Z' },
        { closeDate: '20261202T053000.123456789+0530' },
        { closeDate: '2026-12-02T08Z' },
      ],
    ],
    [
      'jobUpdateByReference',
      'JobUpdateByReference',
      [{ referenceId: 'r', status: 'active' }, { status: 'active' }, { referenceId: '' }, exampleJobCreate],
    ],
    ['jobHeader', 'JobHeader', [headerOf(exampleJob), exampleJob, withValue(headerOf(exampleJob), '/locations', [])]],
    ['jobList', 'JobList', [exampleJobList, { data: [] }, withValue(exampleJobList, '/paging/pageSize', 101)]],
    [
      'paging',
      'Paging',
      [
        examplePaging,
        withValue(examplePaging, '/page', 0),
        withValue(examplePaging, '/next', 'not a url'),
        withValue(examplePaging, '/next', '/api/v1.1/jobs?q=séance&page=2'),
      ],
    ],
    ['positionTypeList', 'PositionTypeList', [[exampleJob.positionType], { data: [exampleJob.positionType] }, [{ id: 1 }], 'x']],
    ['salaryInput', 'SalaryInput', [{ amount: 1, period: { id: 5 } }, { amount: 1, period: { id: 6 } }, { amount: 1 }]],
    [
      'error',
      'ErrorBody',
      [
        { status: 404, code: 'not_found', message: 'no job 7' },
        { status: 200, code: 'x', message: 'y' },
      ],
    ],
  ];

  test.each(cases)('%s: same verdicts through the OpenAPI component %s', (name, component, samples) => {
    const validateFile = validators[name] as (data: unknown) => { ok: boolean };
    const validateComponent = viaOpenApi(component);
    const verdicts = samples.map((s) => [validateFile(s).ok, validateComponent(s)]);
    expect(verdicts.map(([a]) => a)).toEqual(verdicts.map(([, b]) => b));
    // Both verdicts occur among the samples, so the comparison can tell the two apart.
    expect(new Set(verdicts.map(([a]) => a)).size).toBe(2);
  });
});
