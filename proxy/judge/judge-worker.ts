/**
 * @module The worker thread that judges exchanges (judge.ts): it receives
 * batches of request heads and finished exchanges in the order they
 * happened, runs the Inspector over them, and answers findings, `settle`
 * and `report` messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { CapturedExchange } from '../relay/captured-exchange.js';
import { Inspector } from './inspector.js';
import type { JudgeEvent, JudgeWorkerData } from './judge-thread.js';
import { buildProxyReport } from '../proxy-report.js';

const port = parentPort!;
const { target, selection } = workerData as JudgeWorkerData;
const inspector = new Inspector(new URL(target), (finding) => port.postMessage({ type: 'finding', finding }), selection);

/** Structured cloning turns a Buffer into a Uint8Array: the checks want Buffers. */
const asBuffer = (bytes: Uint8Array | undefined): Buffer | undefined =>
  bytes === undefined ? undefined : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function revive(exchange: CapturedExchange): CapturedExchange {
  const requestBody = asBuffer(exchange.requestBody);
  const responseBody = asBuffer(exchange.responseBody);
  return { ...exchange, ...(requestBody ? { requestBody } : {}), ...(responseBody ? { responseBody } : {}) };
}

async function answer(
  message: JudgeEvent[] | { type: 'settle' | 'report'; id: number; target?: string; startedAt?: string },
): Promise<void> {
  if (Array.isArray(message)) {
    for (const event of message) {
      if (typeof event === 'number') inspector.started({ startSeq: event, method: 'GET', url: '', requestHeaders: [] });
      else if (event.type === 'start') inspector.started(event.exchange);
      else inspector.ended(revive(event.exchange));
    }
    return;
  }
  await inspector.settled();
  if (message.type === 'settle') port.postMessage({ type: 'settled', id: message.id });
  else
    port.postMessage({
      type: 'report',
      id: message.id,
      report: buildProxyReport(inspector, { target: message.target!, startedAt: new Date(message.startedAt!), finishedAt: new Date() }),
    });
}

port.on('message', (message: Parameters<typeof answer>[0]) => {
  // A failure must end the thread (rethrown outside the promise): its 'error' event rejects the waiting asks in judge.ts.
  answer(message).catch((error: unknown) =>
    setImmediate(() => {
      throw error;
    }),
  );
});
