import { describe, expect, it } from 'vitest';
import type { RuleResult } from '../schemas/types.gen.js';
import { sampleReport } from './fixtures/sample-report.js';
import { createProgress } from './progress.js';

/** A writable the progress can use, recording what it got. */
function recorder(tty: boolean, columns = 80) {
  const chunks: string[] = [];
  return { chunks, isTTY: tty, columns, write: (chunk: string) => chunks.push(chunk) > 0, text: () => chunks.join('') };
}

function runAll(stream: ReturnType<typeof recorder>, rules: RuleResult[], plan: boolean) {
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
    expect(areaLines.map((line) => line.split(/\s+/)[1])).toEqual(['create', 'roundtrip', 'html', 'protocol', 'update', 'lifecycle', 'list', 'isolation', 'reference', 'robustness', 'paging']);
    expect(areaLines[0]).toMatch(/^✗ create\s+3 ✓2 ✗1 \d+\.\d s$/);
    expect(lines[1]).toBe('    ✗ jobs.create.location-header POST /jobs responded 201 without a Location header');
    expect(stream.text()).toMatch(/! paging\s+1 !1 [\d.]+ s\n    ! paging.next.repeats-filters suite error: TypeError: Invalid URL "\]\]><pwned\/> bell\\u0007/);
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
});
