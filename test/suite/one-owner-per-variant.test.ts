/**
 * Canonical setup, one owner per variant: a server that makes ONE strict but
 * defensible choice about a legal form (it refuses that form, or answers in
 * it) gets ONE finding, from the rule that owns the form, and no other rule
 * of the registry fails. Every body a rule sends only to reach its subject is
 * canonical (lower-case URL schemes, lower-case double-quoted HTML, everyday
 * place names), so only the owner ever sends the variant. Rows whose owner is
 * null are choices the spec leaves open: no rule may flag them at all.
 * A row is a transform around the mock core (a server refusing a form), or
 * one of the mock's choices (a server answering in a form).
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import type { CoreRequest } from '../../mock/index.js';
import { UNUSUAL_PLACES } from '../../suites/arbitraries/location.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import {
  answerInstead,
  effectiveMethod,
  isJobsPath,
  isPutById,
  jsonResponse,
  mockOptions,
  requestJson,
  type Transform,
} from '../mutants/kit.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };
const DEMO_KEYS = new Set([KEYS.apiKey, KEYS.secondApiKey]);

const isWrite = (req: CoreRequest): boolean => isJobsPath(req) && ['POST', 'PUT'].includes(effectiveMethod(req));

type Has = (body: Record<string, unknown>) => boolean;
const refusal = (form: string): string => `form not accepted: ${form}`;

/** A server that refuses (400) every job write whose body `has` the form; the refusal names the form. */
function refusesWrites(form: string, has: Has): Transform {
  return answerInstead(
    (req) => {
      const body = requestJson(req);
      return isWrite(req) && body !== undefined && has(body);
    },
    () => jsonResponse(400, { status: 400, code: 'validation_failed', message: refusal(form) }),
  );
}

