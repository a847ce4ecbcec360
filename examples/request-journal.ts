// The request journal: check what your client sent, as WireMock's verify does.
// Here with MSW (core.requests()); with createMockServer it is mock.core.requests().
import assert from 'node:assert/strict';
import { setupServer } from 'msw/node';
import { createHandlers, MockCore } from 'jobs-conformance/mock';
import { exampleJobCreate } from 'jobs-conformance/schemas';

const core = new MockCore();
const server = setupServer(...createHandlers({ baseUrl: 'https://jobs.example.test', core }));
server.listen({ onUnhandledRequest: 'error' });

// ... the code under test runs ...
await fetch('https://jobs.example.test/api/v1.1/jobs', {
  method: 'POST',
  headers: { 'API-Key': 'demo-key-1', 'Content-Type': 'application/json' },
  body: JSON.stringify({ ...exampleJobCreate, referenceId: 'order-17' }),
});

const [post] = core.requests({ method: 'POST', path: '/api/v1.1/jobs' });
assert.equal(JSON.parse(post!.body!).referenceId, 'order-17');
assert.equal(post!.headers['api-key'], '[redacted]'); // the journal never holds a key
console.log(post!.seq, post!.method, post!.path, post!.status); // 1 POST /api/v1.1/jobs 201
server.close();
