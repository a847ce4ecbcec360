/**
 * @module Whole referenceIds in the shapes other systems issue, each made from a case's own referenceId (`base`), so
 * it stays the case's alone: a UUID in upper case, as .NET writes a Guid; a ULID; an order number of digits with a
 * leading zero. A server may recognize such a shape and store it in a form of its own (a Guid column in lower case,
 * digits as a number).
 */
import { createHash } from 'node:crypto';

/** The digest of the case's own referenceId: a whole value in another shape made from it stays the case's alone. */
const digestOf = (base: string): Buffer => createHash('sha256').update(base).digest();
const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A version-4 UUID made from `base`, in upper case.
 *
 * @example
 * upperCaseUuidOf('jc4abc2ck15x0x'); // 'A1B2C3D4-E5F6-4…-A…-…'
 */
export function upperCaseUuidOf(base: string): string {
  const hex = digestOf(base).toString('hex', 0, 16).toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-A${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A ULID made from `base`: 26 characters of Crockford's base 32, the first at most 7 (its 48-bit time).
 *
 * @example
 * ulidOf('jc4abc2ck15x0x'); // '0' and 25 characters
 */
export function ulidOf(base: string): string {
  return `0${[...digestOf(base).subarray(0, 25)].map((byte) => CROCKFORD_BASE32[byte % 32]).join('')}`;
}

/**
 * An order number made from `base`: ten digits, the first a zero, as an employer's system issues them; another base
 * gives other digits.
 *
 * @example
 * orderNumberOf('jc4abc2ck15x0x'); // '0' and nine digits
 */
export function orderNumberOf(base: string): string {
  return `0${[...digestOf(base).subarray(0, 9)].map((byte) => byte % 10).join('')}`;
}
