/**
 * Regression: test/mutants/mutants.test.ts read
 * `rule.error`, a field no RuleResult has (it is `errorMessage`), and it
 * compiled because the generated report types allowed any key
 * (`[k: string]: unknown`). The report schema is now closed where the shape
 * is ours: its generated types have no index signature, and a report with a
 * stray key is invalid.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../reports/sample-report.test-support.js';
import { validators } from '../../schemas/index.js';

/** The generated interfaces of report.schema.json. */
const REPORT_TYPES = ['ConformanceReport', 'Summary', 'RuleResult', 'Mismatch', 'Exchange', 'Observation', 'Cleanup', 'BaselineResult'];

function interfaceBody(source: string, name: string): string {
  const start = source.indexOf(`export interface ${name} {`);
  expect(start, `interface ${name} in schemas/types.gen.ts`).toBeGreaterThanOrEqual(0);
  const end = source.indexOf('\n}\n', start);
  // A counterexample is the target's own JSON: the one open object.
  return source.slice(start, end).replace(/counterexample\?: \{\n\s+\[k: string\]: unknown;\n\s+\};/, '');
}

describe('the report types are closed', () => {
  const source = readFileSync(new URL('../../schemas/types.gen.ts', import.meta.url), 'utf8');
  for (const name of REPORT_TYPES) {
    it(`${name} has no [k: string]: unknown`, () => {
      expect(interfaceBody(source, name)).not.toContain('[k: string]: unknown');
    });
  }

  it('a report with a stray key on a rule is invalid', () => {
    const report = sampleReport();
    expect(validators.report(report).ok).toBe(true);
    (report.rules[0] as unknown as Record<string, unknown>).error = 'typo of errorMessage';
    expect(validators.report(report).ok).toBe(false);
  });

  it('test/mutants/mutants.test.ts reads errorMessage, not error', () => {
    const test = readFileSync(new URL('../mutants/mutants.test.ts', import.meta.url), 'utf8');
    expect(test).not.toMatch(/\brule\.error\b/);
  });
});
