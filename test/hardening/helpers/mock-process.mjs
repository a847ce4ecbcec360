/**
 * The standalone mock (dist/mock, built by `npm run build` / pretest) in a
 * child process started with --expose-gc, so a test can read its heap after
 * a full collection. IPC: `heap` -> {heapUsed}; `jobs` -> every job as
 * {id, employerId, referenceId, title, status}; `stop` -> closes and exits.
 */
import { createMockServer } from '../../../dist/mock/index.js';

const mock = await createMockServer({ port: 0 });

async function collect() {
  // Two passes with a turn of the event loop between: weak references and finalizers settle.
  globalThis.gc();
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

process.on('message', async (message) => {
  if (message.type === 'heap') process.send({ type: 'heap', heapUsed: await collect() });
  if (message.type === 'jobs') {
    const jobs = mock.core.snapshot().jobs.map((job) => ({
      id: job.id,
      employerId: job.employer.id,
      referenceId: job.referenceId,
      title: job.title,
      status: job.status,
    }));
    process.send({ type: 'jobs', jobs });
  }
  if (message.type === 'stop') {
    await mock.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready', url: mock.url });
