/**
 * @module One request through an undici dispatcher, answered with the whole body as bytes. The suite reads every
 * body whole, so undici's `request()`, which hands the body over as a Node stream to be read back, only adds a
 * stream per response: on a run of twenty thousand requests that stream was a tenth of the suite's own time.
 */
import { Agent, type Dispatcher } from 'undici';

let ownAgent: Agent | undefined;

/**
 * The dispatcher of a client given none: an Agent of this package's undici. The global dispatcher may be the one Node
 * bundles for fetch, which is set up by the first fetch of the process and, before Node 24, is an older undici whose
 * dispatch takes only the handlers this module does not use.
 */
function defaultDispatcher(): Agent {
  ownAgent ??= new Agent();
  return ownAgent;
}

/** What the answer was: its status, its headers as undici parsed them (lower-case names), and its body. */
export interface RawResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface DispatchOptions {
  method: string;
  headers: Record<string, string>;
  body: string | Dispatcher.DispatchOptions['body'] | undefined;
  /** Aborts the request: the promise rejects with the signal's reason. */
  signal: AbortSignal;
  headersTimeout: number;
  bodyTimeout: number;
}

/**
 * Sends one request and resolves once its answer is read whole; rejects with undici's error (its `code` says which:
 * `UND_ERR_HEADERS_TIMEOUT`, `ECONNREFUSED` in `cause`, ...) or with the signal's reason.
 *
 * @example
 * const res = await dispatchOnce(agent, new URL('http://127.0.0.1:4010/api/v1.1/jobs/1'), { method: 'GET', ... });
 */
export function dispatchOnce(dispatcher: Dispatcher | undefined, url: URL, options: DispatchOptions): Promise<RawResponse> {
  const { signal } = options;
  // abort() gives a DOMException (an Error); a reason given to abort(reason) that is no Error is wrapped in one.
  const reason = (): Error => (signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
  return new Promise<RawResponse>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let statusCode = 0;
    let headers: RawResponse['headers'] = {};
    let controller: Dispatcher.DispatchController | undefined;
    const onAbort = (): void => controller?.abort(reason());
    const settle = (): void => signal.removeEventListener('abort', onAbort);
    if (signal.aborted) {
      reject(reason());
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started;
        if (signal.aborted) started.abort(reason());
      },
      onResponseStart(_controller, status, responseHeaders) {
        statusCode = status;
        headers = responseHeaders;
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        settle();
        resolve({ statusCode, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
      },
      onResponseError(_controller, error) {
        settle();
        reject(error);
      },
    };
    (dispatcher ?? defaultDispatcher()).dispatch(
      {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: options.method,
        headers: options.headers,
        body: options.body ?? null,
        headersTimeout: options.headersTimeout,
        bodyTimeout: options.bodyTimeout,
      },
      handler,
    );
  });
}
