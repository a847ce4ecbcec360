/**
 * @module The meanings the spec gives ids, as the schemas' tables hold them (2.5: salary period 1 Yearly ... 5
 * Hourly; 2.6: applicant routing type 1 Email, 2 URL): read once for every reader of them.
 */
import { loadSchema } from './load.js';

export interface IdMeaning {
  readonly id: number;
  readonly name: string;
}

function table(file: string, key: string): readonly IdMeaning[] {
  const rows = (loadSchema(file) as Record<string, unknown>)[key];
  if (!Array.isArray(rows) || rows.length === 0) throw new Error(`${file} has no table ${key}`);
  return Object.freeze(rows.map(({ id, name }: IdMeaning) => Object.freeze({ id, name })));
}

/**
 * @example
 * SALARY_PERIOD_MEANINGS[0]; // { id: 1, name: 'Yearly' }
 */
export const SALARY_PERIOD_MEANINGS: readonly IdMeaning[] = table('salary-period.schema.json', 'x-periods');

/**
 * @example
 * ROUTING_TYPE_MEANINGS[1]; // { id: 2, name: 'URL' }
 */
export const ROUTING_TYPE_MEANINGS: readonly IdMeaning[] = table('applicant-routing-type.schema.json', 'x-routing-types');
