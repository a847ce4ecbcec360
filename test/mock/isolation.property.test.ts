/**
 * Spec 5.3: two employers interleave random operations (fast-check) over HTTP;
 * neither ever sees, changes or deletes the other's jobs, and each one's list
 * matches a simple model of what it created.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MockServer } from '../../mock/index.js';
import { client, KEY_1, KEY_2, startMock, validJob } from './helpers.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock.close());

type Op =
  | { kind: 'create'; actor: 0 | 1; ref: boolean }
  | { kind: 'putRef'; actor: 0 | 1; pick: number }
  | { kind: 'update'; actor: 0 | 1; pick: number; target: 'own' | 'other' }
  | { kind: 'delete'; actor: 0 | 1; pick: number; target: 'own' | 'other'; how: 'id' | 'override' | 'ref' }
  | { kind: 'read'; actor: 0 | 1; pick: number; target: 'own' | 'other' };

const actor = fc.constantFrom<0 | 1>(0, 1);
const target = fc.constantFrom<'own' | 'other'>('own', 'other');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), actor, ref: fc.boolean() }),
  fc.record({ kind: fc.constant('putRef' as const), actor, pick: fc.nat() }),
  fc.record({ kind: fc.constant('update' as const), actor, pick: fc.nat(), target }),
  fc.record({
    kind: fc.constant('delete' as const),
    actor,
    pick: fc.nat(),
    target,
    how: fc.constantFrom<'id' | 'override' | 'ref'>('id', 'override', 'ref'),
  }),
  fc.record({ kind: fc.constant('read' as const), actor, pick: fc.nat(), target }),
);

/** The model: per employer, its job ids and referenceIds. */
type Owned = Map<number, string | null>;

it("two employers never see each other's jobs, whatever they do", async () => {
  const apis = [client(mock, KEY_1), client(mock, KEY_2)];
  let n = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
      mock.core.reset();
      const owned: [Owned, Owned] = [new Map(), new Map()];
      const at = (map: Owned, pick: number) => [...map.entries()][pick % Math.max(1, map.size)];
      for (const op of ops) {
        const me = op.actor;
        const api = apis[me]!;
        const mine = owned[me];
        if (op.kind === 'create') {
          // both employers use the same referenceIds: unique per employer only
          const ref = op.ref ? `shared-${n++ % 3}` : null;
          const res = await api.post('/jobs', validJob({ referenceId: ref }));
          const taken = ref !== null && [...mine.values()].includes(ref);
          expect(res.status).toBe(taken ? 409 : 201);
          if (res.status === 201) mine.set(res.json.id, ref);
          continue;
        }
        if (op.kind === 'putRef') {
          const ref = `shared-${op.pick % 3}`;
          const res = await api.put('/jobs', validJob({ referenceId: ref, title: `put ${op.pick}` }));
          const existing = [...mine.entries()].find(([, r]) => r === ref);
          expect(res.status).toBe(existing ? 200 : 201);
          if (existing) expect(res.json.id).toBe(existing[0]);
          else mine.set(res.json.id, ref);
          continue;
        }
        const pool = op.target === 'own' ? mine : owned[1 - me]!;
        const picked = at(pool, op.pick);
        if (!picked) continue;
        const [id, ref] = picked;
        const allowed = op.target === 'own';
        if (op.kind === 'read') {
          const res = await api.get(`/jobs/${id}`);
          expect(res.status).toBe(allowed ? 200 : 404);
          if (allowed) expect(res.json.employer.id).toBe([101, 102][me]);
        } else if (op.kind === 'update') {
          const res = await api.put(`/jobs/${id}`, { title: 'changed', status: 'active' });
          expect(res.status).toBe(allowed ? 200 : 404);
        } else {
          if (op.how === 'ref' && ref === null) continue;
          const res =
            op.how === 'id'
              ? await api.del(`/jobs/${id}`)
              : op.how === 'override'
                ? await api.post(`/jobs/${id}`, undefined, { headers: { 'X-HTTP-Method-Override': 'DELETE' } })
                : await api.del('/jobs', { referenceId: ref });
          // by referenceId, the other employer may own the same ref: then its own job goes
          const ownSameRef = op.how === 'ref' && !allowed ? [...mine.entries()].find(([, r]) => r === ref) : undefined;
          expect(res.status).toBe(allowed || ownSameRef ? 204 : 404);
          if (allowed) pool.delete(id);
          if (ownSameRef) mine.delete(ownSameRef[0]);
        }
      }
      for (const who of [0, 1] as const) {
        const list = await apis[who]!.get('/jobs?pageSize=100');
        const ids = list.json.data.map((j: { id: number }) => j.id).sort((a: number, b: number) => a - b);
        expect(ids).toEqual([...owned[who].keys()].sort((a, b) => a - b));
        for (const job of list.json.data) expect(job.employer.id).toBe([101, 102][who]);
      }
    }),
    { numRuns: 40 },
  );
});
