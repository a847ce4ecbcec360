import { describe, expect, it } from 'vitest';
import type { JobsApi, MismatchInput, RuleContext } from '../contract/rule.js';
import { byEachEmployer, fixedRule } from './rule-builders.js';

const ENTRY = {
  id: 'jobs.update.each-employer-probe',
  section: '4.3',
  level: 'must',
  title: 'a probe',
  statement: 'Updates are partial.',
} as const;

class Failed extends Error {
  constructor(readonly mismatch: MismatchInput) {
    super(mismatch.title);
  }
}

/** A context of two employers whose fail throws what it was given, and whose methods need their own receiver. */
class FakeContext {
  readonly api = { name: 'first' } as unknown as JobsApi;
  readonly second?: JobsApi;
  readonly #own = 'private state';
  constructor(withSecond: boolean) {
    if (withSecond) this.second = { name: 'second' } as unknown as JobsApi;
  }
  fail(mismatch: MismatchInput): never {
    throw new Failed({ ...mismatch, received: `${mismatch.received} (${this.#own})` });
  }
  expect(condition: boolean, mismatch: MismatchInput): void {
    if (!condition) this.fail(mismatch);
  }
  skip(reason: string): never {
    throw new Error(reason);
  }
}

const FAILURE = { title: 'the answer lost a field', expected: 'kept', received: 'lost' };

describe('byEachEmployer', () => {
  it('runs the rule as each employer, the keys swapped, and names the second in its findings', async () => {
    const seen: string[] = [];
    const rule = byEachEmployer(
      fixedRule(ENTRY, async (ctx: RuleContext) => {
        seen.push(`${(ctx.api as unknown as { name: string }).name} beside ${(ctx.second as unknown as { name: string }).name}`);
        ctx.expect(seen.length === 1, FAILURE);
      }),
    );
    const ctx = new FakeContext(true);
    const failed = await rule.run(ctx as unknown as RuleContext).catch((error: unknown) => error);
    expect(seen).toEqual(['first beside second', 'second beside first']);
    expect(failed).toBeInstanceOf(Failed);
    expect((failed as Failed).mismatch).toEqual({
      ...FAILURE,
      title: `${FAILURE.title} (by the second employer)`,
      received: 'lost (private state)',
    });
  });

  it('runs the rule once where the run has one employer', async () => {
    let runs = 0;
    const rule = byEachEmployer(fixedRule(ENTRY, async () => void runs++));
    await rule.run(new FakeContext(false) as unknown as RuleContext);
    expect(runs).toBe(1);
  });
});
