/** Types for scripts/openapi.mjs (plain ESM so `npm run generate` needs no build). */

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string; license?: { name: string; identifier?: string } };
  servers: Array<{ url: string; variables?: Record<string, { default: string; description?: string }> }>;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, Record<string, unknown>> };
  [key: string]: unknown;
};

export declare class OpenApiBuildError extends Error {
  readonly name: 'OpenApiBuildError';
  readonly code: 'NAME_COLLISION' | 'UNRESOLVED_REF';
  readonly context: Record<string, unknown>;
}

/**
 * The whole OpenAPI 3.1 document of the Jobs API v1.1, assembled from schemas/*.schema.json.
 * With `prefixed`, every path starts with /api/v1.1 and the server is `{base_url}` (for Prism).
 *
 * @example
 * import { buildOpenApi } from './scripts/openapi.mjs';
 * const doc = buildOpenApi();
 * doc.paths['/jobs/{id}'].get; // the GET /jobs/{id} operation
 */
export declare function buildOpenApi(options?: { prefixed?: boolean }): OpenApiDocument;
