/**
 * @module The JSON Schemas, from the generated module schemas/schemas.gen.ts
 * (`npm run generate`), so nothing is read from disk: this module and what
 * imports it also run in a browser (MSW setupWorker). The folder of the
 * schema files, for Node callers that need paths, is in schema-dir.ts.
 */
import { schemaFiles } from './schemas.gen.js';

/** The $id prefix every schema shares; `$ref`s between files are relative to it. */
export const SCHEMA_BASE = 'https://jobs-conformance.local/schemas/';

export type JsonSchema = Record<string, unknown>;

/** One schema by its file name, e.g. `job.schema.json` (a fresh copy: callers may change it). */
export function loadSchema(fileName: string): JsonSchema {
  const schema = Object.hasOwn(schemaFiles, fileName) ? schemaFiles[fileName] : undefined;
  if (schema === undefined) throw new Error(`no schema file named ${fileName} (run \`npm run generate\` after adding one)`);
  return structuredClone(schema);
}

/** Every schema file, keyed by file name. */
export function loadAllSchemas(): Map<string, JsonSchema> {
  return new Map(
    Object.keys(schemaFiles)
      .sort()
      .map((f) => [f, loadSchema(f)]),
  );
}
