/**
 * @module Reads a report.json written by an earlier run, for `jobs-conformance diff` and
 * `--compare-with FILE`. The check is of the parts a comparison reads, not the whole schema:
 * a report from an older or newer version of the tool still compares.
 */
import { readFile } from 'node:fs/promises';
import type { ConformanceReport } from '../schemas/types.gen.js';
import { ReportError } from './report-error.js';

/**
 * @example
 * const drift = diffReports(await readReportFile('last/report.json'), report, { oldSource: 'last/report.json' });
 */
export async function readReportFile(file: string): Promise<ConformanceReport> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new ReportError('REPORT_FILE_UNREADABLE', `cannot read report ${file}: ${(cause as Error).message}`, {
      cause,
      context: { file },
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (cause) {
    throw new ReportError('REPORT_FILE_INVALID', `report ${file} is not JSON: ${(cause as Error).message}`, { cause, context: { file } });
  }
  const problem = problemOf(data);
  if (problem !== undefined)
    throw new ReportError('REPORT_FILE_INVALID', `${file} is not a jobs-conformance report.json: ${problem}`, { context: { file } });
  return data as ConformanceReport;
}

function problemOf(data: unknown): string | undefined {
  if (!isObject(data)) return 'not a JSON object';
  if (
    !Array.isArray(data.rules) ||
    !data.rules.every((rule) => isObject(rule) && typeof rule.id === 'string' && typeof rule.status === 'string')
  ) {
    return 'no "rules" array of {id, status}';
  }
  if (
    !Array.isArray(data.observations) ||
    !data.observations.every((o) => isObject(o) && typeof o.topic === 'string' && typeof o.observed === 'string')
  ) {
    return 'no "observations" array of {topic, observed}';
  }
  if (!isObject(data.target) || typeof data.target.baseUrl !== 'string' || !isObject(data.tool) || typeof data.seed !== 'number')
    return 'no target, tool or seed';
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
