/**
 * @module report.json: the report object itself (redacted where it was built), pretty-printed.
 * It is the source the other formats are rendered from and validates against
 * schemas/report.schema.json.
 */
import type { RedactedReport } from './redactor.js';

/**
 * @example
 * await writeFile('report.json', renderJson(report));
 */
export function renderJson(report: RedactedReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
