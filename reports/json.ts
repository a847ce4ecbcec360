/**
 * @module report.json: the report object itself, redacted, pretty-printed.
 * It is the source the other formats are rendered from and validates against
 * schemas/report.schema.json.
 */
import type { ConformanceReport } from '../schemas/types.gen.js';
import { redactReport } from './redact-report.js';

/**
 * @example
 * await writeFile('report.json', renderJson(report));
 */
export function renderJson(report: ConformanceReport, options: { secrets?: readonly string[] } = {}): string {
  return `${JSON.stringify(redactReport(report, options.secrets), null, 2)}\n`;
}
