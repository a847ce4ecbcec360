// The standalone mock from a program: a real HTTP server, on a free port by default.
import { createMockServer } from 'jobs-conformance/mock';
import { exampleJobCreate } from 'jobs-conformance/schemas';

const mock = await createMockServer({ now: '2025-01-01T00:00:00Z' }); // frozen clock; port 0, 127.0.0.1
try {
  const res = await fetch(`${mock.url}/api/v1.1/jobs`, {
    // mock.url is the base_url
    method: 'POST',
    headers: { 'API-Key': 'demo-key-1', 'Content-Type': 'application/json' },
    body: JSON.stringify(exampleJobCreate),
  });
  console.log(res.status, res.headers.get('location')); // 201 http://127.0.0.1:<port>/api/v1.1/jobs/1
} finally {
  await mock.close(); // also [Symbol.asyncDispose]
}
