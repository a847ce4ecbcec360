/**
 * @module What counts as a secret in a recorded exchange, for every layer
 * that records one (the mock's journal, the suite's reports, the proxy's
 * findings), and what a secret is replaced with.
 */

/** The header that carries the employer's key (spec 5), as the spec spells it. */
export const API_KEY = 'API-Key';

/** The same name as header maps key it (lower case). */
export const API_KEY_HEADER = API_KEY.toLowerCase();

/** What a secret is replaced with everywhere. */
export const REDACTED = '[redacted]';

/**
 * Header names (lower case) whose values are credentials whatever they hold:
 * the spec's key (spec 5), its common alias, and the usual credentials a
 * client or server may add.
 */
export const SECRET_HEADERS: readonly string[] = [
  API_KEY_HEADER,
  'x-api-key',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
];

const SECRET_SET: ReadonlySet<string> = new Set(SECRET_HEADERS);

/**
 * Whether a header's value is a credential, by its name in any case.
 *
 * @example
 * isSecretHeader('Authorization') // true
 * isSecretHeader('content-type')  // false
 */
export const isSecretHeader = (name: string): boolean => SECRET_SET.has(name.toLowerCase());
