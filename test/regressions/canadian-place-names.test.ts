/**
 * Regression: valid Canadian places were refused by the
 * location-input pattern, which knew only Latin letters and . ' ’ - in a
 * city. Spec 2.2: "A valid Canadian location is accepted even if it is not in
 * the service's location list." Any city text of letters, marks, digits,
 * spaces and the punctuation real place names use is accepted; only the
 * province code must be exact. The pattern stays portable (no \p{..}) and its
 * source ASCII (a literal ’ in the OpenAPI document crashes Prism).
 * Two of these texts are no official municipal name (Kʼómoks is a First
 * Nation's, Fort McMurray lies in Wood Buffalo), and spec 2.2 lets a server
 * judge what a valid place is: the suite's generators no longer send them
 * (they draw official names: suites/arbitraries/location.ts). The mock's
 * pattern still accepts their characters, which this test keeps proving.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { type MockClient, useMock, validJob } from '../mock/helpers.js';

const PLACES = ['Saint-Louis-du-Ha! Ha!, QC', 'K\u02BC\u00F3moks, BC', 'Fort McMurray (Wood Buffalo), AB'];

let api: MockClient;
useMock((started) => ({ api } = started));

describe('Canadian place names with punctuation (spec 2.2)', () => {
  it.each(PLACES)('%s is accepted, with and without its province code, and echoed', async (place) => {
    for (const description of [place, place.slice(0, place.lastIndexOf(','))]) {
      expect(validators.locationInput({ description }).ok, description).toBe(true);
      const res = await api.post('/jobs', validJob({ locations: [{ description }] }));
      expect(res.status, res.text).toBe(201);
      expect(res.json.locations[0].description).toBe(description);
    }
  });

  it('still refuses a province code that is not Canadian', () => {
    expect(validators.locationInput({ description: 'Fort McMurray (Wood Buffalo), WA' }).ok).toBe(false);
  });

  it('keeps every pattern ASCII (\\u escapes) in the schema file and the OpenAPI document', () => {
    const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    expect(read('schemas/location-input.schema.json').match(/[^\x00-\x7F]/g) ?? []).toEqual([]);
    const patterns: string[] = [];
    JSON.parse(read('openapi/jobs-api-v1.1.json'), (key, value) => {
      if (key === 'pattern' && typeof value === 'string') patterns.push(value);
      return value;
    });
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) expect(pattern.match(/[^\x00-\x7F]/g) ?? [], pattern).toEqual([]);
  });
});
