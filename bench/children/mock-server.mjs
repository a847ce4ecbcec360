/**
 * @module The standalone mock (dist/mock, the same createMockServer the CLI
 * uses) in its own process, seeded before it reports ready.
 * argv[2]: JSON `{"seed": {"101": 1000, "102": 100000}, "journalSize": 0}` (jobs per employer id;
 * the request journal's size, default the mock's).
 * Ready message: `{url, ids: {"101": [first ids]}, seeded, readyAt}`.
 */
import { createMockServer } from '../../dist/mock/index.js';
import { serveParent } from '../lib/child.mjs';
import { jobBody } from '../lib/job-bodies.mjs';

const spec = JSON.parse(process.argv[2] ?? '{}');
const mock = await createMockServer({ port: 0, journalSize: spec.journalSize });
const ids = {};
const start = Date.now() - 1000;
let n = 0;
for (const [employer, count] of Object.entries(spec.seed ?? {})) {
  ids[employer] = [];
  for (let done = 0; done < count; done += 1000) {
    const batch = [];
    for (let i = done; i < Math.min(count, done + 1000); i++) {
      // Spread publish dates so the list order is not the insertion order.
      const publishDate = new Date(start - ((i * 7919) % count) * 60_000).toISOString();
      batch.push({ ...jobBody(i, { referenceId: `bench-${employer}-${String(i).padStart(6, '0')}` }), publishDate });
    }
    for (const job of mock.core.seedJobs(Number(employer), batch)) if (ids[employer].length < 1000) ids[employer].push(job.id);
    n += batch.length;
  }
}
serveParent({ onStop: () => mock.close(), handlers: { count: () => ({ jobs: mock.core.store.allEntries().length }) } });
// readyAt: µs on the monotonic clock CPU profiles use, so a profile can leave out start-up and seeding.
process.send({ type: 'ready', url: mock.url, ids, seeded: n, readyAt: Number(process.hrtime.bigint() / 1000n) });
