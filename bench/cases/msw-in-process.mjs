/**
 * @module In-process use through MSW's setupServer handlers (runs in its own child).
 */
import { startChild } from '../lib/child.mjs';

export async function mswInProcess({ seconds }) {
  const child = await startChild('children/msw-in-process.mjs', [JSON.stringify({ seconds })], { timeoutMs: 600_000 });
  return { seconds, results: child.info.results };
}
