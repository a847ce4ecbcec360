/**
 * @module The ceiling for the validating proxy: its own forwarding path
 * (dist/suites/proxy/forwarder.js: node:http in, an undici pool out, bodies
 * copied aside) in front of the target given as argv[2], with nothing judged.
 * A proxy over node:http cannot forward for less, so the proxy's throughput
 * is read against this as well as against the mock alone.
 */
import { createServer } from 'node:http';
import { createForwarder } from '../../dist/suites/proxy/forwarder.js';
import { serveHttpServer } from '../lib/child.mjs';

const forwarder = createForwarder({ target: new URL(process.argv[2]), onEnd: () => {} });
serveHttpServer(createServer(forwarder.handler));
