import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../schemas/types.gen.js';
import { HOSTILE, PLANTED_KEY, sampleReport } from './sample-report.test-support.js';
import { applyBaseline } from './gating/gating.js';
import { renderJunit } from './junit.js';
import { redactReport } from './redactor.js';

interface Testcase {
  '@_name': string;
  '@_classname': string;
  '@_time': string;
  failure?: { '@_message': string; '@_type': string; '#text'?: string } | string;
  error?: { '@_message': string; '@_type': string };
  skipped?: { '@_message': string } | string;
  'system-out'?: string;
  properties?: { property: { '@_name': string; '@_value': string }[] };
}
interface Testsuite {
  '@_name': string;
  '@_tests': string;
  '@_failures': string;
  '@_errors': string;
  '@_skipped': string;
  testcase: Testcase[];
  properties?: { property: { '@_name': string; '@_value': string }[] };
}
interface Parsed {
  testsuites: { '@_tests': string; '@_failures': string; '@_errors': string; '@_skipped': string; testsuite: Testsuite[] };
}

function parse(xml: string): Parsed {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseAttributeValue: false,
    parseTagValue: false,
    isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
  });
  return parser.parse(xml) as Parsed;
}

/** Expected counts, straight from the report's statuses. */
function expectedCounts(report: ConformanceReport, area?: string) {
  const rules = report.rules.filter((rule) => area === undefined || rule.area === area);
  const is = (...statuses: string[]) => rules.filter((rule) => statuses.includes(rule.status)).length;
  const warnings = report.options?.strict ? is('warning') : 0;
  return { tests: rules.length, failures: is('failed') + warnings, errors: is('error'), skipped: is('skipped', 'disabled', 'known') };
}

function counts(node: { '@_tests': string; '@_failures': string; '@_errors': string; '@_skipped': string }) {
  return {
    tests: Number(node['@_tests']),
    failures: Number(node['@_failures']),
    errors: Number(node['@_errors']),
    skipped: Number(node['@_skipped']),
  };
}

