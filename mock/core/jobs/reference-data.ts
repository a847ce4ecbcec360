/**
 * @module The mock's reference lists (spec 4.6). The spec does not show the
 * lists themselves, so these are the mock's choice; salary periods and routing
 * types come from the schemas' tables (x-periods, x-routing-types). Every row
 * is frozen: stored jobs share the rows they name instead of copying them.
 */
import { loadSchema } from '../../../schemas/load.js';
import type { ApplicantRoutingType, Category, Location, PositionType, SalaryPeriod } from '../../../schemas/index.js';

/** The list and each of its rows, frozen. */
function frozenRows<T extends object>(rows: T[]): readonly T[] {
  for (const row of rows) Object.freeze(row);
  return Object.freeze(rows);
}

/** Position types (spec 2.4: name at most 10 characters). */
export const POSITION_TYPES: readonly PositionType[] = frozenRows([
  { id: 1, name: 'Full-time' },
  { id: 2, name: 'Part-time' },
  { id: 3, name: 'Contract' },
  { id: 4, name: 'Temporary' },
  { id: 5, name: 'Internship' },
  { id: 6, name: 'Seasonal' },
  { id: 7, name: 'Casual' },
]);

/** Job categories (spec 2.3: name at most 40 characters). */
export const CATEGORIES: readonly Category[] = frozenRows(
  [
    'Accounting and Finance',
    'Administration',
    'Agriculture',
    'Arts and Culture',
    'Construction and Trades',
    'Customer Service',
    'Education',
    'Engineering',
    'Health Care',
    'Hospitality and Tourism',
    'Human Resources',
    'Information Technology',
    'Legal',
    'Manufacturing',
    'Marketing and Communications',
    'Non-profit and Volunteering',
    'Retail and Sales',
    'Science and Research',
    'Transportation and Logistics',
    'Public Sector',
  ].map((name, i) => ({ id: i + 1, name })),
);

const CITIES: ReadonlyArray<[string, string]> = [
  ['Toronto', 'ON'],
  ['Ottawa', 'ON'],
  ['Hamilton', 'ON'],
  ['Montréal', 'QC'],
  ['Québec', 'QC'],
  ['Vancouver', 'BC'],
  ['Victoria', 'BC'],
  ['Calgary', 'AB'],
  ['Edmonton', 'AB'],
  ['Winnipeg', 'MB'],
  ['Regina', 'SK'],
  ['Saskatoon', 'SK'],
  ['Halifax', 'NS'],
  ['Fredericton', 'NB'],
  ['Moncton', 'NB'],
  ["St. John's", 'NL'],
  ['Charlottetown', 'PE'],
  ['Whitehorse', 'YT'],
  ['Yellowknife', 'NT'],
  ['Iqaluit', 'NU'],
];

/** Known locations; a valid `<City>, <PC>` outside this list is accepted too (spec 2.2). */
export const LOCATIONS: readonly Location[] = frozenRows(
  CITIES.map(([city, pc], i) => ({ id: i + 1, name: `${city}, ${pc}`, description: `${city}, ${pc}`, type: 'city' })),
);

interface PeriodRow {
  id: SalaryPeriod['id'];
  name: string;
}
const PERIOD_UNITS: Record<number, string> = { 1: 'year', 2: 'month', 3: 'week', 4: 'day', 5: 'hour' };

/** Salary periods (spec 2.5), from salary-period.schema.json x-periods. */
export const SALARY_PERIODS: readonly SalaryPeriod[] = frozenRows(
  (loadSchema('salary-period.schema.json') as { 'x-periods': PeriodRow[] })['x-periods'].map((p) => ({
    id: p.id,
    name: p.name,
    unit: PERIOD_UNITS[p.id] ?? p.name.toLowerCase(),
  })),
);

interface RoutingRow {
  id: ApplicantRoutingType['id'];
  name: string;
}

/** Applicant routing types (spec 2.6), from applicant-routing-type.schema.json x-routing-types. */
export const APPLICANT_ROUTING_TYPES: readonly ApplicantRoutingType[] = frozenRows(
  (loadSchema('applicant-routing-type.schema.json') as { 'x-routing-types': RoutingRow[] })['x-routing-types'].map((r) => ({
    id: r.id,
    name: r.name,
  })),
);

/** Finds a list item by id. */
export function byId<T extends { id: number }>(list: readonly T[], id: number): T | undefined {
  return list.find((item) => item.id === id);
}
