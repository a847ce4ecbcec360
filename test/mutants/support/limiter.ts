/**
 * @module At most `n` tasks at once: mutants run in one process, whose
 * CPU and sockets they share.
 */

/**
 * @example
 * const limit = createLimiter(2);
 * await Promise.all(items.map((item) => limit(() => work(item))));
 */
export function createLimiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
