import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('memo computes a value once and returns the kept value after', () => {
    const map = new BoundedMap<string, { n: number }>(2);
    let calls = 0;
    const first = map.memo('a', () => ({ n: ++calls }));
    expect(map.memo('a', () => ({ n: ++calls }))).toBe(first);
    expect(calls).toBe(1);
  });

  it('forgets the least recently used entry past its capacity, and get marks an entry as used', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1); // a is now newer than b
    map.set('c', 3);
    expect([...map.entries()]).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
    expect(map.get('b')).toBeUndefined();
    expect(map.size).toBe(2);
  });

  it('setting a kept key again replaces its value and makes it the most recently used', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10);
    map.set('c', 3);
    expect([...map.entries()]).toEqual([
      ['a', 10],
      ['c', 3],
    ]);
  });

  it('behaves as a least-recently-used list of its capacity under any sequence of reads and writes', () => {
    const op = fc.record({ write: fc.boolean(), key: fc.integer({ min: 0, max: 6 }), value: fc.integer() });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(op, { maxLength: 60 }), (capacity, ops) => {
        const map = new BoundedMap<number, number>(capacity);
        const model: [number, number][] = []; // least recently used first
        for (const { write, key, value } of ops) {
          const at = model.findIndex(([k]) => k === key);
          if (write) {
            map.set(key, value);
            if (at !== -1) model.splice(at, 1);
            model.push([key, value]);
            if (model.length > capacity) model.shift();
          } else {
            expect(map.get(key)).toBe(at === -1 ? undefined : model[at]![1]);
            if (at !== -1) model.push(...model.splice(at, 1));
          }
        }
        expect([...map.entries()]).toEqual(model);
      }),
    );
  });

  it('clear forgets every entry', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1);
    map.clear();
    expect(map.size).toBe(0);
    expect(map.get('a')).toBeUndefined();
  });
});
