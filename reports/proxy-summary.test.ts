import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../schemas/types.gen.js';
import { proxySummary } from './proxy-summary.js';

const silences = { jobsFirstSeen: 0, uncertainWrites: 0, changedElsewhere: 0, concurrentSkips: 0, withoutKey: 0 };

describe('proxySummary', () => {
  it('is absent for a suite run', () => {
    expect(proxySummary({} as ConformanceReport)).toBeUndefined();
  });

  it('says what was judged, the findings per side, and where the model was silent', () => {
    const proxy = {
      exchanges: 41,
      employers: 2,
      failedExchanges: 1,
      uncheckedBodies: 0,
      findings: { client: 1, server: 3 },
      silences: { ...silences, jobsFirstSeen: 3, concurrentSkips: 2 },
    };
    expect(proxySummary({ proxy } as ConformanceReport)).toBe(
      'proxy: 41 exchanges, 2 employers · findings: 1 client, 3 server · 1 without a response · ' +
        'silent where the model could not know: 3 jobs first seen ' +
        '(created before the proxy started, or elsewhere), 2 comparisons skipped for concurrent traffic',
    );
  });
});
