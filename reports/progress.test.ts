import { describe, expect, it } from 'vitest';
import type { RuleResult } from '../schemas/types.gen.js';
import { sampleReport } from './sample-report.test-support.js';
import { createProgress, type ProgressResult } from './progress.js';

/** A writable the progress can use, recording what it got. */
function recorder(tty: boolean, columns = 80) {
  const chunks: string[] = [];
  return { chunks, isTTY: tty, columns, write: (chunk: string) => chunks.push(chunk) > 0, text: () => chunks.join('') };
}

function runAll(stream: ReturnType<typeof recorder>, rules: ProgressResult[], plan: boolean) {
  const progress = createProgress(stream, { color: false });
  if (plan) progress.plan(rules);
  for (const rule of rules) {
    progress.ruleStarted(rule);
    progress.ruleFinished(rule);
  }
  progress.done();
}

describe('createProgress', () => {
  it('writes one settled line per area, with failures under it, when not a TTY', () => {
    const stream = recorder(false);
    runAll(stream, sampleReport().rules, false);
    const lines = stream.text().trimEnd().split('\n');
    const areaLines = lines.filter((line) => !line.startsWith('    '));
    expect(areaLines.map((line) => line.split(/\s+/)[1])).toEqual([
      'create',
      'roundtrip',
      'html',
      'protocol',
      'update',
      'lifecycle',
      'list',
      'isolation',
      'reference',
      'robustness',
      'paging',
    ]);
    expect(areaLines[0]).toMatch(/^✗ create\s+3 ✓2 ✗1 \d+\.\d s$/);
    expect(lines[1]).toBe('    ✗ jobs.create.location-header POST /jobs responded 201 without a Location header');
    expect(stream.text()).toMatch(
      /! paging\s+1 !1 [\d.]+ s\n {4}! paging.next.repeats-filters suite error: TypeError: Invalid URL "\]\]><pwned\/> bell\\u0007/,
    );
    expect(stream.text().includes('\r')).toBe(false);
    expect(stream.text().includes('\u001b')).toBe(false);
  });

  it('redraws a live line on a TTY and settles each area when its planned rules are done', () => {
    const stream = recorder(true, 60);
    const rules = sampleReport().rules;
    runAll(stream, rules, true);
    const text = stream.text();
    expect(text).toContain('\r\u001b[2K▸ create       0/3 jobs.create.location-header');
    expect(text).toContain('\r\u001b[2K▸ create       1/3 ✗1 jobs.create.status-201');
    expect(text).toMatch(/✗ create\s+3\/3 ✓2 ✗1 [\d.]+ s\n/);
    // Every live line fits the terminal width.
    for (const chunk of stream.chunks.filter((c) => c.startsWith('\r\u001b[2K▸'))) {
      expect(Array.from(chunk.slice('\r\u001b[2K'.length)).length).toBeLessThanOrEqual(59);
    }
    // Settled lines stay; the last write leaves the cursor on a clean line.
    expect(text.endsWith('\n')).toBe(true);
  });

  it('settles the open area on done(), for an interrupted run', () => {
    const stream = recorder(false);
    const progress = createProgress(stream, { color: false });
    const [first] = sampleReport().rules;
    progress.ruleStarted(first!);
    expect(stream.text()).toBe('');
    progress.done();
    expect(stream.text()).toMatch(/^· create\s+0 [\d.]+ s\n$/);
  });

  describe('with rules running concurrently', () => {
    const rule = (id: string, area: string, status: RuleResult['status'] = 'passed'): ProgressResult => ({
      id,
      area,
      status,
      durationMs: 1,
      mismatches: [],
    });
    const rules = [rule('a.1', 'create'), rule('a.2', 'create', 'failed'), rule('b.1', 'update'), rule('b.2', 'update')];
    // Two at a time, started in order: a.2 ends last, after the update area's rules.
    const interleaved = (progress: ReturnType<typeof createProgress>) => {
      progress.plan(rules);
      progress.ruleStarted(rules[0]!);
      progress.ruleStarted(rules[1]!);
      progress.ruleFinished(rules[0]!);
      progress.ruleStarted(rules[2]!);
      progress.ruleFinished(rules[2]!);
      progress.ruleStarted(rules[3]!);
      progress.ruleFinished(rules[3]!);
      progress.ruleFinished(rules[1]!);
      progress.done();
    };
    const withoutTimes = (text: string) => text.replace(/[\d.]+ s$/gm, 'T s');

    it('settles areas in the order they opened, so the log reads as a sequential run', () => {
      const concurrent = recorder(false);
      interleaved(createProgress(concurrent, { color: false }));
      const sequential = recorder(false);
      runAll(sequential, rules, true);
      expect(withoutTimes(concurrent.text())).toBe(withoutTimes(sequential.text()));
      expect(withoutTimes(concurrent.text())).toBe('✗ create       2/2 ✓1 ✗1 T s\n    ✗ a.2 \n✓ update       2/2 ✓2 T s\n');
    });

    it('on a TTY keeps one live line per open area, redrawn as a block, and counts the rules running at once', () => {
      const stream = recorder(true, 80);
      const progress = createProgress(stream, { color: false });
      progress.plan(rules);
      progress.ruleStarted(rules[0]!);
      progress.ruleStarted(rules[1]!);
      expect(stream.chunks.at(-1)).toBe('\r\u001b[2K▸ create       0/2 a.1 +1');
      progress.ruleFinished(rules[0]!);
      progress.ruleStarted(rules[2]!);
      // Two rows now: the block is erased (this row, then the one above) before it is redrawn.
      expect(stream.chunks.at(-1)).toBe('\r\u001b[2K▸ create       1/2 ✓1 a.2\n▸ update       0/2 b.1');
      progress.ruleFinished(rules[2]!);
      expect(stream.chunks.at(-1)).toBe('\r\u001b[2K\u001b[1A\u001b[2K▸ create       1/2 ✓1 a.2\n▸ update       1/2 ✓1');
      progress.ruleStarted(rules[3]!);
      progress.ruleFinished(rules[3]!);
      // update is complete but waits for create, which opened first.
      expect(stream.text()).not.toMatch(/✓ update/);
      progress.ruleFinished(rules[1]!);
      expect(withoutTimes(stream.chunks.at(-1)!)).toBe(
        '\r\u001b[2K\u001b[1A\u001b[2K✗ create       2/2 ✓1 ✗1 T s\n    ✗ a.2 \n✓ update       2/2 ✓2 T s\n',
      );
      progress.done();
      expect(stream.text().endsWith('\n')).toBe(true);
    });

    it("keeps plan order when a later area's long rule starts first and ends first", () => {
      const stream = recorder(false);
      const progress = createProgress(stream, { color: false });
      progress.plan(rules);
      for (const r of [rules[2]!, rules[0]!, rules[1]!, rules[3]!]) progress.ruleStarted(r);
      for (const r of [rules[2]!, rules[3]!]) progress.ruleFinished(r);
      expect(stream.text()).toBe('');
      for (const r of [rules[0]!, rules[1]!]) progress.ruleFinished(r);
      expect(withoutTimes(stream.text())).toBe('✗ create       2/2 ✓1 ✗1 T s\n    ✗ a.2 \n✓ update       2/2 ✓2 T s\n');
    });
  });
});
