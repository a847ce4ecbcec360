/**
 * @module Turns ajv's raw errors into the issues a person reads: one line per
 * real cause, with the JSON Pointer, the rule and its limit. ajv reports every
 * branch of a failed `oneOf`/`anyOf`; for `salary: {amount: 5}` that is the real
 * cause (`/salary/period dependentRequired`) plus two noise lines (`/salary type
 * must be null`, `/salary oneOf`). This module keeps the cause and drops the noise.
 */
import type { ErrorObject } from 'ajv';

export interface ValidationIssue {
  /** JSON Pointer of the failing value, e.g. `/locations/0/description`; `` for the root. */
  path: string;
  /** The rule that failed: a schema keyword (`maxLength`, `required`, `x-html-allowlist`, ...). */
  rule: string;
  /** The rule's limit, when it has one (256 for a title's maxLength). */
  limit?: unknown;
  message: string;
}

const LIMIT_PARAMS = ['limit', 'allowedValues', 'pattern', 'format', 'allowedValue', 'type'] as const;

function toIssue(error: ErrorObject): ValidationIssue {
  const params = error.params as Record<string, unknown>;
  const missing = params.missingProperty as string | undefined;
  const path = missing !== undefined ? `${error.instancePath}/${missing}` : error.instancePath;
  const issue: ValidationIssue = { path, rule: error.keyword, message: error.message ?? error.keyword };
  for (const key of LIMIT_PARAMS) {
    if (key in params) {
      issue.limit = params[key];
      break;
    }
  }
  return issue;
}

const isUnder = (path: string, root: string): boolean => path === root || path.startsWith(`${root}/`);

/** Several alternatives that failed on the same value and rule read as one: `must be object or null`. */
function mergeAlternatives(path: string, issues: ValidationIssue[]): ValidationIssue {
  const [first] = issues as [ValidationIssue, ...ValidationIssue[]];
  if (issues.length === 1) return first;
  const limits = issues.flatMap((i) => (Array.isArray(i.limit) ? (i.limit as unknown[]) : [i.limit]));
  const message = first.rule === 'type' ? `must be ${limits.join(' or ')}` : issues.map((i) => i.message).join(', or ');
  return { path, rule: first.rule, limit: limits, message };
}

/**
 * ajv appends a failed `oneOf`/`anyOf` error right after the errors of its
 * branches, and every branch error lies at or under the alternative's own path:
 * so the branch errors are the run of errors under that path just before it.
 * (Errors refer to $ref'd files by their own schemaPath, so schemaPath cannot
 * group them.) A branch that failed only because the value has another type
 * (`type` at the alternative's own path) is noise when another branch got
 * further and explains the failure.
 */
export function readableIssues(errors: readonly ErrorObject[]): ValidationIssue[] {
  const slots: (ValidationIssue | null)[] = errors.map((e) => (e.keyword === 'if' ? null : toIssue(e)));
  errors.forEach((error, index) => {
    if (error.keyword !== 'oneOf' && error.keyword !== 'anyOf') return;
    // passingSchemas set: the value matched several oneOf branches; the oneOf line itself is the cause.
    if ((error.params as { passingSchemas?: unknown }).passingSchemas) return;
    const at = error.instancePath;
    let start = index;
    while (start > 0 && isUnder(errors[start - 1]!.instancePath, at)) start -= 1;
    const branch = Array.from({ length: index - start }, (_, k) => start + k).filter((i) => slots[i] !== null);
    const isTypeNoise = (i: number): boolean => slots[i]!.rule === 'type' && slots[i]!.path === at;
    const causes = branch.filter((i) => !isTypeNoise(i));
    const kept = causes.length > 0 ? causes : branch;
    if (kept.length === 0) return;
    for (const i of branch) if (!kept.includes(i)) slots[i] = null;
    slots[index] = null;
    // Alternatives failing on the same value and rule (two formats, two types) become one line.
    const keptIssues = kept.map((i) => slots[i]!);
    if (keptIssues.length > 1 && keptIssues.every((s) => s.path === at && s.rule === keptIssues[0]!.rule)) {
      for (const i of kept) slots[i] = null;
      slots[index] = mergeAlternatives(at, keptIssues);
    }
  });
  const seen = new Set<string>();
  return slots.filter((issue): issue is ValidationIssue => {
    if (issue === null) return false;
    const key = `${issue.path}|${issue.rule}|${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
