/**
 * @module The field names of a job, read once from the schemas' properties: the full Job (spec 2.1), its
 * header in a list (spec 2.7) and the request fields of a write (spec 4.2, 4.3). Every layer that walks a
 * job's fields imports these lists instead of writing its own, so a field added to a schema reaches them all.
 */
import type { Job, JobHeader, JobInputFields } from './types.gen.js';
import { schemaFiles } from './schemas.gen.js';

/** The property names of one schema file, in the order the file declares them. */
function propertyNames(fileName: string): readonly string[] {
  const properties = schemaFiles[fileName]?.properties;
  if (typeof properties !== 'object' || properties === null) throw new Error(`${fileName} declares no properties`);
  return Object.freeze(Object.keys(properties));
}

/** A name a type knows: the generated types allow any extra key, so the named fields are the keys of the index-free part. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };

/** The fields of the full Job (spec 2.1), from job.schema.json. A target may add read-only fields of its own (e.g. updatedAt). */
export const JOB_FIELDS = propertyNames('job.schema.json') as readonly KnownKeys<Job>[];

/** The fields of the job header, a list item (spec 2.7), from job-header.schema.json. */
export const JOB_HEADER_FIELDS = propertyNames('job-header.schema.json') as readonly KnownKeys<JobHeader>[];

/** The request fields of POST /jobs and PUT (spec 4.2, 4.3), from job-input-fields.schema.json; anything else in a body is ignored. */
export const JOB_INPUT_FIELDS = propertyNames('job-input-fields.schema.json') as readonly KnownKeys<JobInputFields>[];

/** The write fields that hold a list (locations, categories: spec 2.1, "1 to 3 entries"), from their schema type. */
export const JOB_INPUT_LIST_FIELDS = JOB_INPUT_FIELDS.filter((field) => {
  const property = (schemaFiles['job-input-fields.schema.json']?.properties as Record<string, { type?: unknown }>)[field];
  return property?.type === 'array';
});
