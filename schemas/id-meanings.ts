/**
 * @module The meanings the spec gives ids, as the schemas' tables hold them (2.5: salary period 1 Yearly ... 5
 * Hourly; 2.6: applicant routing type 1 Email, 2 URL), and the province codes of 2.2's location form: read once for
 * every reader of them.
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

/**
 * The province and territory codes of 2.2's `<City>, <ProvinceCode>` form.
 *
 * @example
 * PROVINCE_CODES.includes('ON'); // true
 */
export const PROVINCE_CODES: readonly string[] = (() => {
  const codes = (loadSchema('location-input.schema.json') as Record<string, unknown>)['x-province-codes'];
  if (!Array.isArray(codes) || codes.length === 0 || !codes.every((code) => typeof code === 'string'))
    throw new Error('location-input.schema.json has no list x-province-codes');
  return Object.freeze([...codes]);
})();
