/**
 * @module Valid job create bodies for seeding and POST load (spec 4.2), with
 * varied titles so `q` has something to search.
 */

export const TITLE_WORDS = [
  'Welder',
  'Nurse',
  'Accountant',
  'Electrician',
  'Teacher',
  'Cook',
  'Driver',
  'Developer',
  'Plumber',
  'Cashier',
  'Carpenter',
  'Pharmacist',
  'Mechanic',
  'Baker',
  'Analyst',
  'Designer',
  'Librarian',
  'Paramedic',
  'Surveyor',
  'Guide',
];
const STATUSES = ['active', 'active', 'active', 'archived', 'draft'];

/** A create body of about 1 KB on the wire (routing type 1, a salary, two locations). */
export function jobBody(i = 0, extra = {}) {
  return {
    title: `${TITLE_WORDS[i % TITLE_WORDS.length]} ${i}`,
    status: STATUSES[i % STATUSES.length],
    locations: [{ description: 'Toronto, ON' }, { description: 'Ottawa' }],
    categories: [{ id: 1 + (i % 20) }],
    positionType: { id: 1 + (i % 7) },
    salary: { amount: 52000 + (i % 1000), maxAmount: 61000.5, period: { id: 1 }, plusCommission: false },
    description:
      '<p>Join a <strong>friendly</strong> team.</p><ul><li>Full benefits</li><li>Paid training</li><li>Day shifts</li></ul>' +
      '<p>Apply <a href="https://example.com/apply" target="_blank">online</a> or by email.</p>',
    applicantRoutingType: { id: 1 },
    applicationEmail: 'jobs@example.com',
    ...extra,
  };
}

/**
 * A source of create bodies (JSON text) where every job has its own title and
 * description, as real postings do: no cache of a checked description helps.
 */
export function uniqueJobBodies() {
  let posted = 0;
  return () => {
    const body = jobBody(++posted);
    return JSON.stringify({ ...body, description: `<p>Opening ${posted}.</p>${body.description}` });
  };
}
