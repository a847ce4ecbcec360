/**
 * @module The ceiling for POST: a bare node:http server that reads the body,
 * parses it, adds an id and answers 201 with it as JSON and a Location, with
 * no checks and no store. A create over node:http cannot do less, so the
 * mock's POST figures are read against it as well as against the fixed-body
 * bare server.
 */
import { createServer } from 'node:http';
import { serveHttpServer } from '../lib/child.mjs';

let nextId = 0;
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const job = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    job.id = ++nextId;
    const body = JSON.stringify(job);
    res.writeHead(201, [
      'content-type',
      'application/json; charset=utf-8',
      'location',
      `http://${req.headers.host}/api/v1.1/jobs/${job.id}`,
      'content-length',
      Buffer.byteLength(body),
    ]);
    res.end(body);
  });
});
serveHttpServer(server);
