import { describe, expect, it } from 'vitest';
import { PLANTED_KEY, sampleReport } from './sample-report.test-support.js';
import { applyBaseline } from './gating/gating.js';
import { renderTerminalSummary } from './terminal.js';
import { shouldUseColor } from './terminal-style.js';
import { redactReport } from './redactor.js';

const ESC = '\u001b';

describe('renderTerminalSummary', () => {
  it('prints verdict, counts, each failure with expected/received/curl, cleanup, replay and files', () => {
    const text = renderTerminalSummary(redactReport(sampleReport()), { color: false, files: ['out/report.html'] });
    expect(text).toContain('Jobs API v1.1 conformance ERROR');
    expect(text).toContain('13 rules: 5 passed, 3 failed, 1 warning, 1 error, 2 skipped, 1 disabled · 5 mismatches · 231 requests');
    expect(text).toContain('✗ jobs.create.location-header §4.2 must');
    expect(text).toContain('Warnings (should rules: good practice the spec does not state; they fail the run only with --strict)');
    expect(text).toContain(
      '⚠ jobs.protocol.non-json-rejected.post §1 should POST /jobs with a non-JSON Content-Type is rejected and creates nothing',
    );
    expect(text.indexOf('Warnings')).toBeGreaterThan(text.indexOf('! paging.next.repeats-filters'));
    expect(text).toContain('expected §4.2: "Response 201 with a Location header');
    expect(text).toContain("reproduce curl -i -X POST 'http://127.0.0.1:4010/api/v1.1/jobs'");
    expect(text).toContain(
      'jobs.roundtrip.get-equals-post §4.2 must POSTing a GET result without id and referenceId creates a job with the same values (flaky)',
    );
    expect(text).toContain('! paging.next.repeats-filters');
    expect(text).toContain('Cleanup: created 37, deleted 35, 2 left on the target');
    expect(text).toContain(
      "Replay: npx jobs-conformance --base-url http://127.0.0.1:4010 --seed 424242 --runs 50 --reference-prefix 'jc7f3a9-'",
    );
    expect(text).toContain('Reports: out/report.html');
    expect(text).not.toContain('isolation.list.other-employer'); // skipped rules are only counted
  });

  it("is plain without colour, and never passes the target's escape sequences through", () => {
    const plain = renderTerminalSummary(redactReport(sampleReport()), { color: false });
    expect(plain.includes(ESC)).toBe(false);
    expect(plain).toContain('esc\\u001b[31mred');
    expect(plain).toContain('osc\\u001b]0;pwned\\u0007');
    expect(plain).toContain('bidi\\u202eevil');
    expect(plain.includes(PLANTED_KEY)).toBe(false);

    const colored = renderTerminalSummary(redactReport(sampleReport()), { color: true });
    expect(colored).toContain(`${ESC}[31m`); // our red
    // Every ESC in the output starts one of our SGR colour codes, none from the target.
    expect(colored.match(new RegExp(`${ESC}(?!\\[[0-9;]*m)`, 'g'))).toBeNull();
    expect(colored.includes(`${ESC}]`)).toBe(false);
  });

  it('lists known rules and stale baseline entries', () => {
    const gated = applyBaseline(sampleReport(), {
      rules: [{ id: 'jobs.create.location-header', reason: 'ticket 12' }, { id: 'jobs.update.partial' }],
    });
    const text = renderTerminalSummary(redactReport(gated), { color: false });
    expect(text).toContain('Known (baseline)\n  ~ jobs.create.location-header ticket 12');
    expect(text).toContain('Stale baseline entries (remove them)\n  ! jobs.update.partial passes now');
  });

  it('limits the detailed failures', () => {
    const text = renderTerminalSummary(redactReport(sampleReport()), { color: false, maxDetailed: 1 });
    expect(text).toContain('…and 3 more: jobs.roundtrip.get-equals-post, html.description.allow-list, paging.next.repeats-filters');
  });
});

describe('shouldUseColor', () => {
  it('follows NO_COLOR, FORCE_COLOR, TTY and TERM', () => {
    expect(shouldUseColor({ isTTY: true }, {})).toBe(true);
    expect(shouldUseColor({ isTTY: false }, {})).toBe(false);
    expect(shouldUseColor({}, {})).toBe(false);
    expect(shouldUseColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(shouldUseColor({ isTTY: true }, { NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(false);
    expect(shouldUseColor({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(shouldUseColor({ isTTY: true }, { FORCE_COLOR: '0', TERM: 'dumb' })).toBe(false);
    expect(shouldUseColor({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
  });
});
