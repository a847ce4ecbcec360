/**
 * @module createMockServer: the standalone mock, the core behind the lean
 * node:http adapter; its control operations are the core's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDispatcher } from './core/routes/dispatch.js';
import { MockConfigError } from './core/mock-config-error.js';
import { MockCore } from './core/mock-core.js';
import { resolveMockOptions, SERVER_DEFAULTS, type MockServerOptions, type ResolvedMockOptions } from './core/mock-options.js';
import { createNodeListener } from './node-adapter.js';
import { loadPersistedState, Persistence } from './persistence/persistence.js';

export type { MockServerOptions };

/**
 * The running server: its URL, the core behind it (every control operation:
 * `core.reset()`, `core.seedJobs()`, `core.setClock()`, `core.injectFault()`,
 * `core.requests()`, ...), and close. Under `persist` every change made
 * through `core` is logged too: persistence listens to the core's change events.
 */
export interface MockServer {
  /** base_url, e.g. `http://127.0.0.1:4010`; the API root is `url + '/api/v1.1'`. */
  readonly url: string;
  /** The state behind the server and its control operations. */
  readonly core: MockCore;
  /** Stops the server; under `persist` it ends with a compaction. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(
        error.code === 'EADDRINUSE'
          ? new MockConfigError('port_in_use', `port ${port} on ${host} is already in use`, { cause: error })
          : new MockConfigError('invalid_argument', `cannot listen on ${host}:${port}: ${error.message}`, { cause: error }),
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Starts the mock on loopback.
 *
 * @example
 * await using mock = await createMockServer();
 * const res = await fetch(`${mock.url}/api/v1.1/jobs`, { headers: { 'API-Key': 'demo-key-1' } });
 */
export async function createMockServer(options: MockServerOptions | ResolvedMockOptions = {}): Promise<MockServer> {
  // Every option is read and checked here, before anything is opened (a bad origin fails before the data file is read).
  const resolved = resolveMockOptions(options, SERVER_DEFAULTS);
  const core = new MockCore(resolved);
  const dataFile = resolved.dataFile;
  let persistence: Persistence | undefined;
  if (dataFile?.persist) {
    persistence = await Persistence.open(core, {
      dataFile: dataFile.path,
      fsync: dataFile.fsync,
      compactAfterBytes: dataFile.compactAfterBytes,
    });
  } else if (dataFile !== undefined) {
    loadPersistedState(core, dataFile.path);
  }
  let url = '';
  const server = createServer(createNodeListener(createDispatcher(core), () => url, resolved.bodyLimit));
  server.keepAliveTimeout = 5_000;
  const address = await listen(server, resolved.port, resolved.host);
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${shownHost}:${address.port}`;
  let closed: Promise<void> | undefined;
  const closeServer = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  // The server first, so no change comes in while the last compaction runs.
  const close = (): Promise<void> => (closed ??= closeServer().finally(() => persistence?.close()));
  return { url, core, close, [Symbol.asyncDispose]: close };
}
