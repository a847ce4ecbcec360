/**
 * @module The string form of a "Decimal" (spec 2.5: a response may write an amount as `"52000.0000"`), read from
 * salary.schema.json's `$defs.decimal`, so the response schema and the comparisons that read such a string allow
 * the same form.
 */
import { loadSchema } from './load.js';

interface SalarySchema {
  $defs: { decimal: { anyOf: ReadonlyArray<{ type: string; pattern?: string }> } };
}

const stringForm = (loadSchema('salary.schema.json') as unknown as SalarySchema).$defs.decimal.anyOf.find((form) => form.type === 'string');
if (stringForm?.pattern === undefined) throw new Error('salary.schema.json: $defs.decimal has no string form with a pattern');

/** A plain decimal in a string: optional minus, digits, optional fraction; no exponent, no spaces. */
export const DECIMAL_STRING: RegExp = new RegExp(stringForm.pattern, 'u');
