import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalog, proxyCatalog } from './index.js';

/**
 * The one place that names the spec's file: the spec lives beside the repository, not in it. A checkout
 * without it skips the check; CI keeps it beside the clone, so there its absence fails instead.
 */
const SPEC_PATH = fileURLToPath(new URL('../../../shared/spec/jobs-api-v1.1.md', import.meta.url));
const SPEC_REQUIRED = process.env.CI === 'true';
const GOOD_PRACTICE = 'Good practice; the spec says: ';

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The verbatim pieces of a statement: without the good-practice prefix, split at "…" elisions and [bracketed] renames. */
export function quotedFragments(statement: string): string[] {
  const quote = statement.startsWith(GOOD_PRACTICE) ? statement.slice(GOOD_PRACTICE.length) : statement;
  return quote
    .split(/…|\[[^\]]*\]/)
    .map(collapse)
    .filter((fragment) => fragment !== '');
}

describe('rule statements', () => {
  it('every rule quotes the spec sentence it checks', () => {
    const missing = [...catalog, ...proxyCatalog].filter((rule) => collapse(rule.statement) === '').map((rule) => rule.id);
    expect(missing).toEqual([]);
  });

  it('a should rule, and only a should rule, says its quote is what good practice relates to', () => {
    const wrong = [...catalog, ...proxyCatalog]
      .filter((rule) => (rule.level === 'should') !== rule.statement.startsWith(GOOD_PRACTICE))
      .map((rule) => rule.id);
    expect(wrong).toEqual([]);
  });

  it('splits a statement into its verbatim fragments', () => {
    expect(quotedFragments(`${GOOD_PRACTICE}a … b [positionType] c`)).toEqual(['a', 'b', 'c']);
  });

  const spec = existsSync(SPEC_PATH) ? collapse(readFileSync(SPEC_PATH, 'utf8')) : undefined;
  const verbatim = 'every quoted fragment occurs verbatim in the Jobs API v1.1 specification';
  it.skipIf(spec === undefined && !SPEC_REQUIRED)(
    spec === undefined && !SPEC_REQUIRED ? `${verbatim} (skipped: the specification is not beside the repository)` : verbatim,
    () => {
      if (spec === undefined) throw new Error(`the Jobs API v1.1 specification is missing at ${SPEC_PATH} (required under CI=true)`);
      // The validating proxy's own rules quote the spec the same way.
      const notInSpec = [...catalog, ...proxyCatalog].flatMap((rule) =>
        quotedFragments(rule.statement)
          .filter((fragment) => !spec.includes(fragment))
          .map((fragment) => `${rule.id}: ${fragment}`),
      );
      expect(notInSpec).toEqual([]);
    },
  );
});
