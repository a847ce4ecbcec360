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

/**
 * Keys one step beside an issued one, which a server that compares keys loosely (case-insensitively, by prefix, by
 * the leading characters) takes for it. They are secrets too: each tells the key but for a letter's case or one
 * character, so every Redactor masks them with the key (redactionSecrets).
 */
export const NEAR_MISS_KEY_KINDS = ['other letter case', 'one character more', 'one character less'] as const;
export type NearMissKeyKind = (typeof NEAR_MISS_KEY_KINDS)[number];

/**
 * The near miss `kind` of `key`, or undefined where none differs from it (a key without letters has no other case).
 *
 * @example
 * nearMissKey('abc-1', 'other letter case');  // 'ABC-1'
 * nearMissKey('abc-1', 'one character more'); // 'abc-11'
 * nearMissKey('abc-1', 'one character less'); // 'abc-'
 */
export function nearMissKey(key: string, kind: NearMissKeyKind): string | undefined {
  const variant =
    kind === 'other letter case'
      ? [...key].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('')
      : kind === 'one character more'
        ? `${key}${key.at(-1) ?? 'x'}`
        : key.slice(0, -1);
  return variant === key || variant === '' ? undefined : variant;
}

/**
 * The secrets a run's keys make: each key and its near misses.
 *
 * @example
 * redactionSecrets(['abc-1']); // ['abc-1', 'ABC-1', 'abc-11', 'abc-']
 */
export function redactionSecrets(keys: ReadonlyArray<string | undefined>): string[] {
  return keys.flatMap((key) => (key ? [key, ...NEAR_MISS_KEY_KINDS.flatMap((kind) => nearMissKey(key, kind) ?? [])] : []));
}
