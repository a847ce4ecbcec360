/**
 * @module A bare HTTP forwarder: the least a forwarder written with node:http does, judging nothing. Each
 * request goes to the target (argv[2]) over a keep-alive pool with its method, path and headers (Host the
 * target's), and the answer comes back with its status and headers, bodies piped both ways. The proxy's
 * throughput is read against it: what a relay that sees HTTP costs without the proxy's checks.
 */
import { Agent, createServer, request } from 'node:http';
import { serveParent } from '../lib/child.mjs';

const target = new URL(process.argv[2]);
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const server = createServer({ noDelay: true }, (req, res) => {
  const upstream = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
server.listen(0, '127.0.0.1', () => {
  serveParent({ onStop: () => new Promise((resolve) => server.close(() => resolve(agent.destroy()))) });
  process.send({ type: 'ready', url: `http://127.0.0.1:${server.address().port}` });
});
