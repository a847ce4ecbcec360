/**
 * @module The floor of any forwarder in Node: a TCP relay that copies bytes
 * between each client connection and its own connection to the target
 * (argv[2]) and reads nothing. No proxy that sees HTTP forwards for less, so
 * the proxy's throughput is read against this as well as against the mock.
 */
import { connect, createServer } from 'node:net';
import { serveParent } from '../lib/child.mjs';

const target = new URL(process.argv[2]);
const server = createServer({ noDelay: true }, (client) => {
  const upstream = connect({ host: target.hostname, port: Number(target.port), noDelay: true });
  client.pipe(upstream).pipe(client);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
});
server.listen(0, '127.0.0.1', () => {
  serveParent({ onStop: () => new Promise((resolve) => server.close(resolve)) });
  process.send({ type: 'ready', url: `http://127.0.0.1:${server.address().port}` });
});
