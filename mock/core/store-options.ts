/**
 * @module The store's options that follow from the choices: the order of ties (order.ties), what `q` matches
 * (q.match) and the publishDate auto-refresh sets (the dates' form). Choice wiring, like mock-core.ts: each value
 * selects one legal form, which its own profile runs.
 */
import { compareListOrder, compareListOrderIdsAscending } from '../store/ordered-index.js';
import { searchMatchOf } from '../store/search-views.js';
import type { StoreOptions } from '../store/jobs-store.js';
import type { Choices } from './choices/choices.js';
import { publishInstant } from './jobs/serialize-job.js';

/**
 * @example
 * store.setOptions(storeOptionsFor(resolveChoices({ profile: 'alt' }).choices));
 */
export function storeOptionsFor(choices: Choices): StoreOptions {
  return {
    compare: choices['order.ties'] === 'id-asc' ? compareListOrderIdsAscending : compareListOrder,
    match: searchMatchOf(choices['q.match']),
    publishInstant: (at) => publishInstant(at, choices),
  };
}
