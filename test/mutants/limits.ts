/**
 * @module Mutants of limits and conditional requirements (spec 2.1, 2.5, 4.2, 8).
 * Each lets one kind of invalid input through, as a lenient server would.
 */
import type { CoreRequest } from '../../mock/index.js';
import type { Mutant, Transform } from './mutant.js';
import { isListBody, jsonResponse, requestJson, responseJson, withJsonBody, withResponseJson, type JsonObject } from './support/json.js';
import { ROUTING_TYPE_MEANINGS } from '../../schemas/id-meanings.js';
import {
  isAnyWrite,
  isCollection,
  isItem,
  isJobsPath,
  isList,
  isOverride,
  isPost,
  isPut,
  isPutById,
  isPutByReference,
  jobIdOf,
} from './support/routes.js';
import { forSecondEmployer } from './support/keys.js';
import { currentJob, jobByReference, sideRequest } from './support/side-requests.js';
import { answerInstead, clipsText, rewriteJobs, rewriteRequest, rewriteResponseText } from './support/transforms.js';
import { listViewOf, relist } from './support/relist.js';
import { JobOverrides } from './support/job-overrides.js';

/** The id 2.6 gives routing by URL. */
const URL_ROUTING = ROUTING_TYPE_MEANINGS.find((row) => row.name === 'URL')?.id;
/** The id 2.6 gives routing by email. */
const EMAIL_ROUTING = ROUTING_TYPE_MEANINGS.find((row) => row.name !== 'URL')?.id;

const isWrite = (req: Parameters<typeof isPost>[0]): boolean => isPost(req) || isPut(req);
const routingId = (body: JsonObject): unknown => (body.applicantRoutingType as JsonObject | undefined)?.id;

