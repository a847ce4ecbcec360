/**
 * @module A loopback reverse proxy that answers every request `delayMs` later
 * than its target did: a server "in another region" for the latency bench.
 * The delay is added once per response, after the target's answer arrives, so
 * the time a client waits is the target's time plus `delayMs`. Runs in its
 * own process, like every server of the benchmarks. The Host header passes
 * unchanged, so the Location of a created job names the proxy.
 * argv[2]: JSON `{"target": "http://127.0.0.1:port", "delayMs": 25}`. Ready message: `{url}`.
 */
import { Agent, createServer, request } from 'node:http';
import { serveParent } from '../lib/child.mjs';

const { target, delayMs } = JSON.parse(process.argv[2]);
const upstream = new URL(target);
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        const body = [];
        answer.on('data', (chunk) => body.push(chunk));
        answer.on('end', () =>
          setTimeout(() => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(body));
          }, delayMs),
        );
      },
    );
    forwarded.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`delay proxy: ${error.message}`);
    });
    forwarded.end(Buffer.concat(chunks));
  });
});
server.keepAliveTimeout = 30_000;
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

serveParent({
  onStop: () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
      agent.destroy();
    }),
});
process.send({ type: 'ready', url: `http://127.0.0.1:${server.address().port}` });
