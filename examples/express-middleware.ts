// The mock inside your express (4 or 5) app: it serves /api/v1.1 and /__control, other paths fall through.
import express from 'express';
import type { AddressInfo } from 'node:net';
import { createJobsMiddleware } from 'jobs-conformance/mock';
import { exampleJobCreate } from 'jobs-conformance/schemas';

const app = express();
const jobs = createJobsMiddleware(); // jobs.core: reset(), seedJobs(), setClock(), injectFault(), ...
app.use(jobs); // before any body parser: the mock needs the exact bytes
app.use(express.json()); // your own routes come after it
app.get('/health', (_req, res) => {
  res.json({ ok: true });
});

jobs.core.seedJobs('demo-key-1', [exampleJobCreate]);
const server = app.listen(0, '127.0.0.1', async () => {
  // 0: a free port
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/api/v1.1/jobs`, { headers: { 'API-Key': 'demo-key-1' } });
  const list = (await res.json()) as { paging: { total: number } };
  console.log(res.status, `${list.paging.total} job`); // 200 1 job
  server.close();
});
