import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../schemas/types.gen.js';
import { harJsonPieces, harOfExchanges, type TimedExchange } from './exchanges-har.js';

const TOOL = { name: 'jobs-conformance', version: '0.0.0-test' };

/** The n-th exchange of a run: started out of order, with bodies of a few non-ASCII characters. */
function timed(n: number): TimedExchange {
  const exchange: Exchange = {
    caseId: `jobs.create.status-201#${n}`,
    request: {
      method: 'POST',
      url: `http://127.0.0.1:4010/api/v1.1/jobs?n=${n}`,
      headers: { 'content-type': 'application/json', 'api-key': '[redacted]' },
      body: JSON.stringify({ title: `Café ${n} 🚀` }),
    },
    response: { status: 201, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: n, title: `Café ${n} 🚀` }) },
    durationMs: n / 2,
  };
  return { exchange, startedAt: new Date(Date.UTC(2026, 11, 1, 0, 0, 0, (n * 7) % 30)), ruleId: 'jobs.create.status-201' };
}

describe('harJsonPieces', () => {
  const exchanges = Array.from({ length: 30 }, (_, n) => timed(n));

  it("joins to JSON.stringify of harOfExchanges's log, to the character", () => {
    const pieces = [...harJsonPieces(exchanges, TOOL, 600)];
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(JSON.stringify(harOfExchanges(exchanges, TOOL)));
  });

  it("ends each piece but the last at an entry's end, so a value is never cut in two", () => {
    const pieces = [...harJsonPieces(exchanges, TOOL, 600)];
    for (const piece of pieces.slice(0, -1)) expect(piece).toMatch(/"_caseId":"jobs\.create\.status-201#\d+"\}$/);
    expect(pieces.at(-1)).toMatch(/\]\}\}$/);
  });

  it('writes an empty log for a run without exchanges', () => {
    expect(JSON.parse([...harJsonPieces([], TOOL)].join(''))).toEqual(harOfExchanges([], TOOL));
  });
});