/** The city pattern location-input.schema.json had before it accepted every Canadian place name: Latin letters and . ' ’ - only. */
const NARROW_CITY =
  // eslint-disable-next-line no-misleading-character-class -- kept as it was: a base letter then combining marks
  /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F][A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0300-\u036F .'\u2019-]*(, [A-Z]{2})?$/;

/**
 * A search index that holds only the first `max` characters of `field`: a job q finds only past them is not listed
 * (the core's own matching decides the rest).
 */
function clippedSearchIndex(field: 'title' | 'referenceId', max: number): Transform {
  return relist(({ items, view }) => {
    if (view.q === undefined) return items;
    const q = view.q.toLowerCase();
    const holds = (item: JsonObject, clipped: boolean): boolean =>
      (['title', 'referenceId'] as const).some((name) => {
        const value = item[name];
        if (typeof value !== 'string') return false;
        return (clipped && name === field ? value.slice(0, max) : value).toLowerCase().includes(q);
      });
    return items.filter((item) => holds(item, true) || !holds(item, false));
  });
}

/** Writes every amount of a job answer at or past 10,000,000 in Java's Double.toString form (`1.23456789012E7`). */
const exponentPastSevenDigits = (text: string): string =>
  text.replace(/"amount":(\d{8,})\.(\d{4})/g, (_all, units: string, places: string) => {
    const digits = `${units}${places}`.replace(/0+$/, '');
    return `"amount":${digits[0]}.${digits.slice(1) || '0'}E${units.length - 1}`;
  });

/**
 * A GET of a job read before, with no write of it since (by any path: its id in the path or in the answer), is
 * answered from a cache that writes amounts as plain numbers.
 */
const cachedGetDropsPlaces: Transform = (next) => {
  const read = new Set<string>();
  const keyOf = (req: CoreRequest, id: unknown): string => `${req.headers['api-key'] ?? ''} ${String(id)}`;
  return async (req) => {
    const res = await next(req);
    const id = req.path.match(/\/jobs\/(\d+)$/)?.[1];
    if (req.method === 'GET' && id !== undefined && res.status === 200) {
      if (!read.has(keyOf(req, id))) {
        read.add(keyOf(req, id));
        return res;
      }
      const body = responseJson(res);
      return body === undefined ? res : withResponseJson(res, body);
    }
    if (req.method !== 'GET') {
      if (id !== undefined) read.delete(keyOf(req, id));
      read.delete(keyOf(req, responseJson(res)?.id));
    }
    return res;
  };
};

/** The city of a location description: before its comma, in one letter case. */
const cityOf = (description: unknown): string => String(description).split(',')[0]!.trim().toLowerCase();

/**
 * An update by id that decides whether the places changed by their cities alone: one that moves a job to the place of
 * the same name in another province (Windsor, ON to Windsor, NS) is taken as no change, and the places stay.
 */
const provinceOnlyChangeIgnored: Transform = (next) => async (req) => {
  const sent = requestJson(req)?.locations;
  const id = jobIdOf(req);
  if (!isPutById(req) || id === undefined || !Array.isArray(sent)) return next(req);
  const held = (await currentJob(next, req, id))?.locations;
  if (!Array.isArray(held) || held.length !== sent.length) return next(req);
  const places = (list: unknown[]): unknown[] => list.map((place) => (place as JsonObject | null)?.description);
  const [now, before] = [places(sent), places(held)];
  if (!now.every((d, i) => cityOf(d) === cityOf(before[i])) || now.every((d, i) => d === before[i])) return next(req);
  return next(
    withJsonBody(req, { ...requestJson(req), locations: held.map((place) => ({ description: (place as JsonObject).description })) }),
  );
};

/** An update by id refuses a title one character inside the limit (a length check of `!== max - 1` where `< max` was meant). */
const titleInsideLimitRefusedById = answerInstead(
  (req) => (isPutById(req) || (isOverride(req, 'PUT') && isItem(req))) && [...String(requestJson(req)?.title ?? '')].length === 255,
  () => jsonResponse(400, { status: 400, code: 'validation_failed', message: 'title is too long' }),
);

/** A page size one under the maximum is served as the maximum (a clamp written `pageSize >= 99`). */
const pageSizeInsideMaxServedAsMax = relist(({ items }) => items, {
  view: (req) => {
    const view = listViewOf(req.query);
    return view && { ...view, pageSize: view.pageSize >= 99 ? 100 : view.pageSize };
  },
});

/** Writes that `match` count applicationUrl percent-encoded: a URL of 200 characters with letters beyond ASCII is refused. */
const urlCountedPercentEncoded = (match: (req: CoreRequest) => boolean): Transform =>
  answerInstead(
    (req) => {
      const url = requestJson(req)?.applicationUrl;
      return match(req) && typeof url === 'string' && [...url].length <= 200 && encodeURI(url).length > 200;
    },
    () => jsonResponse(400, { code: 'invalid', message: 'applicationUrl is too long' }),
  );

export const limitsMutants: Mutant[] = [
  {
    // spec 2.2: a valid Canadian location is accepted even if it is not in the service's list
    name: 'limits-refuses-punctuated-place',
    area: 'limits',
    violates: '2.2: a valid Canadian location is accepted (here an official name with !, Saint-Louis-du-Ha! Ha!, QC, is refused)',
    expectedRule: 'jobs.limits.location-forms',
    transform: rewriteRequest(isWrite, (body) => {
      if (!Array.isArray(body.locations)) return;
      for (const location of body.locations as JsonObject[]) {
        if (typeof location?.description === 'string' && !NARROW_CITY.test(location.description)) location.description = 'Seattle, WA';
      }
    }),
  },
  {
    // spec 4.2 (good practice): a scheme is case-insensitive (RFC 3986 3.1); setup sends lower case, one rule owns the rest
    name: 'limits-refuses-upper-case-scheme',
    area: 'limits',
    violates: '4.2, should: applicationUrl with HTTPS:// is accepted as https:// (here a scheme spelled with a capital is refused)',
    expectedRule: 'jobs.limits.url-scheme-case',
    transform: rewriteRequest(isWrite, (body) => {
      if (typeof body.applicationUrl === 'string' && /^[a-z]*[A-Z][A-Za-z]*:/.test(body.applicationUrl))
        body.applicationUrl = body.applicationUrl.replace(/^[A-Za-z]+:/, 'ftp:');
    }),
  },
  {
    // spec 8: title max 256 characters
    name: 'limits-title-257-accepted',
    area: 'limits',
    violates: '8: title max 256 characters (here a longer title is accepted, cut to 256)',
    expectedRule: 'jobs.limits.title-length',
    transform: clipsText(isWrite, 'title', 256),
  },
  {
    // spec 2.1, 8: referenceId max 50 characters
    name: 'limits-reference-id-51-accepted',
    area: 'limits',
    violates: '8: referenceId max 50 characters (here a longer one is accepted, cut to 50)',
    expectedRule: 'jobs.limits.reference-id-length',
    transform: clipsText(isPost, 'referenceId', 50),
  },
  {
    // spec 2.1, 8: locations per job 1 to 3
    name: 'limits-four-locations-accepted',
    area: 'limits',
    violates: '8: 1 to 3 locations per job (here a 4th is accepted, dropped)',
    expectedRule: 'jobs.limits.locations-count',
    transform: rewriteRequest(isWrite, (body) => {
      if (Array.isArray(body.locations)) body.locations = body.locations.slice(0, 3);
    }),
  },
  {
    // spec 2.1, 8: categories per job 1 to 3
    name: 'limits-zero-categories-accepted',
    area: 'limits',
    violates: '8: 1 to 3 categories per job (here none is accepted, given the first listed category)',
    expectedRule: 'jobs.limits.categories-count',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isWrite(req) || !Array.isArray(body?.categories) || body.categories.length > 0) return next(req);
      const list = responseJson(await sideRequest(next, req, 'GET', '/categories'));
      const first = Array.isArray(list?.data) ? (list.data[0] as JsonObject | undefined) : undefined;
      return next(first ? withJsonBody(req, { ...body, categories: [{ id: first.id }] }) : req);
    },
  },
  {
    // spec 2.5: salary.period.id is required when salary.amount is given
    name: 'limits-salary-amount-without-period-accepted',
    area: 'limits',
    violates: '2.5: salary.period.id is required with salary.amount (here a missing period becomes yearly)',
    expectedRule: 'jobs.limits.salary-period-required',
    transform: rewriteRequest(isWrite, (body) => {
      const salary = body.salary as JsonObject | null | undefined;
      if (
        salary &&
        typeof salary === 'object' &&
        salary.amount !== undefined &&
        (salary.period as JsonObject | undefined)?.id === undefined
      ) {
        salary.period = { id: 1 };
      }
    }),
  },
  {
    // spec 2.5: responses carry four decimal places
    name: 'limits-salary-two-decimals',
    area: 'limits',
    violates: '2.5: salary amount in responses carries four decimal places (here two)',
    expectedRule: ['jobs.limits.salary-four-decimals', 'jobs.model.lifecycle'],
    transform: rewriteResponseText(
      () => true,
      (text) => text.replace(/"amount":(-?\d+\.\d{2})\d{2}/g, '"amount":$1'),
    ),
  },
  {
    // spec 2.5: responses carry four decimal places, however large the amount
    name: 'limits-salary-from-1e21-in-exponent-form',
    area: 'limits',
    violates:
      '2.5: salary amount in responses carries four decimal places (here an amount of 10^21 or more is written as ' +
      "JavaScript's toFixed(4) writes it: 1e+21)",
    expectedRule: 'jobs.limits.salary-four-decimals',
    transform: rewriteResponseText(isJobsPath, (text) =>
      text.replace(
        /"(amount|maxAmount)":(\d{22,})\.0000(?=[,}])/g,
        (_match, name: string, digits: string) => `"${name}":${Number(digits).toFixed(4)}`,
      ),
    ),
  },
  {
    // spec 2.5: responses carry four decimal places (the place a PUT answer is not re-read)
    name: 'limits-salary-two-places-in-put',
    area: 'limits',
    violates: '2.5: salary amount in responses carries four decimal places (here PUT answers write two)',
    expectedRule: 'jobs.limits.salary-four-decimals',
    transform: rewriteResponseText(isPut, (text) => text.replace(/"amount":(-?\d+\.\d{2})\d{2}/g, '"amount":$1')),
  },
  {
    // spec 2.5: four decimal places are carried, so an amount with three or four keeps them
    name: 'limits-salary-rounds-to-cents',
    area: 'limits',
    violates: '2.5: responses carry four decimal places (here amounts are stored rounded to two: 1234.5678 comes back 1234.5700)',
    expectedRule: [
      'jobs.limits.salary-four-decimals',
      'jobs.create.explicit-values',
      'jobs.update.changes-field',
      'jobs.update.by-reference',
      'jobs.update.salary-merge',
      'jobs.model.lifecycle',
    ],
    transform: rewriteRequest(isWrite, (body) => {
      const salary = body.salary as JsonObject | null | undefined;
      if (salary && typeof salary === 'object' && typeof salary.amount === 'number') salary.amount = Math.round(salary.amount * 100) / 100;
    }),
  },
  {
    // spec 2.5: four places are carried, so an amount with a fifth decimal keeps the four before it (rounded either way)
    name: 'limits-salary-fifth-decimal-rounds-to-cents',
    area: 'limits',
    violates:
      '2.5: responses carry four decimal places (here only an amount with more than four is rounded to two: 1234.56785 comes back 1234.5700)',
    expectedRule: 'jobs.limits.salary-fifth-decimal',
    transform: rewriteRequest(isWrite, (body) => {
      const salary = body.salary as JsonObject | null | undefined;
      const places = (amount: number): number => (String(amount).includes('e') ? 20 : (String(amount).split('.')[1] ?? '').length);
      if (salary && typeof salary === 'object' && typeof salary.amount === 'number' && places(salary.amount) > 4) {
        salary.amount = Math.round(salary.amount * 100) / 100;
      }
    }),
  },
  {
    // spec 2.5: amounts carry four decimal places, and 4.2: a GET result posted back is the same job
    name: 'limits-salary-amount-kept-to-fourteen-digits',
    area: 'limits',
    violates:
      "2.5: responses carry four decimal places (here amounts are stored through Lua's tostring, which keeps 14 significant " +
      'digits: 99999999999.9999 comes back 100000000000.0000)',
    expectedRule: 'jobs.limits.salary-four-decimals',
    transform: rewriteRequest(isWrite, (body) => {
      const salary = body.salary as JsonObject | null | undefined;
      if (!salary || typeof salary !== 'object') return;
      for (const field of ['amount', 'maxAmount'] as const) {
        const value = salary[field];
        if (typeof value === 'number') salary[field] = Number(value.toPrecision(14));
      }
    }),
  },
  {
    // spec 4.2: applicationEmail is required when applicantRoutingType.id is 1
    name: 'limits-routing-email-missing-accepted',
    area: 'limits',
    violates: '4.2: applicationEmail is required with routing type 1 (here a default address is filled in)',
    expectedRule: 'jobs.limits.routing-email-required',
    transform: rewriteRequest(isPost, (body) => {
      if (routingId(body) === 1 && (body.applicationEmail === undefined || body.applicationEmail === null))
        body.applicationEmail = 'jobs@employer.example';
    }),
  },
  {
    // spec 2.1: applicationUrl applies only to routing type 2; null in responses when not applicable
    name: 'limits-application-url-empty-for-routing-1',
    area: 'limits',
    violates: '2.1: applicationUrl is null in responses when routing type is 1 (here "")',
    expectedRule: ['jobs.limits.routing-other-field-null', 'jobs.create.status-201'],
    transform: rewriteJobs((job, header) => {
      if (!header && routingId(job) === 1 && job.applicationUrl === null) job.applicationUrl = '';
    }),
  },
  {
    // spec 2.2, 8: location description max 300 characters
    name: 'limits-location-description-301-accepted',
    area: 'limits',
    violates: '2.2, 8: location description max 300 characters (here a longer one is accepted, its city cut)',
    expectedRule: 'jobs.limits.location-description-length',
    transform: rewriteRequest(isWrite, (body) => {
      if (!Array.isArray(body.locations)) return;
      for (const location of body.locations as JsonObject[]) {
        const description = location?.description;
        if (typeof description !== 'string' || description.length <= 300) continue;
        const comma = description.lastIndexOf(',');
        const tail = comma === -1 ? '' : description.slice(comma);
        location.description = description.slice(0, 300 - tail.length) + tail;
      }
    }),
  },
  {
    // spec 2.2, 8: location description max 300 characters, in answers too
    name: 'limits-country-suffix-past-300',
    area: 'limits',
    violates: '2.2, 8: location description max 300 characters (here `, Canada` is added to one of 300 as well)',
    expectedRule: 'jobs.limits.location-description-length',
    choices: { 'locations.description': 'country-suffix' },
    // The text as sent (parsing would drop the amounts' trailing zeros): a location's description of 300 characters gains the suffix.
    transform: rewriteResponseText(isJobsPath, (text) =>
      text.replace(/"description":"([^"\\]{300})","type"/gu, '"description":"$1, Canada","type"'),
    ),
  },
  {
    // spec 8: location description max 300 characters (characters, not bytes)
    name: 'limits-location-description-counted-in-utf8-bytes',
    area: 'limits',
    violates: '8: location description max 300 characters (here one of 300 characters or fewer but more than 300 UTF-8 bytes is refused)',
    expectedRule: 'jobs.limits.location-description-length',
    transform: answerInstead(
      (req) => {
        const locations = requestJson(req)?.locations;
        return (
          isWrite(req) &&
          Array.isArray(locations) &&
          locations.some((location) => {
            const description = (location as JsonObject | null)?.description;
            return typeof description === 'string' && [...description].length <= 300 && Buffer.byteLength(description) > 300;
          })
        );
      },
      () => jsonResponse(400, { code: 'too_long', message: 'locations[].description is too long' }),
    ),
  },
  {
    // spec 2.5: amount is a Decimal; no limit is stated
    name: 'limits-salary-amount-capped-at-decimal-10-4',
    area: 'limits',
    violates:
      '2.5: the amount is a Decimal without a stated limit (here one of a million or more is refused, as a DECIMAL(10,4) column would)',
    expectedRule: 'jobs.limits.salary-four-decimals',
    transform: answerInstead(
      (req) => {
        const salary = requestJson(req)?.salary as JsonObject | null | undefined;
        return isWrite(req) && typeof salary?.amount === 'number' && salary.amount >= 1_000_000;
      },
      () => jsonResponse(400, { code: 'out_of_range', message: 'salary.amount is too large' }),
    ),
  },
  {
    // spec 2.1: applicationEmail applies only to routing type 1; null in responses when not applicable
    name: 'limits-routing-url-shows-sent-email',
    area: 'limits',
    violates:
      '2.1: applicationEmail is null in responses when not applicable (here a job routed by URL shows the email its create also sent)',
    expectedRule: 'jobs.limits.routing-other-field-null',
    transform: (next) => async (req) => {
      const sent = requestJson(req)?.applicationEmail;
      const res = await next(req);
      const job = responseJson(res);
      const byUrl = (job?.applicantRoutingType as JsonObject | undefined)?.id === URL_ROUTING;
      if (!isPost(req) || res.status !== 201 || job === undefined || !byUrl || typeof sent !== 'string') return res;
      return withResponseJson(res, { ...job, applicationEmail: sent });
    },
  },
  {
    // spec 2.1: applicationUrl applies only to routing type 2; null in responses when not applicable, on every create
    name: 'limits-put-create-keeps-url-for-email-routing',
    area: 'limits',
    violates:
      '2.1: applicationUrl is null in responses when not applicable (here a PUT /jobs that creates a job routed by email ' +
      'keeps the applicationUrl it also sent, and shows it wherever the job is read; POST clears it)',
    expectedRule: 'jobs.limits.routing-other-field-null',
    transform: (next) => {
      const shown = new JobOverrides();
      return async (req) => {
        const body = requestJson(req);
        const url = body?.applicationUrl;
        const reference = body?.referenceId;
        const creates =
          isPutByReference(req) &&
          routingId(body ?? {}) === EMAIL_ROUTING &&
          typeof url === 'string' &&
          typeof reference === 'string' &&
          (await jobByReference(next, req, reference)) === undefined;
        const res = await next(req);
        const job = responseJson(res);
        if (creates && res.status >= 200 && res.status < 300 && typeof job?.id === 'number') shown.set(job.id, { applicationUrl: url });
        return shown.apply(res);
      };
    },
  },
  {
    // spec 2.1: applicationEmail applies only to routing type 1, for every employer
    name: 'limits-second-employer-routing-switch-keeps-email',
    area: 'limits',
    violates:
      "2.1: applicationEmail is null in responses when not applicable (here the second employer's PUT /jobs/{id} that " +
      'switches a job from email to URL routing answers with the email the job had)',
    expectedRule: 'jobs.limits.routing-other-field-null',
    transform: forSecondEmployer((next) => async (req) => {
      const id = isPutById(req) ? jobIdOf(req) : undefined;
      const email = id === undefined ? undefined : (await currentJob(next, req, id))?.applicationEmail;
      const res = await next(req);
      const job = responseJson(res);
      const byUrl = (job?.applicantRoutingType as JsonObject | undefined)?.id === URL_ROUTING;
      if (res.status !== 200 || job === undefined || !byUrl || typeof email !== 'string') return res;
      return withResponseJson(res, { ...job, applicationEmail: email });
    }),
  },
  {
    // spec 8: referenceId max 50 characters
    name: 'limits-reference-id-counted-in-utf8-bytes',
    area: 'limits',
    violates: '8: referenceId max 50 characters (here counted in UTF-8 bytes, so 50 letters like é are refused)',
    expectedRule: 'jobs.limits.reference-id-length',
    transform: answerInstead(
      (req) => {
        const referenceId = requestJson(req)?.referenceId;
        return (isPost(req) || isPut(req)) && typeof referenceId === 'string' && Buffer.byteLength(referenceId) > 50;
      },
      () => jsonResponse(400, { code: 'invalid', message: 'referenceId is too long' }),
    ),
  },
  {
    // spec 8: title max 256 characters, of any character
    name: 'limits-title-counted-html-escaped',
    area: 'limits',
    violates: '8: title max 256 characters (here counted after HTML-escaping, so 256 characters holding `&` or `<` are refused)',
    expectedRule: 'jobs.limits.title-length',
    transform: answerInstead(
      (req) => {
        const title = requestJson(req)?.title;
        const escaped = typeof title === 'string' ? title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : '';
        return isAnyWrite(req) && [...escaped].length > 256;
      },
      () => jsonResponse(400, { code: 'invalid', message: 'title is too long' }),
    ),
  },
  {
    // spec 8, 4.3: referenceId max 50 characters, on PUT-create as on POST
    name: 'limits-reference-id-counted-in-bytes-on-put-create',
    area: 'limits',
    violates:
      '8, 4.3: referenceId max 50 characters, and a PUT-create behaves as POST (here PUT /jobs creating counts UTF-8 bytes, ' +
      'so 50 characters beyond ASCII are refused)',
    expectedRule: 'jobs.limits.reference-id-length',
    transform: (next) => async (req) => {
      const ref = requestJson(req)?.referenceId;
      if (!(isPutByReference(req) && typeof ref === 'string' && Buffer.byteLength(ref) > 50)) return next(req);
      if ((await jobByReference(next, req, ref)) !== undefined) return next(req);
      return jsonResponse(400, { code: 'invalid', message: 'referenceId is too long' });
    },
  },
  {
    // spec 4.5, 8: q matches the title, all of its 256 characters
    name: 'limits-search-index-keeps-first-100-title-characters',
    area: 'limits',
    violates: '4.5, 8: q matches the job title, up to its limit (here the search index holds the first 100 characters of a title)',
    expectedRule: 'jobs.limits.title-length',
    transform: clippedSearchIndex('title', 100),
  },
  {
    // spec 4.5, 8: q matches the referenceId, all of its 50 characters
    name: 'limits-search-index-keeps-first-32-reference-id-characters',
    area: 'limits',
    violates: '4.5, 8: q matches the referenceId, up to its limit (here the search index holds the first 32 characters of a referenceId)',
    expectedRule: 'jobs.limits.reference-id-length',
    transform: clippedSearchIndex('referenceId', 32),
  },
  {
    // spec 2.5, 4.3: the largest amount the suite sends is valid on every write path
    name: 'limits-largest-amount-refused-by-override',
    area: 'limits',
    violates: '2.5, 4.3: a PUT body obeys the same rules as POST (here the override PUT refuses an amount of 9,999,999 or more)',
    expectedRule: 'jobs.limits.salary-four-decimals',
    transform: (next) => async (req) => {
      const salary = requestJson(req)?.salary as JsonObject | undefined;
      const large = typeof salary?.amount === 'number' && salary.amount >= 9_999_999;
      return isOverride(req, 'PUT') && large ? jsonResponse(400, { code: 'invalid', message: 'amount too large' }) : next(req);
    },
  },
  {
    // spec 4.3, 8: the override PUT on /jobs, where honoured, takes what PUT /jobs takes
    name: 'limits-title-256-refused-by-collection-override',
    area: 'limits',
    violates: '4.3, 8: a PUT body obeys the same limits as POST (here the override PUT on /jobs refuses a title of 256 characters)',
    expectedRule: 'jobs.limits.title-length',
    transform: (next) => async (req) => {
      const title = requestJson(req)?.title;
      const atLimit = typeof title === 'string' && [...title].length >= 256;
      return isOverride(req, 'PUT') && isCollection(req) && atLimit
        ? jsonResponse(400, { code: 'invalid', message: 'title too long' })
        : next(req);
    },
  },
  {
    // spec 4.3, 8: a PUT-create through the override on /jobs takes the referenceId POST takes
    name: 'limits-reference-id-50-refused-by-override-put-create',
    area: 'limits',
    violates: '4.3, 8: a PUT-create behaves as POST (here through the override on /jobs it refuses a referenceId of 50 characters)',
    expectedRule: 'jobs.limits.reference-id-length',
    transform: (next) => async (req) => {
      const ref = requestJson(req)?.referenceId;
      if (!(isOverride(req, 'PUT') && isCollection(req)) || typeof ref !== 'string' || ref.length < 50) return next(req);
      if ((await jobByReference(next, req, ref)) !== undefined) return next(req);
      return jsonResponse(400, { code: 'invalid', message: 'referenceId is too long' });
    },
  },
  {
    // spec 8, 4.3: a title of 256 UTF-16 units is within the limit under every reading of "characters", on every path
    name: 'limits-title-with-emoji-at-limit-refused-by-put-create',
    area: 'limits',
    violates:
      '8, 4.3: title max 256 characters, and a PUT body obeys the rules of POST (here a PUT-create refuses a title of 256 ' +
      'UTF-16 units holding emoji, fewer code points: its check counts each emoji as three)',
    expectedRule: 'jobs.limits.title-length',
    transform: answerInstead(
      (req) => {
        const title = requestJson(req)?.title;
        return isPutByReference(req) && typeof title === 'string' && /[\u{10000}-\u{10FFFF}]/u.test(title) && title.length > 240;
      },
      () => jsonResponse(400, { code: 'invalid', message: 'title is too long' }),
    ),
  },
  {
    // spec 8, 4.3: however a server counts emoji, it counts them so on every write
    name: 'limits-title-emoji-counted-in-utf16-by-update-by-id',
    area: 'limits',
    violates:
      '8, 4.3: title max 256 characters, and a PUT body obeys the rules of POST (here POST counts code points and takes a ' +
      'title of 256 of them with emoji, while PUT /jobs/{id} counts UTF-16 units and refuses it)',
    expectedRule: 'jobs.limits.title-length',
    transform: answerInstead(
      (req) => {
        const title = requestJson(req)?.title;
        return isPutById(req) && typeof title === 'string' && title.length > 256 && [...title].length <= 256;
      },
      () => jsonResponse(400, { code: 'invalid', message: 'title is too long' }),
    ),
  },
  {
    // spec 8: applicationUrl max 200 characters, counted as sent
    name: 'limits-application-url-counted-percent-encoded',
    area: 'limits',
    violates:
      '8: applicationUrl max 200 characters (here POST counts the URL percent-encoded, so 200 characters with letters ' +
      'beyond ASCII, taken when short, are refused)',
    expectedRule: 'jobs.limits.application-url-length',
    transform: urlCountedPercentEncoded(isPost),
  },
  {
    // spec 8, 4.3: applicationUrl max 200 characters, counted as sent, on every write
    name: 'limits-application-url-counted-percent-encoded-on-put-by-id',
    area: 'limits',
    violates:
      '8, 4.3: applicationUrl max 200 characters (here PUT /jobs/{id} counts the URL percent-encoded, so 200 characters ' +
      'with letters beyond ASCII, which POST takes, are refused there)',
    expectedRule: 'jobs.limits.application-url-length',
    transform: urlCountedPercentEncoded(isPutById),
  },
  {
    // spec 8, 4.3: a referenceId of 50 UTF-16 units is within the limit under every reading, on a rename too
    name: 'limits-reference-id-with-emoji-at-limit-refused-on-rename',
    area: 'limits',
    violates:
      '8, 4.3: referenceId max 50 characters (here PUT /jobs/{id} refuses a new referenceId of 50 UTF-16 units holding ' +
      'emoji, fewer code points; POST takes it)',
    expectedRule: 'jobs.limits.reference-id-length',
    transform: answerInstead(
      (req) => {
        const referenceId = requestJson(req)?.referenceId;
        return isPutById(req) && typeof referenceId === 'string' && /[\u{10000}-\u{10FFFF}]/u.test(referenceId) && referenceId.length > 45;
      },
      () => jsonResponse(400, { code: 'invalid', message: 'referenceId is too long' }),
    ),
  },
  {
    // spec 8, 4.3, 4.4: a referenceId of 50 characters is valid, and names its job on PUT /jobs and DELETE /jobs
    name: 'limits-reference-id-at-limit-refused-by-lookups',
    area: 'limits',
    violates:
      '8, 4.4: referenceId max 50 characters (here DELETE /jobs refuses a referenceId of 50 as too long: the check on ' +
      'lookups counts one more than the one on writes)',
    expectedRule: 'jobs.limits.reference-id-length',
    transform: answerInstead(
      (req) => isCollection(req) && req.method === 'DELETE' && [...String(requestJson(req)?.referenceId ?? '')].length >= 50,
      () => jsonResponse(400, { code: 'invalid', message: 'referenceId is too long' }),
    ),
  },
  {
    // spec 2.2, 8: a location description of up to 300 characters, on every write path
    name: 'limits-location-description-cut-to-256-by-reference',
    area: 'limits',
    violates:
      "2.2, 8: a location description is at most 300 characters (here an update by PUT /jobs cuts one to 256, the name's " +
      'limit: the update path checks the wrong column)',
    expectedRule: 'jobs.limits.location-description-length',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const locations = body?.locations;
      const ref = body?.referenceId;
      if (!isPutByReference(req) || !Array.isArray(locations) || typeof ref !== 'string' || !(await jobByReference(next, req, ref)))
        return next(req);
      const cut = locations.map((place) => {
        const description = (place as JsonObject)?.description;
        // Only valid ones: a description over 300 is still refused (the create schema checks it first).
        const length = typeof description === 'string' ? [...description].length : 0;
        return typeof description === 'string' && length > 256 && length <= 300
          ? { ...(place as JsonObject), description: [...description].slice(0, 256).join('') }
          : place;
      });
      return next(withJsonBody(req, { ...body, locations: cut }));
    },
  },
  {
    // spec 2.5: responses carry four decimal places, the smallest amount too
    name: 'limits-salary-smallest-amount-in-exponent-on-get',
    area: 'limits',
    violates:
      '2.5: amounts in responses carry four decimal places (here GET /jobs/{id} writes an amount below 0.001 as a double ' +
      'prints it, 1e-4; the write answers are right)',
    expectedRule: 'jobs.limits.salary-four-decimals',
    transform: rewriteResponseText(
      (req) => req.method === 'GET' && isItem(req),
      (text) => text.replace(/"amount":0\.000(\d)\b/g, '"amount":$1e-4'),
    ),
  },
  {
    // spec 4.5, 8: q matches the referenceId of a job whose title is at its limit too
    name: 'limits-q-search-text-cut-at-280',
    area: 'limits',
    violates:
      '4.5, 8: q matches job title and referenceId, each up to its limit (here the search reads a column of the title and ' +
      'the referenceId cut to 280 characters: a job with a title of 256 is not found by its whole referenceId of 50)',
    expectedRule: 'jobs.limits.reference-id-length',
    transform: relist(({ items, req }) => {
      const q = (req.query.get('q') ?? '').toLowerCase();
      if (q === '') return items;
      return items.filter((item) => `${String(item.title)} ${String(item.referenceId ?? '')}`.slice(0, 280).toLowerCase().includes(q));
    }),
  },
  {
    // spec 2.5: responses carry four decimal places, an amount past seven digits too
    name: 'limits-amount-past-seven-digits-in-exponent',
    area: 'limits',
    violates:
      '2.5: responses carry four decimal places (here an amount of 10,000,000 or more is written as Java writes a ' +
      'double, 1.23456789012E7, on every answer)',
    expectedRule: 'jobs.limits.salary-four-decimals',
    transform: rewriteResponseText((req) => isJobsPath(req), exponentPastSevenDigits),
  },
  {
    // spec 2.5: responses carry four decimal places, the answer of a cache too
    name: 'limits-cached-get-drops-amount-places',
    area: 'limits',
    violates:
      '2.5: responses carry four decimal places (here a GET of a job read before, with no write since, is answered ' +
      'from a cache that writes the amount as a plain number: 52000 instead of 52000.0000)',
    expectedRule: 'jobs.limits.salary-four-decimals',
    transform: cachedGetDropsPlaces,
  },
  {
    // spec 4.2: applicationUrl is required when applicantRoutingType.id is 2
    name: 'limits-url-routing-without-url-takes-email',
    area: 'limits',
    violates:
      '4.2: applicationUrl is required when applicantRoutingType.id is 2 (here a POST routed by URL with no applicationUrl ' +
      'but an applicationEmail is taken as routed by email)',
    expectedRule: 'jobs.limits.routing-url-required',
    transform: rewriteRequest(isPost, (body) => {
      if (routingId(body) !== URL_ROUTING || body.applicationUrl !== undefined || typeof body.applicationEmail !== 'string') return;
      return { ...body, applicantRoutingType: { id: ROUTING_TYPE_MEANINGS.find((row) => row.name !== 'URL')?.id } };
    }),
  },
  {
    // spec 2.1, 4.2, 8: categories, at least 1, at most 3
    name: 'limits-categories-deduplicated-before-count',
    area: 'limits',
    violates:
      '8: at most 3 categories (here a write drops repeated category ids before it counts, so 4 categories with one ' +
      'of them twice are taken, and stored as 3)',
    expectedRule: 'jobs.create.rejects-schema-negatives',
    transform: rewriteRequest(isAnyWrite, (body) => {
      if (!Array.isArray(body.categories)) return;
      const seen = new Set<string>();
      body.categories = body.categories.filter((entry) => {
        const key = JSON.stringify(entry);
        return !seen.has(key) && Boolean(seen.add(key));
      });
    }),
  },
  {
    // spec 2.7: a header is a subset of the job with the same types and meaning; 8: title max 256 characters
    name: 'limits-list-header-cuts-astral-title',
    area: 'limits',
    violates:
      "2.7: a list item carries its job's title (here list items cut a title at 256 UTF-16 units, so a title of " +
      'emoji the job holds whole is cut in half in the list)',
    expectedRule: 'jobs.limits.title-length',
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = responseJson(res);
      if (!isList(req) || res.status !== 200 || !isListBody(body)) return res;
      const cut = (title: unknown): unknown =>
        typeof title === 'string' && title.length > 256 ? title.slice(0, 256).replace(/[\uD800-\uDBFF]$/, '') : title;
      return withResponseJson(res, { ...body, data: body.data.map((item) => ({ ...item, title: cut(item.title) })) });
    },
  },
  {
    // spec 2.5: amount, responses carry four decimal places
    name: 'limits-update-without-salary-answers-short-amount',
    area: 'limits',
    violates:
      '2.5: responses carry four decimal places (here the answer to an update that sends no salary writes the ' +
      'amount without its trailing zeros, 52000 for 52000.0000)',
    expectedRule: 'jobs.limits.salary-four-decimals',
    transform: rewriteResponseText(
      (req) => isPut(req) && requestJson(req)?.salary === undefined,
      (text) =>
        text.replace(/"amount":(-?\d+)\.(\d{4})/, (_all, whole: string, places: string) => {
          const kept = places.replace(/0+$/, '');
          return `"amount":${whole}${kept ? `.${kept}` : ''}`;
        }),
    ),
  },
  {
    // spec 2.2: the <City>, <ProvinceCode> form names the province, "to avoid ambiguity"
    name: 'limits-same-name-place-taken-for-listed-one',
    area: 'limits',
    violates:
      '2.2: a location sent as <City>, <ProvinceCode> is that place (here a gazetteer keyed by the city alone takes ' +
      '"Victoria, PE" for the listed Victoria, BC)',
    expectedRule: 'jobs.limits.location-forms',
    transform: rewriteRequest(isAnyWrite, (body) => {
      if (!Array.isArray(body.locations)) return;
      body.locations = body.locations.map((place) =>
        (place as JsonObject | null)?.description === 'Victoria, PE' ? { description: 'Victoria, BC' } : place,
      );
    }),
  },
  {
    // spec 4.3: the fields sent change; 2.2: the <City>, <ProvinceCode> form names the province
    name: 'limits-update-by-id-ignores-province-only-change',
    area: 'limits',
    violates:
      '4.3: the fields sent change (here a PUT /jobs/{id} whose places have the cities the job holds, one of them in ' +
      'another province, Windsor, NS for Windsor, ON, is taken as no change: the job keeps its places)',
    expectedRule: 'jobs.limits.location-forms',
    transform: provinceOnlyChangeIgnored,
  },
  {
    // spec 2.2, 4.2: each valid Canadian place is accepted and kept; two places may share a name
    name: 'limits-same-name-places-collapsed-to-first-province',
    area: 'limits',
    violates:
      '2.2, 4.2: a job has the places sent (here a POST whose places share a city name in two provinces, `Windsor, ON` and ' +
      '`Windsor, NS`, stores the first province for both: the places are looked up by city)',
    expectedRule: 'jobs.limits.location-forms',
    transform: rewriteRequest(isPost, (body) => {
      if (!Array.isArray(body.locations)) return;
      const first = new Map<string, unknown>();
      body.locations = (body.locations as unknown[]).map((place) => {
        const description = (place as JsonObject | null)?.description;
        if (typeof description !== 'string') return place;
        const city = description.split(',')[0]!.trim();
        if (!first.has(city)) first.set(city, description);
        return { ...(place as JsonObject), description: first.get(city) };
      });
    }),
  },
  {
    // spec 8: title max 256 characters, so 255 too, on every write
    name: 'limits-title-inside-limit-refused-by-update-by-id',
    area: 'limits',
    violates: '8: title max 256 characters (here an update by id refuses a title of 255, one inside the limit, and takes 256)',
    expectedRule: 'jobs.limits.title-length',
    transform: titleInsideLimitRefusedById,
  },
  {
    // spec 4.5, 8: pageSize maximum 100: 99 is a page size in effect like any other
    name: 'limits-page-size-inside-max-served-as-max',
    area: 'limits',
    violates: '4.5, 8: pageSize maximum 100 (here a pageSize of 99, one under the maximum, is served as 100)',
    expectedRule: 'jobs.list.page-size-100',
    transform: pageSizeInsideMaxServedAsMax,
  },
];
