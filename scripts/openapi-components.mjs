// The components/schemas of the OpenAPI document, from the same schema files the validators
// use. Every schema file (but the conformance report) is embedded; every $defs entry becomes
// a component of its own, so tools that only follow `#/components/schemas/X` (Prism, Postman,
// Schemathesis) can use the document.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const schemaDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');
const BASE = 'https://jobs-conformance.local/schemas/';
/** Not part of the interface: the suite's own output. */
const EXCLUDED = new Set(['report.schema.json']);
/** Keywords only our tooling reads (json-schema-to-typescript). */
const DROPPED_KEYWORDS = new Set(['$schema', '$id', 'tsType']);
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
    if (key === 'x-pattern') continue;
    // ajv's own format "iso-8601" (schemas/iso-date.ts) is unknown to other tools: they get its grammar as a pattern.
    if (key === 'format' && value === 'iso-8601') {
      out.pattern = node['x-pattern'];
      out['x-format'] = 'iso-8601';
    } else out[key] = rewrite(value, file, ctx);
  }
  // Repeat a string type in each anyOf branch: Prism's example generator picks one branch and ignores the type beside anyOf.
  if (typeof out.type === 'string' && Array.isArray(out.anyOf)) {
    out.anyOf = out.anyOf.map((s) => (s.type === undefined && s.$ref === undefined ? { type: out.type, ...s } : s));
  }
  return out;
}

/** Every schema file (but the report) as components, keyed by name, sorted. */
export function componentSchemas() {
  const files = loadFiles();
  const names = nameComponents(files);
  const ctx = { names, byFile: new Map(files.map(({ file, schema }) => [file, schema])) };
  const schemas = {};
  for (const { file, schema } of files) {
    if (names.has(file)) schemas[names.get(file)] = rewrite(schema, file, ctx);
    for (const [def, sub] of Object.entries(schema.$defs ?? {})) schemas[names.get(`${file}#/$defs/${def}`)] = rewrite(sub, file, ctx);
  }
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}
