/**
 * @module Small helpers for the schema tests: set a value at a JSON Pointer in
 * a copy of a document, and find an issue by path and rule.
 */
import type { ValidationIssue, ValidationResult } from './validators.js';

/** A deep copy of `doc` with `value` at `pointer` (`/a/0/b`); `undefined` removes the member. */
export function withValue<T>(doc: T, pointer: string, value: unknown): T {
  const copy = structuredClone(doc) as unknown;
  const keys = pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = keys.pop();
  if (last === undefined) return value as T;
  let node = copy as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy as T;
}

/** The issues of a failed result; an empty list (so assertions show it) when the value passed. */
export function issuesOf(result: ValidationResult<unknown>): ValidationIssue[] {
  return result.ok ? [] : result.issues;
}

/** `count` copies of one astral character: 2 UTF-16 units each, 1 code point each. */
export const astral = (count: number): string => '😀'.repeat(count);
