/**
 * @module The yardstick: a bare node:http server that answers every request
 * with the same 1 KB JSON body. Mock figures are reported as a ratio to this,
 * measured in the same run on the same machine.
 */
import { createServer } from 'node:http';
import { serveHttpServer } from '../lib/child.mjs';

const filler = 'x'.repeat(1024 - JSON.stringify({ id: 1, title: '' }).length);
const BODY = Buffer.from(JSON.stringify({ id: 1, title: filler }));
if (BODY.length !== 1024) throw new Error(`bare body is ${BODY.length} bytes, not 1024`);

const server = createServer((req, res) => {
  // Drain any request body, then answer: what a minimal JSON endpoint costs.
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': BODY.length });
    res.end(BODY);
  });
});
serveHttpServer(server);
