/**
 * @module The limits the generators obey, read out of the JSON Schemas (the
 * single source of truth), never typed again: string lengths, array bounds,
 * enums, province codes, salary period ids and routing type ids.
 */
import { loadSchema } from '../../schemas/index.js';
import type { JsonSchema } from '../../schemas/load.js';
import { PROVINCE_CODES, ROUTING_TYPE_MEANINGS } from '../../schemas/id-meanings.js';

/**
 * A limit the generators need is missing from, or malformed in, a schema file.
 *
 * @example
 * throw new SchemaLimitError('job-input-fields.schema.json', '/properties/title/maxLength');
 */
export class SchemaLimitError extends Error {
  override readonly name = 'SchemaLimitError';
  readonly code = 'SCHEMA_LIMIT_MISSING';
  constructor(
    readonly file: string,
    readonly pointer: string,
    options?: { cause?: unknown },
  ) {
    super(`[suites] ${file}#${pointer} is missing or has the wrong type`, options);
  }
}

function read(schema: JsonSchema, file: string, pointer: string): unknown {
  let node: unknown = schema;
  for (const key of pointer.split('/').filter(Boolean)) {
    if (node === null || typeof node !== 'object' || !(key in node)) throw new SchemaLimitError(file, pointer);
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function readNumber(file: string, pointer: string): number {
  const value = read(loadSchema(file), file, pointer);
  if (typeof value !== 'number') throw new SchemaLimitError(file, pointer);
  return value;
}

function readArray<T>(file: string, pointer: string): T[] {
  const value = read(loadSchema(file), file, pointer);
  if (!Array.isArray(value) || value.length === 0) throw new SchemaLimitError(file, pointer);
  return value as T[];
}

const FIELDS = 'job-input-fields.schema.json';

/**
 * Request limits of POST/PUT (spec 4.2 and 8), straight from job-input-fields.schema.json.
 *
 * @example
 * inputLimits.titleMax; // 256, from job-input-fields.schema.json
 */
export const inputLimits = {
  referenceIdMax: readNumber(FIELDS, '/properties/referenceId/maxLength'),
  titleMax: readNumber(FIELDS, '/properties/title/maxLength'),
  applicationEmailMax: readNumber(FIELDS, '/properties/applicationEmail/maxLength'),
  applicationUrlMax: readNumber(FIELDS, '/properties/applicationUrl/maxLength'),
  locationsMin: readNumber(FIELDS, '/properties/locations/minItems'),
  locationsMax: readNumber(FIELDS, '/properties/locations/maxItems'),
  categoriesMin: readNumber(FIELDS, '/properties/categories/minItems'),
  categoriesMax: readNumber(FIELDS, '/properties/categories/maxItems'),
  locationDescriptionMax: readNumber('location-input.schema.json', '/properties/description/maxLength'),
} as const;

/**
 * Query limits of GET /jobs (spec 4.5), from list-query.schema.json.
 *
 * @example
 * listLimits.pageMax; // 2147483647: page is an Int32
 */
export const listLimits = {
  pageMax: readNumber('list-query.schema.json', '/properties/page/maximum'),
  /** The page size in effect where a request names none (4.5: default 10). */
  pageSizeDefault: readNumber('list-query.schema.json', '/properties/pageSize/default'),
  /** The largest page size in effect (4.5, 8: maximum 100): a larger one asked is clamped to it or refused. */
  pageSizeMax: readNumber('list-query.schema.json', '/properties/pageSize/x-maximum-in-effect'),
} as const;

/**
 * Canadian province and territory codes of the `City, PC` location form (spec 2.2).
 *
 * @example
 * provinceCodes.includes('ON'); // true
 */
export const provinceCodes: readonly string[] = PROVINCE_CODES;

/**
 * Salary period ids (spec 2.5 table).
 *
 * @example
 * salaryPeriodIds; // [1, 2, 3, 4, 5]
 */
export const salaryPeriodIds: readonly number[] = readArray<number>('salary-period.schema.json', '/$defs/periodId/enum');

/**
 * The longest status a server need take (common.schema.json: the longest of the statuses, as spec 3 names them).
 *
 * @example
 * statusMaxLength; // 10
 */
export const statusMaxLength: number = readNumber('common.schema.json', '/$defs/status/maxLength');

/** Job statuses (spec 3). */
export type JobStatus = 'active' | 'archived' | 'draft';
/**
 * @example
 * jobStatuses; // ['active', 'archived', 'draft']
 */
export const jobStatuses: readonly JobStatus[] = readArray<JobStatus>('common.schema.json', '/$defs/status/enum');

function routingId(name: string): number {
  const found = ROUTING_TYPE_MEANINGS.find((t) => t.name === name);
  if (!found) throw new SchemaLimitError('applicant-routing-type.schema.json', `/x-routing-types (name ${name})`);
  return found.id;
}

/**
 * Applicant routing type ids by meaning (spec 2.6: 1 Email, 2 URL).
 *
 * @example
 * routingTypeIds.email; // 1
 */
export const routingTypeIds = { email: routingId('Email'), url: routingId('URL') } as const;
