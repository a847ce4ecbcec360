import { describe, expect, it } from 'vitest';
import { parseReporters } from '../write-reports.js';
import { REPORT_FILES, REPORT_FORMATS, REPORTERS } from './report-formats.js';

describe('the table of report formats', () => {
  it('gives every format its own file', () => {
    expect(new Set(Object.values(REPORT_FILES)).size).toBe(REPORT_FORMATS.length);
  });

  it('is what --reporter takes, by name and by alias, and `all` is every row', () => {
    for (const format of REPORT_FORMATS) {
      expect(parseReporters(format.name)).toEqual([format.name]);
      for (const alias of format.aliases) expect(parseReporters(alias)).toEqual([format.name]);
    }
    expect(parseReporters('all')).toEqual(REPORTERS);
  });
});
