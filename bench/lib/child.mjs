/**
 * @module Child processes for the benchmarks: every server and every
 * in-process measurement runs in its own Node process (forked with IPC), so
 * the load generator in bench/run.mjs never shares a thread with what it
 * measures. A child says `{type: 'ready', ...}` once it is up and answers
 * `{type: 'cpu'}` with its own CPU and memory figures.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A running child: `info` is its ready message. */
export class Child {
  constructor(proc, info) {
    this.proc = proc;
    this.info = info;
  }

  /** Sends a request and resolves with the first reply of the given type. */
  ask(message, replyType = message.type) {
    return new Promise((resolve, reject) => {
      const onMessage = (reply) => {
        if (reply?.type !== replyType) return;
        this.proc.off('message', onMessage);
        this.proc.off('exit', onExit);
        resolve(reply);
      };
      const onExit = (code) => reject(new Error(`child exited with ${code} before answering ${message.type}`));
      this.proc.on('message', onMessage);
      this.proc.once('exit', onExit);
      this.proc.send(message);
    });
  }

  /** Asks the child to stop and waits for it; kills it after 5 s. */
  async stop() {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    const exited = new Promise((resolve) => this.proc.once('exit', resolve));
    this.proc.send({ type: 'stop' });
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * Forks `script` (a path relative to bench/) with `args` and waits for its ready message; `execPath` runs it on
 * another Node binary than the bench's.
 *
 * @example
 * const bare = await startChild('children/bare-server.mjs');
 * console.log(bare.info.url);
 * await bare.stop();
 */
export function startChild(script, args = [], { execArgv = [], timeoutMs = 120_000, execPath } = {}) {
  const path = fileURLToPath(new URL(`../${script}`, import.meta.url));
  // execPath: another Node binary (bench/cases/node-lines.mjs runs the same child on each supported line).
  const proc = fork(path, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv, ...(execPath ? { execPath } : {}) });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`${script} did not become ready within ${timeoutMs} ms`));
    }, timeoutMs);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready`));
    });
    proc.on('message', (message) => {
      if (message?.type === 'ready') {
        clearTimeout(timer);
        proc.removeAllListeners('exit');
        resolve(new Child(proc, message));
      }
    });
  });
}

/**
 * The child side: answers `cpu` and `stop`, plus the extra handlers given.
 *
 * @example
 * serveParent({ onStop: () => server.close() });
 */
export function serveParent({ onStop = async () => {}, handlers = {} } = {}) {
  process.on('message', async (message) => {
    if (message?.type === 'cpu') {
      process.send({ type: 'cpu', cpu: process.cpuUsage(), memory: process.memoryUsage() });
    } else if (message?.type === 'stop') {
      await onStop();
      process.exit(0);
    } else if (handlers[message?.type]) {
      process.send({ type: message.type, ...(await handlers[message.type](message)) });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

/**
 * The child side of a plain node:http server: listens on a free loopback
 * port, answers the parent (closing the server on `stop`) and says ready.
 *
 * @example
 * serveHttpServer(createServer((req, res) => res.end('{}')));
 */
export function serveHttpServer(server) {
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    serveParent({ onStop: () => new Promise((resolve) => server.close(resolve)) });
    process.send({ type: 'ready', url: `http://127.0.0.1:${port}` });
  });
}
