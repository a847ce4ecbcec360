/**
 * @module The typed error of the schemas module: a schema that cannot be found
 * or loaded. Callers branch on `code`, never on the message.
 */

export type SchemaErrorCode = 'SCHEMA_NOT_FOUND';

/**
 * @example
 * try { validatorFor('nope.schema.json'); }
 * catch (e) { if (e instanceof SchemaError && e.code === 'SCHEMA_NOT_FOUND') console.error(e.schemaId); }
 */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
  readonly code: SchemaErrorCode;
  /** The `$id` (with fragment) that was asked for. */
  readonly schemaId: string;

  constructor(code: SchemaErrorCode, schemaId: string, options?: { cause?: unknown }) {
    super(`[schemas] no schema with $id ${schemaId}`, options);
    this.code = code;
    this.schemaId = schemaId;
  }
}
