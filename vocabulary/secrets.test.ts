import { describe, expect, it } from 'vitest';
import {
  API_KEY,
  API_KEY_HEADER,
  isSecretHeader,
  NEAR_MISS_KEY_KINDS,
  nearMissKey,
  REDACTED,
  redactionSecrets,
  SECRET_HEADERS,
} from './secrets.js';

/** The lists the layers kept before they shared this one: the union must still cover each. */
const FORMER = {
  journal: ['api-key', 'authorization', 'proxy-authorization', 'cookie'],
  proxy: ['api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie'],
  reports: ['api-key', 'x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie'],
};

describe('secret headers', () => {
  it.each(Object.entries(FORMER))('cover what the %s redacted', (_layer, names) => {
    for (const name of names) expect(isSecretHeader(name), name).toBe(true);
  });

  it('are exactly the union of the former lists, in lower case', () => {
    expect([...SECRET_HEADERS].sort()).toEqual([...new Set(Object.values(FORMER).flat())].sort());
    for (const name of SECRET_HEADERS) expect(name).toBe(name.toLowerCase());
  });

  it('match in any case, and nothing else', () => {
    expect(isSecretHeader('API-Key')).toBe(true);
    expect(isSecretHeader('Set-Cookie')).toBe(true);
    for (const name of ['content-type', 'x-trace', 'api-key-hint', 'location']) expect(isSecretHeader(name), name).toBe(false);
  });

  it("hold the spec's key header, as header maps key it", () => {
    expect(API_KEY_HEADER).toBe(API_KEY.toLowerCase());
    expect(isSecretHeader(API_KEY)).toBe(true);
  });

  it('are replaced by one placeholder', () => expect(REDACTED).toBe('[redacted]'));
});

describe('near misses of a key', () => {
  it('differ from the key by the case of its letters, one character more or one less', () => {
    expect(NEAR_MISS_KEY_KINDS.map((kind) => nearMissKey('k3y-Ab', kind))).toEqual(['K3Y-aB', 'k3y-Abb', 'k3y-A']);
  });

  it('leave out a variant that would be the key itself or empty', () => {
    expect(nearMissKey('1234-56', 'other letter case')).toBeUndefined();
    expect(nearMissKey('x', 'one character less')).toBeUndefined();
    expect(nearMissKey('x', 'one character more')).toBe('xx');
  });

  it('are secrets with the keys they come from, for every key given', () => {
    expect(redactionSecrets(['abc-1', undefined, '42'])).toEqual(['abc-1', 'ABC-1', 'abc-11', 'abc-', '42', '422', '4']);
  });
});