describe('renderJunit', () => {
  it('is well-formed XML with one testsuite per area and counts that match the report', () => {
    const report = sampleReport();
    const parsed = parse(renderJunit(redactReport(report)));
    const suites = parsed.testsuites.testsuite;
    const areas = [...new Set(report.rules.map((rule) => rule.area))];
    expect(suites.map((suite) => suite['@_name'])).toEqual(areas);
    for (const suite of suites) {
      expect(counts(suite), suite['@_name']).toEqual(expectedCounts(report, suite['@_name']));
      // The attributes agree with the children.
      const cases = suite.testcase;
      expect(cases).toHaveLength(Number(suite['@_tests']));
      expect(cases.filter((c) => c.failure !== undefined)).toHaveLength(Number(suite['@_failures']));
      expect(cases.filter((c) => c.error !== undefined)).toHaveLength(Number(suite['@_errors']));
      expect(cases.filter((c) => c.skipped !== undefined)).toHaveLength(Number(suite['@_skipped']));
    }
    expect(counts(parsed.testsuites)).toEqual(expectedCounts(report));
  });

  it('gives failures a message and the full details, errors and skips their reasons', () => {
    const suites = parse(renderJunit(redactReport(sampleReport()))).testsuites.testsuite;
    const all = suites.flatMap((suite) => suite.testcase);
    const find = (id: string) => all.find((c) => c['@_name'].startsWith(`${id}:`));

    const location = find('jobs.create.location-header');
    expect(location?.['@_classname']).toBe('jobs-conformance.create');
    expect(location?.['@_time']).toBe('0.035');
    const failure = location?.failure as { '@_message': string; '@_type': string; '#text': string };
    expect(failure['@_type']).toBe('mismatch');
    expect(failure['@_message']).toBe('§4.2 POST /jobs responded 201 without a Location header');
    expect(failure['#text']).toContain('Expected: §4.2: "Response 201 with a Location header');
    expect(failure['#text']).toContain("curl -i -X POST 'http://127.0.0.1:4010/api/v1.1/jobs'");
    expect(failure['#text']).toContain('> POST http://127.0.0.1:4010/api/v1.1/jobs');
    expect(failure['#text']).toContain('< 201');
    expect(failure['#text']).toContain(
      'npx jobs-conformance --base-url http://127.0.0.1:4010 --seed 424242 --only jobs.create.location-header',
    );

    expect((find('jobs.roundtrip.get-equals-post')?.failure as { '@_type': string })['@_type']).toBe('flaky-mismatch');
    expect((find('html.description.allow-list')?.failure as { '@_message': string })['@_message']).toContain('(+1 more)');
    expect(find('paging.next.repeats-filters')?.error?.['@_type']).toBe('suite-error');
    expect((find('isolation.list.other-employer')?.skipped as { '@_message': string })['@_message']).toBe('needs --second-api-key');
    expect((find('robustness.concurrent.create')?.skipped as { '@_message': string })['@_message']).toBe('disabled');
    expect(find('jobs.update.partial')?.failure).toBeUndefined();
  });

  it('holds hostile target text as text: only XML 1.0 characters, no injected element, no planted key', () => {
    const xml = renderJunit(redactReport(sampleReport()));
    expect(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(xml)).toBe(false);
    expect(xml.includes(PLANTED_KEY)).toBe(false);
    const parsed = parse(xml);
    const json = JSON.stringify(parsed);
    expect(json.includes('"pwned"')).toBe(false); // "]]><pwned/> stayed text
    const html = parsed.testsuites.testsuite.find((s) => s['@_name'] === 'html')?.testcase[0]?.failure as { '#text': string };
    expect(html['#text']).toContain(HOSTILE.cdata);
    expect(html['#text']).toContain(HOSTILE.script);
    expect(html['#text']).toContain('esc\\u001b[31mred'); // the escape character is shown, not kept
    expect(html['#text']).toContain('half\\ud800pair');
    expect(html['#text']).toContain(HOSTILE.emoji);
  });

  it('gives every testcase its level; a warning passes with its text in system-out, and fails only under --strict', () => {
    const find = (report: ConformanceReport, id: string) =>
      parse(renderJunit(redactReport(report)))
        .testsuites.testsuite.flatMap((suite) => suite.testcase)
        .find((c) => c['@_name'].startsWith(`${id}:`));
    const level = (c: Testcase | undefined) => c?.properties?.property.find((p) => p['@_name'] === 'level')?.['@_value'];
    const report = sampleReport();
    expect(level(find(report, 'jobs.create.location-header'))).toBe('must');
    const warning = find(report, 'jobs.protocol.non-json-rejected.post');
    expect(level(warning)).toBe('should');
    expect(warning?.failure).toBeUndefined();
    expect(warning?.['system-out']).toContain(
      'warning (should rule: good practice the spec does not state) §1 text/plain POST answered 201',
    );
    expect(warning?.['system-out']).toContain('Received: status 201');

    const strict: ConformanceReport = { ...report, options: { ...report.options, strict: true } };
    const failing = find(strict, 'jobs.protocol.non-json-rejected.post')?.failure as { '@_type': string; '@_message': string };
    expect(failing['@_type']).toBe('warning');
    expect(failing['@_message']).toContain('(failing under --strict)');
    const parsed = parse(renderJunit(redactReport(strict)));
    expect(counts(parsed.testsuites)).toEqual(expectedCounts(strict));
  });

  it('shows known rules as skipped and stale baseline entries as failures', () => {
    const gated = applyBaseline(sampleReport(), {
      rules: [
        { id: 'jobs.create.location-header', reason: 'ticket 12' },
        { id: 'jobs.update.partial' },
        { id: 'gone.rule.id', reason: 'renamed' },
      ],
    });
    const parsed = parse(renderJunit(redactReport(gated)));
    const suites = parsed.testsuites.testsuite;
    const create = suites.find((s) => s['@_name'] === 'create');
    expect((create?.testcase[0]?.skipped as { '@_message': string })['@_message']).toBe('known mismatch (baseline): ticket 12');
    const update = suites.find((s) => s['@_name'] === 'update');
    expect((update?.testcase[0]?.failure as { '@_type': string })['@_type']).toBe('stale-baseline');
    expect(counts(update!)).toEqual({ tests: 1, failures: 1, errors: 0, skipped: 0 });
    const baseline = suites.find((s) => s['@_name'] === 'baseline');
    expect(baseline?.testcase.map((c) => c['@_name'])).toEqual(['gone.rule.id']);
    const expected = expectedCounts(gated);
    expect(counts(parsed.testsuites)).toEqual({ ...expected, tests: expected.tests + 1, failures: expected.failures + 2 });
  });

  it('records the run in properties', () => {
    const suite = parse(renderJunit(redactReport(sampleReport()))).testsuites.testsuite[0];
    const properties = Object.fromEntries((suite?.properties?.property ?? []).map((p) => [p['@_name'], p['@_value']]));
    expect(properties).toMatchObject({ seed: '424242', target: 'http://127.0.0.1:4010/api/v1.1', 'spec-version': '1.1' });
    expect(properties.replay).toContain('--seed 424242');
  });
});
