/**
 * @module A body switched to one routing type (spec 2.1): applicantRoutingType set,
 * both addresses dropped, then the given address added.
 */
import { routingTypeIds } from '../../arbitraries/schema-limits.js';
import type { Body } from '../../contract/rule.js';

export type RoutingKind = 'email' | 'url';

/** The plain address of each routing type, the one a body sends where the address itself is not the subject. */
export const PLAIN_ADDRESS: Readonly<Record<RoutingKind, Body>> = {
  email: { applicationEmail: 'apply@example.com' },
  url: { applicationUrl: 'https://example.com/apply' },
};

/** The other routing type. */
export const otherKind = (kind: RoutingKind): RoutingKind => (kind === 'email' ? 'url' : 'email');

/** The body with routing `kind` and exactly the given address fields. */
export function withRouting(body: Body, kind: RoutingKind, address: Body): Body {
  const { applicationEmail: _email, applicationUrl: _url, ...rest } = body;
  return { ...rest, applicantRoutingType: { id: routingTypeIds[kind] }, ...address };
}
