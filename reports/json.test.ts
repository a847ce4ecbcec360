import { describe, expect, it } from 'vitest';
import { formatIssues, validators } from '../schemas/index.js';
import { PLANTED_KEY, sampleReport, withKeyInOptions } from './sample-report.test-support.js';
import { renderJson } from './json.js';
import { REDACTED, redactReport } from './redactor.js';

describe('renderJson', () => {
  it('writes the report, redacted, valid against report.schema.json', () => {
    const text = renderJson(redactReport(sampleReport()));
    const parsed: unknown = JSON.parse(text);
    const result = validators.report(parsed);
    expect(result.ok, result.ok ? '' : formatIssues(result.issues)).toBe(true);
    expect(text).not.toContain(PLANTED_KEY);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('keeps everything else as it was: rules, mismatches, counterexamples, exchanges, observations, leftovers', () => {
    const input = withKeyInOptions(sampleReport());
    const output = JSON.parse(renderJson(redactReport(input))) as typeof input;
    expect(output.rules.map((rule) => [rule.id, rule.status, rule.cases])).toEqual(
      input.rules.map((rule) => [rule.id, rule.status, rule.cases]),
    );
    expect(output.rules[3]?.mismatches[0]?.counterexample).toEqual(input.rules[3]?.mismatches[0]?.counterexample);
    expect(output.rules[0]?.mismatches[0]?.exchanges).toEqual(input.rules[0]?.mismatches[0]?.exchanges);
    expect(output.observations).toEqual(input.observations);
    expect(output.cleanup).toEqual(input.cleanup);
    expect(output.seed).toBe(input.seed);
    expect((output.options as Record<string, unknown>).apiKey).toBe(REDACTED);
  });

  it('is pure: it writes the report it is given, without redacting it again', () => {
    const safe = redactReport(sampleReport());
    expect(renderJson(safe)).toBe(`${JSON.stringify(safe, null, 2)}\n`);
  });
});
