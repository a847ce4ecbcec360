/**
 * @module What the target chose where the spec is silent. Never a failure;
 * each distinct (rule, topic, observed) is kept once, however many cases saw it.
 */
import type { Observation } from '../../schemas/types.gen.js';
import type { ObservationTopic } from './observation-topics.js';

export class Observations {
  readonly #items = new Map<string, Observation>();

  add(observation: Observation & { topic: ObservationTopic }): void {
    const key = `${observation.ruleId ?? ''}|${observation.topic}|${observation.observed}`;
    if (!this.#items.has(key)) this.#items.set(key, observation);
  }

  /**
   * The observations, in the order made; with `ruleOrder` (rule ids), grouped in that order
   * (run-level ones first), so concurrent rules list them as a sequential run would.
   */
  list(ruleOrder?: readonly string[]): Observation[] {
    const items = [...this.#items.values()];
    if (ruleOrder === undefined) return items;
    const place = new Map(ruleOrder.map((id, index) => [id, index]));
    const rank = (o: Observation): number => (o.ruleId ? (place.get(o.ruleId) ?? ruleOrder.length) : -1);
    // Array.prototype.sort is stable: a rule's own observations keep the order it made them.
    return items.sort((a, b) => rank(a) - rank(b));
  }
}
