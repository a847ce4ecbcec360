/**
 * @module Finds the JSON Schema files on disk, both when running from source
 * (schemas/load.ts) and from the build (dist/schemas/load.js).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Folder holding the *.schema.json files. */
export const schemaDir: string = [here, join(here, '..', '..', 'schemas')].find((dir) =>
  existsSync(join(dir, 'job.schema.json')),
) ?? here;

/** The $id prefix every schema shares; `$ref`s between files are relative to it. */
export const SCHEMA_BASE = 'https://jobs-conformance.local/schemas/';

export type JsonSchema = Record<string, unknown>;

/** Reads one schema file by its file name, e.g. `job.schema.json`. */
export function loadSchema(fileName: string): JsonSchema {
  return JSON.parse(readFileSync(join(schemaDir, fileName), 'utf8')) as JsonSchema;
}

/** Every schema file, keyed by file name. */
export function loadAllSchemas(): Map<string, JsonSchema> {
  const files = readdirSync(schemaDir).filter((f) => f.endsWith('.schema.json')).sort();
  return new Map(files.map((f) => [f, loadSchema(f)]));
}
