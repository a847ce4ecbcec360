import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareListOrder, OrderedIndex } from './ordered-index.js';

type Item = { id: number; publishDate: number };
type Op = { publishDate: number; remove: boolean; pick: number };

/** Applies random inserts and removals to the index and to a plain-array model alike (new ids follow the largest). */
function applyOps(index: OrderedIndex<Item>, model: Item[], ops: Op[]): void {
  let id = model.reduce((max, item) => Math.max(max, item.id), 0);
  for (const op of ops) {
    if (op.remove && model.length > 0) {
      const [victim] = model.splice(op.pick % model.length, 1);
      index.remove(victim!);
    } else {
      const item = { id: ++id, publishDate: op.publishDate };
      model.push(item);
      index.insert(item);
    }
  }
}

describe('OrderedIndex', () => {
  it('keeps list order (publishDate desc, id desc) under random inserts and removals, like a full sort', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ publishDate: fc.integer({ min: 0, max: 50 }), remove: fc.boolean(), pick: fc.nat() }), { maxLength: 1500 }),
        (ops) => {
          const index = new OrderedIndex<Item>();
          const model: Item[] = [];
          applyOps(index, model, ops);
          const sorted = [...model].sort(compareListOrder);
          expect(index.size).toBe(sorted.length);
          expect([...index]).toEqual(sorted);
          expect(index.slice(3, 17)).toEqual(sorted.slice(3, 17));
          expect(index.slice(Math.max(0, sorted.length - 5), sorted.length + 5)).toEqual(sorted.slice(Math.max(0, sorted.length - 5)));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('built from items already in order, it behaves as if they had been inserted one by one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 1200 }),
        fc.array(fc.record({ publishDate: fc.integer({ min: 0, max: 50 }), remove: fc.boolean(), pick: fc.nat() }), { maxLength: 300 }),
        (dates, ops) => {
          const model: Item[] = dates.map((publishDate, i) => ({ id: i + 1, publishDate })).sort(compareListOrder);
          const index = OrderedIndex.fromOrdered(model);
          applyOps(index, model, ops);
          const sorted = [...model].sort(compareListOrder);
          expect(index.size).toBe(sorted.length);
          expect([...index]).toEqual(sorted);
          expect(index.slice(250, 270)).toEqual(sorted.slice(250, 270));
        },
      ),
      { numRuns: 40 },
    );
  });
});
