/**
 * @module What counts as a secret in a recorded exchange, for every layer
 * that records one (the mock's journal, the suite's reports, the proxy's
 * findings), and what a secret is replaced with.
 */

/** What a secret is replaced with everywhere. */
export const REDACTED = '[redacted]';

/**
 * Header names (lower case) whose values are credentials whatever they hold:
 * the spec's key (spec 5), its common alias, and the usual credentials a
 * client or server may add.
 */
export const SECRET_HEADERS: readonly string[] = ['api-key', 'x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

const SECRET_SET: ReadonlySet<string> = new Set(SECRET_HEADERS);

/**
 * Whether a header's value is a credential, by its name in any case.
 *
 * @example
 * isSecretHeader('Authorization') // true
 * isSecretHeader('content-type')  // false
 */
export const isSecretHeader = (name: string): boolean => SECRET_SET.has(name.toLowerCase());
