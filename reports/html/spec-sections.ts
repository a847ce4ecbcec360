/**
 * @module The sections of the Jobs API v1.1 spec (shared/spec/jobs-api-v1.1.md)
 * for the coverage matrix: a section with no rule shows as not covered.
 */

export interface SpecSection {
  section: string;
  title: string;
}

export const SPEC_SECTIONS: readonly SpecSection[] = [
  { section: '1', title: 'What the service does' },
  { section: '2', title: 'Resources and their fields' },
  { section: '2.1', title: 'Job (full)' },
  { section: '2.2', title: 'Location' },
  { section: '2.3', title: 'Category' },
  { section: '2.4', title: 'Position type' },
  { section: '2.5', title: 'Salary' },
  { section: '2.6', title: 'Applicant routing type' },
  { section: '2.7', title: 'Job header (list item)' },
  { section: '2.8', title: 'Paging object' },
  { section: '3', title: 'States and transitions' },
  { section: '4', title: 'Endpoints' },
  { section: '4.1', title: 'GET /jobs/{id}' },
  { section: '4.2', title: 'POST /jobs' },
  { section: '4.3', title: 'PUT /jobs/{id} and PUT /jobs' },
  { section: '4.4', title: 'DELETE /jobs/{id} and DELETE /jobs' },
  { section: '4.5', title: 'GET /jobs (list)' },
  { section: '4.6', title: 'Reference lists' },
  { section: '4.7', title: 'Method override' },
  { section: '5', title: 'Authentication' },
  { section: '6', title: 'Events' },
  { section: '7', title: 'Errors' },
  { section: '8', title: 'Limits' },
  { section: '9', title: 'Versioning' },
];

/**
 * The spec section a rule's `section` belongs to: the longest listed section
 * it starts with (`4.3 form 2` -> `4.3`, `2.1.1` -> `2.1`), else itself.
 *
 * @example
 * sectionKey('4.3 form 2') // => '4.3'
 */
export function sectionKey(section: string): string {
  const trimmed = section.trim().replace(/^§\s*/, '');
  let best: string | undefined;
  for (const { section: known } of SPEC_SECTIONS) {
    const matches = trimmed === known || trimmed.startsWith(`${known}.`) || trimmed.startsWith(`${known} `);
    if (matches && (best === undefined || known.length > best.length)) best = known;
  }
  return best ?? trimmed;
}

/** Numeric order of section numbers (`2.10` after `2.9`); unnumbered sections last. */
export function compareSections(a: string, b: string): number {
  const parse = (s: string) => s.split(/[.\s]/).map((part) => (/^\d+$/.test(part) ? Number(part) : Number.POSITIVE_INFINITY));
  const pa = parse(a);
  const pb = parse(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (diff !== 0 && !Number.isNaN(diff)) return diff;
  }
  return a.localeCompare(b);
}
