/**
 * @module What the target chose where the spec is silent. Never a failure;
 * each distinct (rule, topic, observed) is kept once, however many cases saw it.
 */
import type { Observation } from '../schemas/types.gen.js';
import type { ObservationTopic } from './observation-topics.js';

export class Observations {
  readonly #items = new Map<string, Observation>();

  add(observation: Observation & { topic: ObservationTopic }): void {
    const key = `${observation.ruleId ?? ''}|${observation.topic}|${observation.observed}`;
    if (!this.#items.has(key)) this.#items.set(key, observation);
  }

  list(): Observation[] {
    return [...this.#items.values()];
  }
}
