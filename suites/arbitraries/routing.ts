/**
 * @module Applicant routing (spec 2.6, 4.2): type 1 (Email) with an
 * applicationEmail, type 2 (URL) with an http(s) applicationUrl. Addresses use
 * the reserved example domains (RFC 2606), so nothing real is ever contacted.
 */
import * as fc from 'fast-check';
import { routingTypeIds } from './schema-limits.js';
import { exactLengthTextArb, padToLength, wordArb } from './text.js';

const DOMAINS = ['example.com', 'example.org', 'example.net', 'jobs.example.com'] as const;
// RFC 5321: a local part is at most 64 octets; fillers are cut from this length.
const LOCAL_PART_MAX = 64;

function toEmail({ local, domain }: { local: string; domain: string }): string {
  return `${local}@${domain}`;
}

/**
 * A plain valid address, well under §8: applicationEmail <= 50.
 *
 * @example
 * fc.sample(applicationEmailArb, 1); // ['q7x@example.org']
 */
export const applicationEmailArb: fc.Arbitrary<string> = fc
  .record({ local: wordArb('lower'), domain: fc.constantFrom(...DOMAINS) })
  .map(toEmail);

/**
 * A valid address of exactly `n` characters (`local@domain`, lower-case
 * letters and digits), for §8: applicationEmail <= 50 at n and n + 1.
 *
 * @example
 * fc.sample(emailOfLengthArb(51), 1)[0].length; // 51
 */
export function emailOfLengthArb(n: number): fc.Arbitrary<string> {
  return fc
    .record({ filler: exactLengthTextArb(LOCAL_PART_MAX, 'lower'), domain: fc.constantFrom(...DOMAINS) })
    .map(function emailOfLength({ filler, domain }) {
      const suffix = `@${domain}`;
      return padToLength('', filler, n - suffix.length) + suffix;
    });
}

/**
 * `http` or `https`, lower-case: the canonical form every setup body sends (spec 4.2 writes "http:// or
 * https://" literally). The other spellings are schemeVariantArb's, sent only by jobs.limits.url-scheme-case.
 *
 * @example
 * fc.sample(schemeArb, 2); // ['https', 'http']
 */
export const schemeArb: fc.Arbitrary<string> = fc.constantFrom('https', 'http');

/**
 * `http` or `https` in upper or mixed case: the same scheme (RFC 3986 3.1 makes schemes case-insensitive),
 * but not the literal text of spec 4.2, so only the should rule jobs.limits.url-scheme-case sends it
 * (`HTTPS://` was once refused: test/regressions/url-scheme-case.test.ts).
 *
 * @example
 * fc.sample(schemeVariantArb, 2); // ['HTTPS', 'Http']
 */
export const schemeVariantArb: fc.Arbitrary<string> = fc.constantFrom('HTTPS', 'HTTP', 'Https', 'Http', 'hTTpS');

function toUrl({ scheme, domain, path }: { scheme: string; domain: string; path: string[] }): string {
  return `${scheme}://${domain}/${path.join('/')}`;
}

function urlArb(scheme: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.record({ scheme, domain: fc.constantFrom(...DOMAINS), path: fc.array(wordArb('lower'), { maxLength: 3 }) }).map(toUrl);
}

/**
 * A valid `http://` or `https://` address (lower-case scheme), well under §8: applicationUrl <= 200.
 *
 * @example
 * fc.sample(applicationUrlArb, 1); // ['https://example.com/apply/x1']
 */
export const applicationUrlArb: fc.Arbitrary<string> = urlArb(schemeArb);

/**
 * A valid address whose scheme is written in upper or mixed case (`HTTPS://example.com/x`): for the owner
 * rule of that form only, never a setup body.
 *
 * @example
 * fc.sample(applicationUrlSchemeVariantArb, 1); // ['Http://example.org/apply']
 */
export const applicationUrlSchemeVariantArb: fc.Arbitrary<string> = urlArb(schemeVariantArb);

/**
 * A valid http(s) address of exactly `n` characters, for §8: applicationUrl <= 200 at n and n + 1.
 *
 * @example
 * fc.sample(urlOfLengthArb(200), 1)[0].length; // 200
 */
export function urlOfLengthArb(n: number): fc.Arbitrary<string> {
  return fc
    .record({
      scheme: schemeArb,
      domain: fc.constantFrom(...DOMAINS),
      filler: exactLengthTextArb(n, 'lower'),
    })
    .map(function urlOfLength({ scheme, domain, filler }) {
      return padToLength(`${scheme}://${domain}/apply/`, filler, n);
    });
}

function stripScheme(url: string): string {
  return url.replace(/^https?:\/\//i, '');
}

/**
 * An address WITHOUT `http://` or `https://` (§4.2 requires one): invalid however it shrinks.
 *
 * @example
 * fc.sample(urlWithoutSchemeArb, 1); // ['example.net/jobs']
 */
export const urlWithoutSchemeArb: fc.Arbitrary<string> = applicationUrlArb.map(stripScheme);

/**
 * Addresses that do not include `http://` or `https://` (spec 4.2), however "includes" is read: another
 * scheme, a scheme-relative URL, a script and a mail address, and near misses of the two schemes. Every
 * run sends them all before any draw of urlWithoutSchemeArb.
 *
 * @example
 * urlsWithoutHttpScheme[0]; // 'ftp://jobs.example.com/apply'
 */
export const urlsWithoutHttpScheme: readonly string[] = [
  'ftp://jobs.example.com/apply',
  '//jobs.example.com/apply',
  'javascript:alert(1)',
  'mailto:jobs@example.com',
  'http:/jobs.example.com/apply',
  'https:jobs.example.com/apply',
  'http//jobs.example.com/apply',
];

export type Routing =
  { applicantRoutingType: { id: number }; applicationEmail: string } | { applicantRoutingType: { id: number }; applicationUrl: string };

function emailRouting(applicationEmail: string): Routing {
  // §4.2: applicationEmail required when applicantRoutingType.id is 1
  return { applicantRoutingType: { id: routingTypeIds.email }, applicationEmail };
}

function urlRouting(applicationUrl: string): Routing {
  // §4.2: applicationUrl required when applicantRoutingType.id is 2
  return { applicantRoutingType: { id: routingTypeIds.url }, applicationUrl };
}

/**
 * @example
 * fc.sample(emailRoutingArb, 1); // [{ applicantRoutingType: { id: 1 }, applicationEmail: 'a@example.com' }]
 */
export const emailRoutingArb: fc.Arbitrary<Routing> = applicationEmailArb.map(emailRouting);
export const urlRoutingArb: fc.Arbitrary<Routing> = applicationUrlArb.map(urlRouting);

/**
 * Either routing type with exactly its own field; the other field is never sent.
 *
 * @example
 * fc.sample(routingArb, 1); // [{ applicantRoutingType: { id: 2 }, applicationUrl: 'http://example.org/' }]
 */
export const routingArb: fc.Arbitrary<Routing> = fc.oneof(emailRoutingArb, urlRoutingArb);
