/**
 * @module The validating proxy's forwarding path with nothing judged
 * (dist/proxy/forwarder.js: the connection-level relay, both
 * directions read by the HTTP parser, bodies copied aside) in front of the
 * target given as argv[2]. Read against tcp-relay-server.mjs, it is what
 * cutting the streams into exchanges costs; against the full proxy, what
 * judging costs.
 */
import { createServer } from 'node:net';
import { createForwarder } from '../../dist/proxy/forwarder.js';
import { serveParent } from '../lib/child.mjs';

const forwarder = createForwarder({ target: new URL(process.argv[2]), onEnd: () => {} });
const server = createServer({ allowHalfOpen: true, noDelay: true }, forwarder.connection);
server.listen(0, '127.0.0.1', () => {
  serveParent({ onStop: () => Promise.all([new Promise((resolve) => server.close(resolve)), forwarder.close()]) });
  process.send({ type: 'ready', url: `http://127.0.0.1:${server.address().port}` });
});