const description = (body: Record<string, unknown>): string => (typeof body.description === 'string' ? body.description : '');
/** Each start tag, its double-quoted values emptied: a value may hold `=`, `'` or capitals (a URL's query) and is no attribute. */
const startTags = (html: string): string[] => [...html.matchAll(/<[A-Za-z][^>]*>/g)].map((m) => m[0].replace(/"[^"]*"/g, '""'));
const unusualPlaces = new Set([...UNUSUAL_PLACES.withProvince, ...UNUSUAL_PLACES.cityOnly].map((place) => place.description));

interface Row {
  form: string;
  /** The server refuses every job write whose body has the form. */
  refuses?: Has;
  transform?: Transform;
  /** Mock choices the row runs on (a form the server answers in). */
  choices?: Record<string, string>;
  /** The one rule that reports; null: an open choice, nothing may report. */
  owner: string | null;
}

const ROWS: Row[] = [
  {
    form: 'an applicationUrl scheme not in lower case (HTTPS://)',
    refuses: (body) => typeof body.applicationUrl === 'string' && /^[a-z]*[A-Z]/.test(body.applicationUrl),
    owner: 'jobs.limits.url-scheme-case',
  },
  {
    form: 'HTML tag or attribute names not in lower case (<P>, <A HREF>)',
    refuses: (body) =>
      /<\/?[a-z]*[A-Z]/.test(description(body)) || startTags(description(body)).some((tag) => /<a\s[^>]*[A-Z][a-z]*\s*=/.test(tag)),
    owner: 'jobs.html.accepts-allowed-tags',
  },
  {
    form: "single-quoted attributes (<a href='...'>)",
    refuses: (body) => startTags(description(body)).some((tag) => /=\s*'/.test(tag)),
    owner: 'jobs.html.accepts-allowed-tags',
  },
  {
    form: 'unquoted or spaced attributes (<a href=https://...>)',
    refuses: (body) => startTags(description(body)).some((tag) => /=[^"]|\s=/.test(tag.replace(/'[^']*'/g, '""'))),
    owner: 'jobs.html.accepts-allowed-tags',
  },
  {
    form: "official place names with punctuation, digits or marks (St. John's, NL)",
    refuses: (body) =>
      Array.isArray(body.locations) &&
      body.locations.some((l) => unusualPlaces.has(String((l as { description?: unknown } | null)?.description))),
    owner: 'jobs.limits.location-forms',
  },
  {
    form: 'salary amounts answered as decimal strings ("52000.0000", spec 2.5 "Decimal")',
    choices: { 'salary.amount-form': 'string' },
    owner: 'jobs.limits.amount-as-number',
  },
  {
    form: 'a closeDate with an offset or fractional seconds refused (2026-12-09T08:00:00.5+05:00)',
    refuses: (body) => typeof body.closeDate === 'string' && /T.*(?:[.,]\d|[+-]\d\d(?::?\d\d)?$)/.test(body.closeDate),
    owner: 'jobs.roundtrip.close-date-forms',
  },
  {
    form: 'a gateway answering 302 to a login page without a valid key (spec 5.5: not shown)',
    transform: answerInstead(
      (req) => isJobsPath(req) && !DEMO_KEYS.has(String(req.headers['api-key'] ?? '')),
      () => ({ status: 302, headers: { location: '/login', 'content-type': 'text/html' }, body: '<html>Sign in</html>' }),
    ),
    owner: null,
  },
  {
    form: 'a PUT /jobs/{id} carrying a foreign publishDate refused (spec 2.1: read-only)',
    transform: answerInstead(
      (req) => {
        const sent = requestJson(req)?.publishDate;
        return isPutById(req) && typeof sent === 'string' && sent.startsWith('2001-');
      },
      () => jsonResponse(400, { status: 400, code: 'read_only', message: 'publishDate is read-only' }),
    ),
    owner: null,
  },
];

/**
 * Rows share one run of the registry against a server that makes all their choices, each refusal naming its form: a
 * rule that owns none of the forms reporting fails every row of the run, and an owner that reports after a refusal of
 * another row's form fails that row. Two rows of one owner run apart (a rule stops at its first finding, before it
 * sends the second form), and so do rows whose mock choices differ (one mock has one set).
 */
function runGroups(rows: Row[]): Row[][] {
  const groups: Row[][] = [];
  const agree = (row: Row, other: Row): boolean =>
    (row.owner === null || row.owner !== other.owner) &&
    Object.entries(row.choices ?? {}).every(([choice, form]) => [undefined, form].includes(other.choices?.[choice]));
  for (const row of rows) {
    const group = groups.find((g) => g.every((other) => agree(row, other)));
    if (group) group.push(row);
    else groups.push([row]);
  }
  return groups;
}

interface GroupRun {
  flagged: string[];
  /** The rules each form's refusal reached. */
  refusedRules: Map<string, Set<string>>;
}

async function runGroup(group: Row[]): Promise<GroupRun> {
  const transforms = group.flatMap((row) => (row.transform ? [row.transform] : row.refuses ? [refusesWrites(row.form, row.refuses)] : []));
  const transform = transforms.length === 0 ? undefined : transforms.reduce((outer, inner) => (next) => outer(inner(next)));
  const refusedRules = new Map(group.map((row) => [row.form, new Set<string>()]));
  const choices = Object.assign({}, ...group.map((row) => row.choices)) as Record<string, string>;
  await using mock = await createMockServer(mockOptions({ transform, choices }));
  const report = await runConformance({
    baseUrl: mock.url,
    ...KEYS,
    seed: 29,
    runs: 2,
    maxShrinks: 0,
    concurrency: 8,
    onExchange: ({ exchange, ruleId }) => {
      const body = exchange.response?.body ?? '';
      for (const row of group) {
        if (body.includes(JSON.stringify(refusal(row.form)))) refusedRules.get(row.form)!.add(ruleId ?? 'a request outside any rule');
      }
    },
  });
  const flagged = report.rules.filter((r) => r.status === 'failed' || r.status === 'warning' || r.status === 'error').map((r) => r.id);
  return { flagged, refusedRules };
}

const groupOf = new Map(runGroups(ROWS).flatMap((group) => group.map((row) => [row, group] as const)));
const started = new Map<Row[], Promise<GroupRun>>();
/** The run of the row's group, started by the first of its rows. */
function runOf(row: Row): Promise<GroupRun> {
  const group = groupOf.get(row)!;
  if (!started.has(group)) started.set(group, runGroup(group));
  return started.get(group)!;
}

describe('one strict but legal choice costs one finding, from the rule that owns the form', () => {
  it.each(ROWS)(
    '$form: only $owner reports',
    async (row) => {
      const { flagged, refusedRules } = await runOf(row);
      const owners = groupOf.get(row)!.map((other) => other.owner);
      expect(flagged.filter((id) => !owners.includes(id))).toEqual([]);
      if (row.owner !== null) expect(flagged).toContain(row.owner);
      // A rule that reports after a refusal of this form is its owner: in a shared run, no owner reports another's form.
      const refused = [...(refusedRules.get(row.form) ?? [])];
      if (row.refuses && row.owner !== null) expect(refused).toContain(row.owner);
      expect(refused.filter((id) => flagged.includes(id) && id !== row.owner)).toEqual([]);
    },
    300_000,
  );
});
