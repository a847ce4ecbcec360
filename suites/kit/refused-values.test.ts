import { describe, expect, it } from 'vitest';
import { refusedAmong, refusedValues } from './refused-values.js';

/** A target that refuses any set holding one of `bad`, and records every set it was sent. */
function target(bad: readonly string[], refusesMix = false) {
  const sent: string[][] = [];
  const accepts = async (set: readonly string[]): Promise<boolean> => {
    sent.push([...set]);
    return !set.some((v) => bad.includes(v)) && !(refusesMix && set.length > 1);
  };
  return { sent, accepts };
}

describe('refusedValues', () => {
  it('names only the refused values of a refused set, retrying each alone', async () => {
    const t = target(["St. John's"]);
    expect(await refusedValues(['Montréal', "St. John's", 'Ottawa'], t.accepts)).toEqual(["St. John's"]);
    expect(t.sent).toEqual([['Montréal', "St. John's", 'Ottawa'], ['Montréal'], ["St. John's"], ['Ottawa']]);
  });

  it('sends one request and names nothing when the set is accepted', async () => {
    const t = target([]);
    expect(await refusedValues(['a', 'b'], t.accepts)).toEqual([]);
    expect(t.sent).toHaveLength(1);
  });

  it('names the whole set when only the mix is refused', async () => {
    expect(await refusedValues(['a', 'b'], target([], true).accepts)).toEqual(['a', 'b']);
  });

  it('names a single refused value without a retry', async () => {
    const t = target(['a']);
    expect(await refusedValues(['a'], t.accepts)).toEqual(['a']);
    expect(t.sent).toHaveLength(1);
  });
});

describe('refusedAmong', () => {
  it('only retries: the set was already sent and refused', async () => {
    const t = target(['b', 'c']);
    expect(await refusedAmong(['a', 'b', 'c'], t.accepts)).toEqual(['b', 'c']);
    expect(t.sent).toEqual([['a'], ['b'], ['c']]);
  });
});
