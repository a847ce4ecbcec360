/**
 * @module Before any rule: is there a Jobs API at the address, and does it
 * accept the key? A tagged list (nothing pre-existing matches the run tag)
 * answers both without touching any job. Failures are SuiteErrors: exit 2.
 */
import { SuiteError } from '../contract/errors.js';
import type { Client } from '../contract/rule.js';

/**
 * Throws TARGET_UNREACHABLE (from the client), KEY_REJECTED or API_NOT_FOUND.
 *
 * @example
 * await preflight(client, 'jc1a2b3c-', 'api-key');
 */
export async function preflight(client: Client, tag: string, flag: 'api-key' | 'second-api-key'): Promise<void> {
  const res = await client.request({ method: 'GET', path: '/jobs', query: { q: tag, pageSize: 1 } });
  const where = `GET ${new URL(client.apiRoot).pathname}/jobs`;
  if (res.status === 401 || res.status === 403) {
    throw new SuiteError('KEY_REJECTED', `the key given with --${flag} was rejected: ${where} answered ${res.status}`, {
      context: { status: res.status },
    });
  }
  if (res.status === 404) {
    throw new SuiteError('API_NOT_FOUND', `no Jobs API v1.1 at ${client.apiRoot}: ${where} answered 404 (check --base-url)`, {
      context: { status: 404 },
    });
  }
}
