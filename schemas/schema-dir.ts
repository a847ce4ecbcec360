/**
 * @module Finds the JSON Schema files on disk, both when running from source
 * (schemas/schema-dir.ts) and from the build (dist/schemas/schema-dir.js).
 * Node only; the schemas themselves are loaded by load.ts without the disk.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Folder holding the *.schema.json files. */
export const schemaDir: string = [here, join(here, '..', '..', 'schemas')].find((dir) => existsSync(join(dir, 'job.schema.json'))) ?? here;
