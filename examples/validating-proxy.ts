// The validating proxy from a program: it forwards a client's traffic unchanged and judges both sides.
import { createMockServer } from 'jobs-conformance/mock';
import { runProxy } from 'jobs-conformance/proxy';

const mock = await createMockServer(); // the server under test: here the mock
const proxy = await runProxy({ target: mock.url, onFinding: (f) => console.log(f.side, f.ruleId) });
try {
  // Point the client at proxy.url. This one sends a JSON body as text/plain (spec 1: a client finding).
  await fetch(`${proxy.url}/api/v1.1/jobs`, {
    method: 'POST',
    headers: { 'API-Key': 'demo-key-1', 'Content-Type': 'text/plain' },
    body: '{"title":"Baker"}',
  });
  await fetch(`${proxy.url}/api/v1.1/jobs?pageSize=5`, { headers: { 'API-Key': 'demo-key-1' } });
  const report = await proxy.report(); // the suite's report object (report.json)
  console.log(report.verdict, report.proxy?.exchanges);
} finally {
  await proxy.close();
  await mock.close();
}
