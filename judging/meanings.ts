/**
 * @module The meanings the spec gives ids (2.5: salary period 1 Yearly ... 5 Hourly; 2.6: routing type 1 Email,
 * 2 URL), read from the schemas' tables, held against the names a job answers with. A server may name an id its own
 * way ("Annual", "E-mail"); a name that is another id's meaning (period 1 named "Monthly", an index off by one)
 * contradicts the spec.
 */
import { ROUTING_TYPE_MEANINGS, SALARY_PERIOD_MEANINGS, type IdMeaning } from '../schemas/id-meanings.js';

const word = (text: string): string => text.trim().toLowerCase();

/** The problem with naming `id` as `name` in `table`, when the name is another id's meaning. */
function contradiction(field: string, meanings: readonly IdMeaning[], id: unknown, name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  const other = meanings.find((meaning) => meaning.id !== id && word(meaning.name) === word(name));
  const own = meanings.find((meaning) => meaning.id === id);
  if (other === undefined || own === undefined) return undefined;
  return `${field} ${String(id)} is named ${JSON.stringify(name)}, the meaning of ${field} ${other.id} (${String(id)} is ${own.name})`;
}

/**
 * The names of a job's salary period and routing type that are another id's meaning.
 *
 * @example
 * contradictedMeanings({ salary: { period: { id: 1, name: 'Monthly' } } }); // ['salary.period.id 1 is named "Monthly", ...']
 */
export function contradictedMeanings(job: {
  salary?: { period?: { id?: unknown; name?: unknown } } | null;
  applicantRoutingType?: { id?: unknown; name?: unknown };
}): string[] {
  const period = job.salary?.period;
  const routing = job.applicantRoutingType;
  return [
    contradiction('salary.period.id', SALARY_PERIOD_MEANINGS, period?.id, period?.name),
    contradiction('applicantRoutingType.id', ROUTING_TYPE_MEANINGS, routing?.id, routing?.name),
  ].filter((problem): problem is string => problem !== undefined);
}
