import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TrigramIndex } from './trigram-index.js';

type Item = { id: number; text: string };

describe('TrigramIndex', () => {
  it('candidates always contain every item whose text includes the needle, under random adds and removals', () => {
    const alphabet = fc.constantFrom('a', 'b', 'c', 'é', '-', '0', '\u0000');
    const text = fc.string({ unit: alphabet, maxLength: 12 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ text, remove: fc.boolean(), pick: fc.nat() }), { maxLength: 3000 }),
        fc.array(text, { minLength: 1, maxLength: 20 }),
        (ops, needles) => {
          const index = new TrigramIndex<Item>();
          const live: Item[] = [];
          ops.forEach((op, id) => {
            if (op.remove && live.length > 0) {
              const [victim] = live.splice(op.pick % live.length, 1);
              index.remove(victim!);
            } else if (op.pick % 4 === 0 && live.length > 0) {
              // A changed text: the item is indexed again under the new one.
              const item = live[op.pick % live.length]!;
              item.text = op.text;
              index.add(item, item.text);
            } else {
              const item = { id, text: op.text };
              live.push(item);
              index.add(item, item.text);
            }
          });
          for (const needle of needles) {
            const candidates = index.candidates(needle);
            if (needle.length < 3) {
              expect(candidates).toBeUndefined();
              continue;
            }
            const matches = live.filter((item) => item.text.includes(needle));
            for (const match of matches) expect(candidates).toContain(match);
            for (const candidate of candidates!) expect(live).toContain(candidate);
            expect(new Set(candidates).size).toBe(candidates!.length);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('narrows a selective needle to its few items', () => {
    const index = new TrigramIndex<Item>();
    const items = Array.from({ length: 5000 }, (_, id) => ({ id, text: `welder ${id}\u0000ref-${String(id).padStart(6, '0')}` }));
    for (const item of items) index.add(item, item.text);
    expect(index.candidates('ref-004321')!.length).toBeLessThan(50);
    expect(index.candidates('zzz')).toEqual([]);
    expect(index.candidates('ab')).toBeUndefined();
  });

  it('stays exact when dead handles are compacted away (every text changed twice)', () => {
    const index = new TrigramIndex<Item>();
    const items = Array.from({ length: 3000 }, (_, id) => ({ id, text: `nurse ${id}` }));
    for (const item of items) index.add(item, item.text);
    for (const round of ['cook', 'baker']) {
      for (const item of items) {
        item.text = `${round} ${item.id}`;
        index.add(item, item.text);
      }
    }
    expect(index.candidates('nurse')).toEqual([]);
    expect(index.candidates('cook')).toEqual([]);
    expect(index.candidates('baker')).toHaveLength(3000);
    expect(index.candidates('er 2999')!.filter((item) => item.text.includes('er 2999'))).toEqual([items[2999]]);
  });
});
