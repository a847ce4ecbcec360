import { expect, it } from 'vitest';
import { validators } from '../../../schemas/index.js';
import { resolveLocation } from './resolve-location.js';

it('matches the list by "City, PC" or by a unique "City", echoing the description', () => {
  expect(resolveLocation('Toronto, ON')).toEqual({ id: 1, name: 'Toronto, ON', description: 'Toronto, ON', type: 'city' });
  expect(resolveLocation('toronto')).toMatchObject({ id: 1, name: 'Toronto, ON', description: 'toronto' });
});

it('accepts a Canadian location outside the list with a stable id (spec 2.2)', () => {
  const a = resolveLocation('Tuktoyaktuk, NT');
  expect(a).toMatchObject({ name: 'Tuktoyaktuk, NT', description: 'Tuktoyaktuk, NT', type: 'city' });
  expect(a.id).toBeGreaterThanOrEqual(100_000);
  expect(resolveLocation('Tuktoyaktuk, NT').id).toBe(a.id);
  expect(resolveLocation('Inuvik, NT').id).not.toBe(a.id);
});

it('keeps the name within 256 code points for a 300-character description (spec 8)', () => {
  const location = resolveLocation('é'.repeat(300));
  expect(Array.from(location.name)).toHaveLength(256);
  expect(validators.location(location).ok).toBe(true);
});

it('gives the same frozen object for the same description, and stays right past its memory', () => {
  const first = resolveLocation('Ottawa');
  const adHoc = resolveLocation('Tuktoyaktuk, NT');
  expect(Object.isFrozen(first)).toBe(true);
  expect(resolveLocation('Ottawa')).toBe(first);
  expect(resolveLocation('ottawa')).toEqual({ ...first, description: 'ottawa' });
  for (let i = 0; i < 3000; i++) resolveLocation(`Place ${i}, ON`);
  expect(resolveLocation('Ottawa')).toEqual(first);
  expect(resolveLocation('Tuktoyaktuk, NT')).toEqual(adHoc);
});

it('resolves places with punctuation, modifier letters and combining marks (spec 2.2)', () => {
  for (const description of [
    'Saint-Louis-du-Ha! Ha!, QC',
    'K\u02BC\u00F3moks, BC',
    'Fort McMurray (Wood Buffalo), AB',
    'Fort McMurray (Wood Buffalo)',
  ]) {
    const location = resolveLocation(description);
    expect(location).toMatchObject({ name: description, description, type: 'city' });
    expect(location.id).toBeGreaterThanOrEqual(100_000);
    expect(validators.location(location).ok).toBe(true);
  }
  expect(resolveLocation('Fort McMurray (Wood Buffalo), AB').id).not.toBe(resolveLocation('Fort McMurray, AB').id);
  // Montre\u0301al (e + combining acute) is the listed Montr\u00e9al, echoed as sent.
  expect(resolveLocation('Montre\u0301al, QC')).toMatchObject({
    id: resolveLocation('Montr\u00e9al, QC').id,
    description: 'Montre\u0301al, QC',
  });
});
