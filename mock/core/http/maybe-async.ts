/**
 * @module A CoreHandler may answer synchronously or with a Promise (a fault's
 * latency, an async transform). These keep a synchronous answer synchronous
 * through the layers that wrap a handler: no Promise, no microtask per request.
 */

/**
 * True when a handler's result is a Promise (or any thenable).
 *
 * @example
 * if (isPromise(result)) result.then(send); else send(result);
 */
export function isPromise<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/**
 * Applies `fn` to a value, or to a promise's value once it settles.
 *
 * @example
 * return andThen(next(req), (res) => withHeaders(res, extra));
 */
export function andThen<T, U>(value: T | PromiseLike<T>, fn: (value: T) => U): U | Promise<U> {
  return isPromise(value) ? Promise.resolve(value).then(fn) : fn(value);
}
