// A server written from the spec alone (Jobs API v1.1 and its reading notes) in the habits of a Java and Spring
// Boot team (Spring's error body, 409 for conflicts, nanosecond date-times, Jackson's coercion of scalars to text),
// by an implementer who saw neither the mock nor the suite, kept as written but for one change: its check of a
// place name outside its list let through no `!`, and so refused the official name `Saint-Louis-du-Ha! Ha!, QC`
// (spec 2.2: a valid Canadian location is accepted), which the suite rightly flagged. One departure is left as
// written: a bare city outside its list is refused, which jobs.limits.location-forms flags.
// test/independent/spec-only-servers.nightly.test.ts runs the whole suite against it: any other rule that fails it
// over-reaches. Not linted or formatted: it is kept as its author wrote it.
//
// Jobs API v1.1 - conformant server (Node.js 20, built-in modules only).
//
// Start:  node server.mjs --port 8080      (listens on 127.0.0.1, API root /api/v1.1)
//
// Choices made where the specification is open (habits of a Java / Spring Boot team):
//
//  Errors and status codes
//  - Every error body is Spring Boot's: {timestamp, status, error, message, path}; validation
//    failures add "errors": [{field, rejectedValue, message}]. timestamp is java.util.Date as
//    Jackson writes it ("2026-01-01T12:00:00.000+00:00").
//  - 400 Bad Request: malformed JSON, body not a JSON object, missing body, wrong JSON types,
//    failed field validation, non-integer or out-of-Int32 path id, invalid `status` query value.
//  - 401 Unauthorized: missing or unknown API-Key header on any /jobs operation.
//  - 404 Not Found: unknown job id / referenceId, or a job of another employer (existence is not
//    revealed), unknown paths.
//  - 405 Method Not Allowed (with Allow header) for unsupported methods on a known path.
//  - 409 Conflict: POST with a referenceId already used by the same employer; a PUT that would
//    move a referenceId onto a second job; a status change back to `draft` from active/archived.
//  - 413 Payload Too Large: request body over 10 MiB (sent once the client has finished
//    sending, then the connection is closed).
//  - 415 Unsupported Media Type: a request that needs a body whose Content-Type does not start
//    with application/json (or has an unsupported charset).
//  - Check order as in Spring: authentication, routing/method, media type, JSON parsing, field
//    validation (400), lookup (404), business conflicts (409).
//  - PUT that creates a job (PUT /jobs with an unknown referenceId) answers 201 with a Location
//    header, exactly like POST.
//
//  Authentication
//  - Reference lists (/positiontypes, /categories, /jobcategories, /locations, /salaryperiods,
//    /applicantroutingtypes) are public plain GETs ("can be tried from a browser"); an API-Key,
//    if sent, is ignored there. Every /jobs operation requires a valid API-Key.
//  - referenceId is unique per employer; two employers may use the same referenceId.
//
//  JSON binding (Jackson defaults)
//  - Unknown and read-only fields (id, employer, publishDate, names of nested objects ...) are
//    ignored, so a GET result minus id/referenceId can be posted back.
//  - Duplicate keys: the last one wins. Nesting deeper than 1000 levels is rejected.
//  - Scalar coercion as Jackson does it: numbers/booleans are accepted for String fields; numeric
//    strings are accepted for Int32 and Decimal fields; "true"/"false" strings for Boolean fields.
//    Not accepted (400): objects/arrays for scalars, numbers for booleans, fractional numbers for
//    Int32 fields (Jackson would truncate them; we refuse), values outside Int32.
//  - Enum values (status) are case-sensitive lowercase, as in the spec.
//  - On POST, null equals absent. On PUT (partial update), null equals "not sent", except for
//    salary (null removes the salary), salary.maxAmount (null clears it) and referenceId on
//    PUT /jobs/{id} (null or "" clears it). Nested salary objects are merged field by field.
//  - Strings are not trimmed. referenceId "" means "no referenceId"; responses show null.
//  - Lengths are counted in Unicode code points.
//
//  Requiredness on create (POST, PUT-create): title (not blank), locations (1..3),
//  categories (1..3), positionType, applicantRoutingType, and the applicationEmail /
//  applicationUrl that the routing type requires. description is optional (default "").
//  salary is optional (null); a non-null salary needs amount; period.id is required with amount.
//
//  Values
//  - Dates are java.time OffsetDateTime in UTC, written in ISO 8601 with 'Z' and nanosecond
//    digits printed in groups of three as java.time does ("2026-12-03T17:50:24.123456789Z",
//    "2027-01-31T15:00:00.500Z", no fraction when zero). closeDate input
//    accepts an ISO 8601 date ("2026-12-31" -> start of that day UTC) or date-time with an
//    optional fraction (up to 9 digits) and optional offset (none = UTC); years 0000-9999.
//    closeDate is not checked against publishDate (any valid date is kept).
//  - Salary amounts are BigDecimal with scale 4 (rounded HALF_UP), written as JSON numbers with
//    four decimals (e.g. 55000.0000); maxAmount uses the same scale. amount >= 0,
//    maxAmount >= amount, at most 15 integer digits (DECIMAL(19,4)).
//  - applicationEmail: simple Hibernate-@Email-like check; applicationUrl: absolute http(s) URL.
//    A field that does not apply to the routing type is accepted, ignored and returned as null.
//  - autoRefresh on a standard-plan employer is accepted but has no effect and is stored false
//    ("applies only to employers on unlimited job plans"). For unlimited employers an active job
//    with autoRefresh gets its publishDate moved forward by whole 7-day steps when read.
//  - Status transitions: active<->archived as specified; draft->active and draft->archived are
//    allowed; active/archived->draft is refused with 409. A transition changes no other field
//    (publishDate stays). No automatic closing on closeDate.
//  - Description HTML: allowed tags (case-insensitive) strong b em i br p div ul ol li a; `a`
//    needs href, may have target, nothing else; no attributes elsewhere; duplicate attributes,
//    unterminated tags, <!DOCTYPE>, <? ?> and other markup are refused. HTML comments are
//    accepted. A "<" not starting a tag (e.g. "< 5") is text. The description is stored
//    verbatim. Nesting/closing is not enforced (HTML allows omitted end tags).
//  - Location input "<City>" must match a city of the list (accent/case-insensitive);
//    "<City>, <ProvinceCode>" accepts any plausible city name with a valid province/territory
//    code (full province names are accepted too); unknown ones get a new id (from 1001) and
//    type "City". A location given only by a known id (no description) is accepted.
//    Locations in jobs: {id, name ("Toronto, Ontario"), description ("Toronto, ON"), type}.
//  - Duplicate locations/categories in one job are kept as sent.
//
//  Lists and paging (Spring Data habits)
//  - pageSize: default 10; values above 100 are clamped to 100; values below 1 or not numeric
//    fall back to 10. page: default 1 (one-indexed); values below 1 or not numeric mean 1.
//    paging.page and paging.pageSize report the values in effect. pages = ceil(total/pageSize)
//    (0 when there are no jobs). A page past the end returns an empty data array.
//  - q: case-insensitive substring of title or referenceId (trimmed; empty = no filter).
//  - status filter: empty = no filter; otherwise must be active|archived|draft (400).
//  - Order: publishDate descending, then id descending.
//  - previous/next are absolute URLs built from the request's Host (like
//    ServletUriComponentsBuilder), with query q, status (when active), page, pageSize (always,
//    the value in effect). previous is null on page 1; next is null on the last page or beyond.
//  - Location header: absolute URL http://<host>/api/v1.1/jobs/<id>.
//
//  Reference lists: plain JSON arrays. /positiontypes [{id,name}], /categories (alias
//  /jobcategories) [{id,name}], /locations [{id,name,description,type,postalCode}] with an
//  optional ?q= filter, /salaryperiods [{id,name,unit}], /applicantroutingtypes [{id,name}].
//
//  HTTP
//  - X-HTTP-Method-Override on POST accepts DELETE, PUT and PATCH (case-insensitive), like
//    Spring's HiddenHttpMethodFilter; other values are ignored (the request stays a POST).
//  - HEAD is served for every GET; OPTIONS answers 200 with Allow. A trailing slash is tolerated.
//  - Responses use Content-Type application/json. Job ids are assigned sequentially from 1.
//  - Request bodies are limited to 10 MiB; UTF-8 by default (BOM tolerated, invalid bytes = 400).

import http from 'node:http';

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

let PORT = 8080;
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port' && i + 1 < argv.length) PORT = Number.parseInt(argv[++i], 10);
    else if (a.startsWith('--port=')) PORT = Number.parseInt(a.slice(7), 10);
  }
  if (!Number.isInteger(PORT) || PORT < 0 || PORT > 65535) {
    console.error('Invalid --port');
    process.exit(2);
  }
}

const API = '/api/v1.1';
const MAX_BODY = 10 * 1024 * 1024;
const INT32_MAX = 2147483647;
const INT32_MIN = -2147483648;
const NS_PER_MS = 1_000_000n;
const NS_PER_S = 1_000_000_000n;
const NS_PER_DAY = 86_400n * NS_PER_S;
const DEFAULT_LIFETIME_NS = 60n * NS_PER_DAY;
const AUTO_REFRESH_NS = 7n * NS_PER_DAY;

// ---------------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------------

const EMPLOYERS = [
  { id: 101, name: 'Maple Leaf Staffing', apiKey: 'demo-key-1', plan: 'unlimited' },
  { id: 102, name: 'Northern Lights Outfitters', apiKey: 'demo-key-2', plan: 'standard' },
];
const EMPLOYER_BY_KEY = new Map(EMPLOYERS.map((e) => [e.apiKey, e]));

const PROVINCES = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador', NS: 'Nova Scotia', NT: 'Northwest Territories',
  NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec',
  SK: 'Saskatchewan', YT: 'Yukon',
};
const PROVINCE_ALIASES = new Map();
for (const [code, name] of Object.entries(PROVINCES)) {
  PROVINCE_ALIASES.set(normKey(code), code);
  PROVINCE_ALIASES.set(normKey(name), code);
}
for (const [alias, code] of [['Newfoundland', 'NL'], ['PEI', 'PE'], ['P.E.I.', 'PE'],
  ['Yukon Territory', 'YT'], ['NWT', 'NT'], ['Quebec', 'QC']]) {
  PROVINCE_ALIASES.set(normKey(alias), code);
}

const CATEGORIES = [
  [1, 'Accounting & Finance'], [2, 'Administrative & Clerical'], [3, 'Customer Service'],
  [4, 'Education & Training'], [5, 'Engineering'], [6, 'Healthcare & Nursing'],
  [7, 'Hospitality & Tourism'], [8, 'Information Technology'], [9, 'Manufacturing & Production'],
  [10, 'Marketing & Communications'], [11, 'Retail & Sales'], [12, 'Skilled Trades & Construction'],
  [13, 'Transportation & Logistics'], [14, 'Human Resources'], [15, 'Legal'],
  [16, 'Science & Research'], [17, 'Government & Public Sector'],
  [18, 'Agriculture, Forestry & Fishing'], [19, 'Arts, Media & Design'], [20, 'Non-Profit & Volunteer'],
].map(([id, name]) => ({ id, name }));
const CATEGORY_BY_ID = new Map(CATEGORIES.map((c) => [c.id, c]));

const POSITION_TYPES = [
  [1, 'Full-time'], [2, 'Part-time'], [3, 'Contract'], [4, 'Temporary'],
  [5, 'Seasonal'], [6, 'Internship'], [7, 'Casual'],
].map(([id, name]) => ({ id, name }));
const POSITION_TYPE_BY_ID = new Map(POSITION_TYPES.map((p) => [p.id, p]));

const SALARY_PERIODS = [
  [1, 'Yearly', 'year'], [2, 'Monthly', 'month'], [3, 'Weekly', 'week'],
  [4, 'Daily', 'day'], [5, 'Hourly', 'hour'],
].map(([id, name, unit]) => ({ id, name, unit }));
const SALARY_PERIOD_BY_ID = new Map(SALARY_PERIODS.map((p) => [p.id, p]));

const ROUTING_TYPES = [{ id: 1, name: 'Email' }, { id: 2, name: 'URL' }];
const ROUTING_BY_ID = new Map(ROUTING_TYPES.map((r) => [r.id, r]));

const CITY_DATA = [
  ['Toronto', 'ON', 'M5H 2N2'], ['Montreal', 'QC', 'H2Y 1C6'], ['Vancouver', 'BC', 'V6B 1A1'],
  ['Calgary', 'AB', 'T2P 1J9'], ['Edmonton', 'AB', 'T5J 0N3'], ['Ottawa', 'ON', 'K1P 1J1'],
  ['Winnipeg', 'MB', 'R3C 4T3'], ['Quebec City', 'QC', 'G1R 4S9'], ['Hamilton', 'ON', 'L8P 4R5'],
  ['Kitchener', 'ON', 'N2G 4G7'], ['London', 'ON', 'N6A 3N7'], ['Victoria', 'BC', 'V8W 1P6'],
  ['Halifax', 'NS', 'B3J 3A5'], ['Oshawa', 'ON', 'L1H 3Z7'], ['Windsor', 'ON', 'N9A 6S1'],
  ['Saskatoon', 'SK', 'S7K 0J5'], ['Regina', 'SK', 'S4P 3C8'], ["St. John's", 'NL', 'A1C 5M2'],
  ['Kelowna', 'BC', 'V1Y 1J4'], ['Barrie', 'ON', 'L4M 3X9'], ['Sherbrooke', 'QC', 'J1H 1Z3'],
  ['Guelph', 'ON', 'N1H 3A1'], ['Kingston', 'ON', 'K7L 2Z1'], ['Moncton', 'NB', 'E1C 1E9'],
  ['Fredericton', 'NB', 'E3B 1B8'], ['Saint John', 'NB', 'E2L 4L1'], ['Charlottetown', 'PE', 'C1A 4P3'],
  ['Whitehorse', 'YT', 'Y1A 1B2'], ['Yellowknife', 'NT', 'X1A 2L9'], ['Iqaluit', 'NU', 'X0A 0H0'],
  ['Mississauga', 'ON', 'L5B 3C1'], ['Brampton', 'ON', 'L6Y 4R2'], ['Surrey', 'BC', 'V3T 1V8'],
  ['Laval', 'QC', 'H7V 3Z4'], ['Gatineau', 'QC', 'J8X 3X7'], ['Burnaby', 'BC', 'V5H 2E2'],
  ['Markham', 'ON', 'L3R 9W3'], ['Vaughan', 'ON', 'L6A 1T1'], ['Lethbridge', 'AB', 'T1J 0P3'],
  ['Red Deer', 'AB', 'T4N 3T4'], ['Thunder Bay', 'ON', 'P7B 1A1'], ['Sudbury', 'ON', 'P3E 5P3'],
  ['Trois-Rivieres', 'QC', 'G9A 5H3'], ['Nanaimo', 'BC', 'V9R 5J6'], ['Kamloops', 'BC', 'V2C 1A1'],
  ['Brandon', 'MB', 'R7A 6A9'], ['Prince George', 'BC', 'V2L 3W8'], ['Saguenay', 'QC', 'G7H 4R1'],
  ['Sydney', 'NS', 'B1P 6H7'], ['Dartmouth', 'NS', 'B2Y 4S1'],
];
const LOCATIONS = CITY_DATA.map(([city, code, postalCode], i) => ({
  id: i + 1,
  name: `${city}, ${PROVINCES[code]}`,
  description: `${city}, ${code}`,
  type: 'City',
  postalCode,
  city,
  province: code,
}));
const LOCATION_BY_ID = new Map(LOCATIONS.map((l) => [l.id, l]));
const LOCATION_BY_CITY_PROV = new Map(LOCATIONS.map((l) => [`${normKey(l.city)}|${l.province}`, l]));
const LOCATIONS_BY_CITY = new Map();
for (const l of LOCATIONS) {
  const k = normKey(l.city);
  if (!LOCATIONS_BY_CITY.has(k)) LOCATIONS_BY_CITY.set(k, []);
  LOCATIONS_BY_CITY.get(k).push(l);
}
LOCATIONS_BY_CITY.set(normKey('Quebec'), [LOCATION_BY_CITY_PROV.get(`${normKey('Quebec City')}|QC`)]);
LOCATIONS_BY_CITY.set(normKey('Montréal'), [LOCATION_BY_CITY_PROV.get(`${normKey('Montreal')}|QC`)]);
// Valid Canadian locations outside the list, created on first use.
let nextDynamicLocationId = 1001;

function normKey(s) {
  return String(s).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

const jobs = new Map(); // id -> job
let nextJobId = 1;

const HR0 = process.hrtime.bigint();
const EPOCH0 = BigInt(Date.now()) * NS_PER_MS;
let lastNow = 0n;
function nowNs() {
  let t = EPOCH0 + (process.hrtime.bigint() - HR0);
  if (t <= lastNow) t = lastNow + 1n; // strictly increasing
  lastNow = t;
  return t;
}

// ---------------------------------------------------------------------------------------------
// JSON parsing (keeps the exact text of numbers) and writing (raw decimal numbers)
// ---------------------------------------------------------------------------------------------

class JsonNum {
  constructor(text) { this.text = text; }
}
class RawJson {
  constructor(text) { this.text = text; }
}
class JsonParseError extends Error {}

const NUM_RE = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function parseJson(s) {
  let i = 0;
  const n = s.length;
  const fail = (msg) => { throw new JsonParseError(`${msg} at position ${i}`); };
  const ws = () => {
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++; else break;
    }
  };
  const str = () => {
    i++;
    let out = '';
    let start = i;
    for (;;) {
      if (i >= n) fail('Unexpected end-of-input in a string');
      const ch = s.charCodeAt(i);
      if (ch === 34) { out += s.slice(start, i); i++; return out; }
      if (ch === 92) {
        out += s.slice(start, i);
        i++;
        const e = s[i];
        switch (e) {
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case '/': out += '/'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'u': {
            const h = s.slice(i + 1, i + 5);
            if (!/^[0-9a-fA-F]{4}$/.test(h)) fail('Invalid \\u escape');
            out += String.fromCharCode(parseInt(h, 16));
            i += 4;
            break;
          }
          default: fail(`Unrecognized character escape '${e === undefined ? 'EOF' : e}'`);
        }
        i++;
        start = i;
        continue;
      }
      if (ch < 0x20) fail(`Illegal unquoted control character (code ${ch})`);
      i++;
    }
  };
  const lit = (word, val) => {
    if (s.startsWith(word, i)) { i += word.length; return val; }
    fail(`Unrecognized token '${s.slice(i, i + 10).split(/[\s,\]}]/)[0]}'`);
  };
  const value = (depth) => {
    if (depth > 1000) fail('Document nesting depth exceeds the maximum allowed (1000)');
    ws();
    if (i >= n) fail('Unexpected end-of-input');
    const c = s[i];
    if (c === '{') {
      i++;
      const obj = Object.create(null);
      ws();
      if (s[i] === '}') { i++; return obj; }
      for (;;) {
        ws();
        if (s[i] !== '"') fail('Unexpected character, was expecting double-quote to start field name');
        const k = str();
        ws();
        if (s[i] !== ':') fail("Unexpected character, was expecting a colon to separate field name and value");
        i++;
        obj[k] = value(depth + 1);
        ws();
        if (s[i] === ',') { i++; continue; }
        if (s[i] === '}') { i++; return obj; }
        fail('Unexpected character, was expecting comma to separate Object entries');
      }
    }
    if (c === '[') {
      i++;
      const arr = [];
      ws();
      if (s[i] === ']') { i++; return arr; }
      for (;;) {
        arr.push(value(depth + 1));
        ws();
        if (s[i] === ',') { i++; continue; }
        if (s[i] === ']') { i++; return arr; }
        fail('Unexpected character, was expecting comma to separate Array entries');
      }
    }
    if (c === '"') return str();
    if (c === 't') return lit('true', true);
    if (c === 'f') return lit('false', false);
    if (c === 'n') return lit('null', null);
    if (c === '-' || (c >= '0' && c <= '9')) {
      NUM_RE.lastIndex = i;
      const m = NUM_RE.exec(s);
      if (!m || m[0] === '-') fail('Invalid numeric value');
      i += m[0].length;
      return new JsonNum(m[0]);
    }
    fail(`Unexpected character ('${c}' (code ${c.charCodeAt(0)}))`);
  };
  const v = value(0);
  ws();
  if (i < n) fail('Unexpected trailing content');
  return v;
}

function toJson(v) {
  if (v === null || v === undefined) return 'null';
  if (v instanceof RawJson) return v.text;
  switch (typeof v) {
    case 'string': return JSON.stringify(v);
    case 'number': return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean': return v ? 'true' : 'false';
    case 'bigint': return v.toString();
    default: break;
  }
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  const parts = [];
  for (const k of Object.keys(v)) {
    if (v[k] === undefined) continue;
    parts.push(`${JSON.stringify(k)}:${toJson(v[k])}`);
  }
  return `{${parts.join(',')}}`;
}

const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)
  && !(v instanceof JsonNum) && !(v instanceof RawJson);
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;
const cpLen = (s) => { let n = 0; for (const _ of s) n++; return n; };

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

function formatInstant(ns) {
  let sec = ns / NS_PER_S;
  let nano = ns % NS_PER_S;
  if (nano < 0n) { nano += NS_PER_S; sec -= 1n; }
  const base = new Date(Number(sec) * 1000).toISOString().slice(0, -5); // drop ".mmmZ"
  let frac = '';
  if (nano !== 0n) {
    let digits = nano.toString().padStart(9, '0');
    if (digits.endsWith('000000')) digits = digits.slice(0, 3);
    else if (digits.endsWith('000')) digits = digits.slice(0, 6);
    frac = `.${digits}`;
  }
  return `${base}${frac}Z`;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

function parseDateInput(text) {
  const m = DATE_RE.exec(text.trim());
  if (!m) return null;
  const y = +m[1]; const mo = +m[2]; const d = +m[3];
  const h = m[4] === undefined ? 0 : +m[4];
  const mi = m[5] === undefined ? 0 : +m[5];
  const s = m[6] === undefined ? 0 : +m[6];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const dim = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  if (d > dim) return null;
  let offMin = 0;
  const off = m[8];
  if (off && off !== 'Z' && off !== 'z') {
    const sign = off[0] === '-' ? -1 : 1;
    const digits = off.slice(1).replace(':', '');
    const oh = +digits.slice(0, 2);
    const om = digits.length > 2 ? +digits.slice(2, 4) : 0;
    if (oh > 18 || om > 59 || (oh === 18 && om > 0)) return null;
    offMin = sign * (oh * 60 + om);
  }
  const dt = new Date(0);
  dt.setUTCFullYear(y, mo - 1, d);
  dt.setUTCHours(h, mi, s, 0);
  const ms = dt.getTime() - offMin * 60000;
  const nano = m[7] ? BigInt(m[7].padEnd(9, '0')) : 0n;
  return BigInt(ms) * NS_PER_MS + nano;
}

// ---------------------------------------------------------------------------------------------
// Decimals (BigDecimal scale 4, HALF_UP)
// ---------------------------------------------------------------------------------------------

const DEC_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const SCALE = 4;
const MAX_UNSCALED = 10n ** BigInt(15 + SCALE); // at most 15 integer digits

// returns BigInt unscaled value (x 10^4) or null when not a number
function parseDecimal(text) {
  const m = DEC_RE.exec(text);
  if (!m) return null;
  const intPart = m[2] || '';
  const fracPart = m[3] || '';
  if (intPart === '' && fracPart === '') return null;
  const exp = m[4] === undefined ? 0 : Number(m[4]);
  if (!Number.isFinite(exp) || Math.abs(exp) > 400) return { tooLarge: exp > 0 };
  let unscaled = BigInt(`${intPart}${fracPart}` || '0');
  const scale = fracPart.length - exp; // value = unscaled * 10^-scale
  let v;
  if (scale <= SCALE) {
    v = unscaled * 10n ** BigInt(SCALE - scale);
  } else {
    const div = 10n ** BigInt(scale - SCALE);
    v = unscaled / div;
    const rem = unscaled % div;
    if (rem * 2n >= div) v += 1n;
  }
  if (m[1] === '-') v = -v;
  return { value: v };
}

function formatDecimal(v) {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const s = abs.toString().padStart(SCALE + 1, '0');
  return `${neg ? '-' : ''}${s.slice(0, -SCALE)}.${s.slice(-SCALE)}`;
}

// ---------------------------------------------------------------------------------------------
// Type coercion (Jackson-like)
// ---------------------------------------------------------------------------------------------

const BAD = Symbol('bad');

function describe(v) {
  if (v instanceof JsonNum) return v.text;
  if (Array.isArray(v)) return 'array';
  if (isObj(v)) return 'object';
  return v;
}

function asString(v, field, errs) {
  if (v === undefined || v === null) return v;
  if (typeof v === 'string') return v;
  if (v instanceof JsonNum) return v.text;
  if (typeof v === 'boolean') return String(v);
  errs.push({ field, rejectedValue: describe(v), message: 'must be a string' });
  return BAD;
}

const NUMERIC_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function asInt(v, field, errs) {
  if (v === undefined || v === null) return v;
  let t;
  if (v instanceof JsonNum) t = v.text;
  else if (typeof v === 'string') {
    t = v.trim();
    if (t === '') return null;
  } else {
    errs.push({ field, rejectedValue: describe(v), message: 'must be an integer (Int32)' });
    return BAD;
  }
  if (!NUMERIC_TEXT.test(t)) {
    errs.push({ field, rejectedValue: describe(v), message: 'must be an integer (Int32)' });
    return BAD;
  }
  const num = Number(t);
  if (!Number.isInteger(num) || num > INT32_MAX || num < INT32_MIN) {
    errs.push({ field, rejectedValue: describe(v), message: 'must be an integer within the Int32 range' });
    return BAD;
  }
  return num;
}

function asBool(v, field, errs) {
  if (v === undefined || v === null) return v;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === 'true') return true;
    if (t === 'false') return false;
    if (t === '') return null;
  }
  errs.push({ field, rejectedValue: describe(v), message: 'must be a boolean' });
  return BAD;
}

function asDecimal(v, field, errs) {
  if (v === undefined || v === null) return v;
  let t;
  if (v instanceof JsonNum) t = v.text;
  else if (typeof v === 'string') {
    t = v.trim();
    if (t === '') return null;
  } else {
    errs.push({ field, rejectedValue: describe(v), message: 'must be a decimal number' });
    return BAD;
  }
  const r = parseDecimal(t);
  if (r === null) {
    errs.push({ field, rejectedValue: describe(v), message: 'must be a decimal number' });
    return BAD;
  }
  if (r.tooLarge !== undefined) {
    if (r.tooLarge) {
      errs.push({ field, rejectedValue: describe(v), message: 'numeric value out of bounds (<15 digits>.<4 digits> expected)' });
      return BAD;
    }
    return 0n;
  }
  const abs = r.value < 0n ? -r.value : r.value;
  if (abs >= MAX_UNSCALED) {
    errs.push({ field, rejectedValue: describe(v), message: 'numeric value out of bounds (<15 digits>.<4 digits> expected)' });
    return BAD;
  }
  return r.value;
}

function asObject(v, field, errs) {
  if (v === undefined || v === null) return v;
  if (isObj(v)) return v;
  errs.push({ field, rejectedValue: describe(v), message: 'must be an object' });
  return BAD;
}

// ---------------------------------------------------------------------------------------------
// Description HTML validation
// ---------------------------------------------------------------------------------------------

const ALLOWED_TAGS = new Set(['strong', 'b', 'em', 'i', 'br', 'p', 'div', 'ul', 'ol', 'li', 'a']);

function isAsciiLetter(c) {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}
function isWs(c) {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
}

// returns null when valid, an error message otherwise
function validateHtml(html) {
  const n = html.length;
  let i = 0;
  for (;;) {
    const lt = html.indexOf('<', i);
    if (lt < 0) return null;
    i = lt;
    const next = html[i + 1];
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      if (end < 0) return 'unterminated HTML comment';
      i = end + 3;
      continue;
    }
    if (next === '!' || next === '?') return 'markup declarations and processing instructions are not allowed';
    if (next === '/') {
      if (!isAsciiLetter(html[i + 2])) return `malformed end tag at position ${i}`;
      let j = i + 2;
      while (j < n && /[A-Za-z0-9]/.test(html[j])) j++;
      const name = html.slice(i + 2, j).toLowerCase();
      if (!ALLOWED_TAGS.has(name)) return `tag <${name}> is not allowed`;
      while (j < n && isWs(html[j])) j++;
      if (html[j] !== '>') return `malformed end tag </${name}>`;
      i = j + 1;
      continue;
    }
    if (!isAsciiLetter(next)) { i++; continue; } // a literal "<" in text
    let j = i + 1;
    while (j < n && /[A-Za-z0-9]/.test(html[j])) j++;
    const name = html.slice(i + 1, j).toLowerCase();
    if (!ALLOWED_TAGS.has(name)) return `tag <${name}> is not allowed`;
    const attrs = new Set();
    for (;;) {
      while (j < n && isWs(html[j])) j++;
      if (j >= n) return `unterminated tag <${name}>`;
      if (html[j] === '>') { j++; break; }
      if (html[j] === '/' && html[j + 1] === '>') { j += 2; break; }
      const aStart = j;
      while (j < n && !isWs(html[j]) && !'/>="\'<`'.includes(html[j])) j++;
      if (j === aStart) return `malformed tag <${name}>`;
      const attr = html.slice(aStart, j).toLowerCase();
      while (j < n && isWs(html[j])) j++;
      if (html[j] === '=') {
        j++;
        while (j < n && isWs(html[j])) j++;
        const q = html[j];
        if (q === '"' || q === "'") {
          const end = html.indexOf(q, j + 1);
          if (end < 0) return `unterminated attribute value in <${name}>`;
          j = end + 1;
        } else {
          const vStart = j;
          while (j < n && !isWs(html[j]) && !'>"\'<=`'.includes(html[j])) j++;
          if (j === vStart) return `malformed attribute value in <${name}>`;
        }
      }
      if (attrs.has(attr)) return `duplicate attribute '${attr}' in <${name}>`;
      attrs.add(attr);
      if (name === 'a') {
        if (attr !== 'href' && attr !== 'target') return `attribute '${attr}' is not allowed on <a>`;
      } else {
        return `attributes are not allowed on <${name}>`;
      }
    }
    if (name === 'a' && !attrs.has('href')) return '<a> requires an href attribute';
    i = j;
  }
}

// ---------------------------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------------------------

const dynamicLocations = new Map(); // key -> location
const dynamicLocationsById = new Map();
const CITY_RE = /^[\p{L}\p{M}\p{N}'’.&()! -]+$/u;

function locationOut(l) {
  return { id: l.id, name: l.name, description: l.description, type: l.type };
}

function resolveLocation(rawDesc) {
  const d = rawDesc.replace(/\s+/g, ' ').trim();
  if (d === '') return { error: 'must not be blank' };
  if (cpLen(rawDesc) > 300) return { error: 'size must be between 0 and 300' };
  const comma = d.lastIndexOf(',');
  if (comma >= 0) {
    const city = d.slice(0, comma).trim();
    const provRaw = d.slice(comma + 1).trim();
    const code = PROVINCE_ALIASES.get(normKey(provRaw));
    if (!code) return { error: `unknown Canadian province or territory code '${provRaw}'; expected '<City>' or '<City>, <ProvinceCode>'` };
    if (city === '' || !CITY_RE.test(city) || !/\p{L}/u.test(city) || cpLen(city) > 100) {
      return { error: `invalid city name '${city}'` };
    }
    const key = `${normKey(city)}|${code}`;
    const known = LOCATION_BY_CITY_PROV.get(key)
      || (LOCATIONS_BY_CITY.get(normKey(city)) || []).find((l) => l.province === code);
    if (known) return { loc: known };
    let dyn = dynamicLocations.get(key);
    if (!dyn) {
      dyn = {
        id: nextDynamicLocationId++,
        name: `${city}, ${PROVINCES[code]}`,
        description: `${city}, ${code}`,
        type: 'City',
      };
      dynamicLocations.set(key, dyn);
      dynamicLocationsById.set(dyn.id, dyn);
    }
    return { loc: dyn };
  }
  const matches = LOCATIONS_BY_CITY.get(normKey(d));
  if (matches && matches.length) return { loc: matches[0] };
  return { error: `unknown location '${d}'; use the form '<City>, <ProvinceCode>'` };
}

// ---------------------------------------------------------------------------------------------
// Job input (create and partial update)
// ---------------------------------------------------------------------------------------------

const STATUSES = new Set(['active', 'archived', 'draft']);
const EMAIL_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

function validUrl(u) {
  if (!/^https?:\/\//i.test(u)) return false;
  if (/\s/.test(u)) return false;
  try {
    const p = new URL(u);
    return (p.protocol === 'http:' || p.protocol === 'https:') && p.hostname !== '';
  } catch {
    return false;
  }
}

// Applies `body` onto a copy of `existing` (or onto defaults when creating).
// Returns { job, errs, statusChange }.
function applyJobInput(body, existing, employer, opts = {}) {
  const create = existing === null;
  const errs = [];
  const job = create
    ? {
      referenceId: null, title: undefined, closeNs: undefined, confidential: false, autoRefresh: false,
      status: 'draft', locations: undefined, categories: undefined, positionTypeId: undefined,
      salary: null, description: '', routingId: undefined, applicationEmail: null, applicationUrl: null,
    }
    : {
      ...existing,
      locations: existing.locations.slice(),
      categories: existing.categories.slice(),
      salary: existing.salary ? { ...existing.salary } : null,
    };

  // referenceId
  if (has(body, 'referenceId') && !opts.referenceIdFixed) {
    const v = asString(body.referenceId, 'referenceId', errs);
    if (v !== BAD) {
      if (v === null || v === '') job.referenceId = null;
      else if (cpLen(v) > 50) errs.push({ field: 'referenceId', rejectedValue: v, message: 'size must be between 0 and 50' });
      else job.referenceId = v;
    }
  }

  // title
  if (has(body, 'title') && body.title !== null) {
    const v = asString(body.title, 'title', errs);
    if (v !== BAD) {
      if (v.trim() === '') errs.push({ field: 'title', rejectedValue: v, message: 'must not be blank' });
      else if (cpLen(v) > 256) errs.push({ field: 'title', rejectedValue: v, message: 'size must be between 1 and 256' });
      else job.title = v;
    }
  } else if (create) {
    errs.push({ field: 'title', rejectedValue: null, message: 'must not be blank' });
  }

  // closeDate
  if (has(body, 'closeDate') && body.closeDate !== null) {
    const v = asString(body.closeDate, 'closeDate', errs);
    if (v !== BAD) {
      const ns = typeof body.closeDate === 'string' ? parseDateInput(v) : null;
      if (ns === null) {
        errs.push({ field: 'closeDate', rejectedValue: describe(body.closeDate), message: 'must be an ISO 8601 date or date-time' });
      } else job.closeNs = ns;
    }
  }

  // booleans
  for (const f of ['confidential', 'autoRefresh']) {
    if (has(body, f) && body[f] !== null) {
      const v = asBool(body[f], f, errs);
      if (v !== BAD && v !== null) job[f] = v;
    }
  }

  // status
  let statusChange = null;
  if (has(body, 'status') && body.status !== null) {
    const v = asString(body.status, 'status', errs);
    if (v !== BAD) {
      if (!STATUSES.has(v)) {
        errs.push({ field: 'status', rejectedValue: v, message: 'must be one of active, archived, draft' });
      } else {
        if (!create && v !== existing.status) statusChange = { from: existing.status, to: v };
        job.status = v;
      }
    }
  }

  // locations
  if (has(body, 'locations') && body.locations !== null) {
    const arr = body.locations;
    if (!Array.isArray(arr)) {
      errs.push({ field: 'locations', rejectedValue: describe(arr), message: 'must be an array' });
    } else if (arr.length < 1 || arr.length > 3) {
      errs.push({ field: 'locations', rejectedValue: `${arr.length} entries`, message: 'size must be between 1 and 3' });
    } else {
      const out = [];
      arr.forEach((el, idx) => {
        const f = `locations[${idx}]`;
        const o = asObject(el, f, errs);
        if (o === BAD) return;
        if (o === null) { errs.push({ field: f, rejectedValue: null, message: 'must not be null' }); return; }
        if (has(o, 'description') && o.description !== null) {
          const d = asString(o.description, `${f}.description`, errs);
          if (d === BAD) return;
          const r = resolveLocation(d);
          if (r.error) errs.push({ field: `${f}.description`, rejectedValue: d, message: r.error });
          else out.push(r.loc);
        } else if (has(o, 'id') && o.id !== null) {
          const id = asInt(o.id, `${f}.id`, errs);
          if (id === BAD) return;
          const l = LOCATION_BY_ID.get(id) || dynamicLocationsById.get(id);
          if (!l) errs.push({ field: `${f}.id`, rejectedValue: id, message: 'unknown location id' });
          else out.push(l);
        } else {
          errs.push({ field: `${f}.description`, rejectedValue: null, message: 'must not be blank' });
        }
      });
      if (out.length === arr.length) job.locations = out;
    }
  } else if (create) {
    errs.push({ field: 'locations', rejectedValue: null, message: 'size must be between 1 and 3' });
  }

  // categories
  if (has(body, 'categories') && body.categories !== null) {
    const arr = body.categories;
    if (!Array.isArray(arr)) {
      errs.push({ field: 'categories', rejectedValue: describe(arr), message: 'must be an array' });
    } else if (arr.length < 1 || arr.length > 3) {
      errs.push({ field: 'categories', rejectedValue: `${arr.length} entries`, message: 'size must be between 1 and 3' });
    } else {
      const out = [];
      arr.forEach((el, idx) => {
        const f = `categories[${idx}]`;
        const o = asObject(el, f, errs);
        if (o === BAD) return;
        if (o === null) { errs.push({ field: f, rejectedValue: null, message: 'must not be null' }); return; }
        const id = asInt(o.id, `${f}.id`, errs);
        if (id === BAD) return;
        if (id === null || id === undefined) { errs.push({ field: `${f}.id`, rejectedValue: null, message: 'must not be null' }); return; }
        const c = CATEGORY_BY_ID.get(id);
        if (!c) errs.push({ field: `${f}.id`, rejectedValue: id, message: 'unknown category id' });
        else out.push(c);
      });
      if (out.length === arr.length) job.categories = out;
    }
  } else if (create) {
    errs.push({ field: 'categories', rejectedValue: null, message: 'size must be between 1 and 3' });
  }

  // positionType
  if (has(body, 'positionType') && body.positionType !== null) {
    const o = asObject(body.positionType, 'positionType', errs);
    if (o !== BAD) {
      const id = asInt(o.id, 'positionType.id', errs);
      if (id === null || id === undefined) errs.push({ field: 'positionType.id', rejectedValue: null, message: 'must not be null' });
      else if (id !== BAD) {
        if (!POSITION_TYPE_BY_ID.has(id)) errs.push({ field: 'positionType.id', rejectedValue: id, message: 'unknown position type id' });
        else job.positionTypeId = id;
      }
    }
  } else if (create) {
    errs.push({ field: 'positionType.id', rejectedValue: null, message: 'must not be null' });
  }

  // salary
  if (has(body, 'salary')) {
    if (body.salary === null) {
      job.salary = null;
    } else {
      const o = asObject(body.salary, 'salary', errs);
      if (o !== BAD) {
        const s = job.salary ? { ...job.salary } : { amount: null, maxAmount: null, periodId: null, plusCommission: false };
        let ok = true;
        if (has(o, 'amount')) {
          const v = asDecimal(o.amount, 'salary.amount', errs);
          if (v === BAD) ok = false; else s.amount = v;
        }
        if (has(o, 'maxAmount')) {
          const v = asDecimal(o.maxAmount, 'salary.maxAmount', errs);
          if (v === BAD) ok = false; else s.maxAmount = v;
        }
        if (has(o, 'period')) {
          if (o.period === null) s.periodId = null;
          else {
            const p = asObject(o.period, 'salary.period', errs);
            if (p === BAD) ok = false;
            else {
              const id = asInt(p.id, 'salary.period.id', errs);
              if (id === BAD) ok = false;
              else if (id === null || id === undefined) s.periodId = null;
              else if (!SALARY_PERIOD_BY_ID.has(id)) {
                errs.push({ field: 'salary.period.id', rejectedValue: id, message: 'must be between 1 and 5' });
                ok = false;
              } else s.periodId = id;
            }
          }
        }
        if (has(o, 'plusCommission') && o.plusCommission !== null) {
          const v = asBool(o.plusCommission, 'salary.plusCommission', errs);
          if (v === BAD) ok = false; else if (v !== null) s.plusCommission = v;
        }
        if (ok) {
          if (s.amount === null || s.amount === undefined) {
            errs.push({ field: 'salary.amount', rejectedValue: null, message: 'must not be null when a salary is given' });
          } else {
            if (s.amount < 0n) errs.push({ field: 'salary.amount', rejectedValue: new RawJson(formatDecimal(s.amount)), message: 'must be greater than or equal to 0' });
            if (s.periodId === null || s.periodId === undefined) {
              errs.push({ field: 'salary.period.id', rejectedValue: null, message: 'is required when salary.amount is given' });
            }
            if (s.maxAmount !== null && s.maxAmount !== undefined && s.maxAmount < s.amount) {
              errs.push({ field: 'salary.maxAmount', rejectedValue: new RawJson(formatDecimal(s.maxAmount)), message: 'must be greater than or equal to salary.amount' });
            }
          }
          job.salary = s;
        }
      }
    }
  }

  // description
  if (has(body, 'description') && body.description !== null) {
    const v = asString(body.description, 'description', errs);
    if (v !== BAD) {
      const e = validateHtml(v);
      if (e) errs.push({ field: 'description', rejectedValue: null, message: `invalid HTML: ${e}` });
      else job.description = v;
    }
  }

  // applicantRoutingType
  if (has(body, 'applicantRoutingType') && body.applicantRoutingType !== null) {
    const o = asObject(body.applicantRoutingType, 'applicantRoutingType', errs);
    if (o !== BAD) {
      const id = asInt(o.id, 'applicantRoutingType.id', errs);
      if (id === null || id === undefined) errs.push({ field: 'applicantRoutingType.id', rejectedValue: null, message: 'must not be null' });
      else if (id !== BAD) {
        if (!ROUTING_BY_ID.has(id)) errs.push({ field: 'applicantRoutingType.id', rejectedValue: id, message: 'must be 1 or 2' });
        else job.routingId = id;
      }
    }
  } else if (create) {
    errs.push({ field: 'applicantRoutingType.id', rejectedValue: null, message: 'must not be null' });
  }

  // applicationEmail / applicationUrl (validated only where they apply)
  let emailIn; let urlIn;
  if (has(body, 'applicationEmail') && body.applicationEmail !== null) {
    const v = asString(body.applicationEmail, 'applicationEmail', errs);
    if (v !== BAD) emailIn = v;
  }
  if (has(body, 'applicationUrl') && body.applicationUrl !== null) {
    const v = asString(body.applicationUrl, 'applicationUrl', errs);
    if (v !== BAD) urlIn = v;
  }
  if (job.routingId === 1) {
    if (emailIn !== undefined) {
      if (emailIn.trim() === '') errs.push({ field: 'applicationEmail', rejectedValue: emailIn, message: 'is required when applicantRoutingType.id is 1' });
      else if (cpLen(emailIn) > 50) errs.push({ field: 'applicationEmail', rejectedValue: emailIn, message: 'size must be between 0 and 50' });
      else if (!EMAIL_RE.test(emailIn)) errs.push({ field: 'applicationEmail', rejectedValue: emailIn, message: 'must be a well-formed email address' });
      else job.applicationEmail = emailIn;
    } else if (!job.applicationEmail) {
      errs.push({ field: 'applicationEmail', rejectedValue: null, message: 'is required when applicantRoutingType.id is 1' });
    }
    job.applicationUrl = null;
  } else if (job.routingId === 2) {
    if (urlIn !== undefined) {
      if (urlIn.trim() === '') errs.push({ field: 'applicationUrl', rejectedValue: urlIn, message: 'is required when applicantRoutingType.id is 2' });
      else if (cpLen(urlIn) > 200) errs.push({ field: 'applicationUrl', rejectedValue: urlIn, message: 'size must be between 0 and 200' });
      else if (!validUrl(urlIn)) errs.push({ field: 'applicationUrl', rejectedValue: urlIn, message: 'must be an absolute URL starting with http:// or https://' });
      else job.applicationUrl = urlIn;
    } else if (!job.applicationUrl) {
      errs.push({ field: 'applicationUrl', rejectedValue: null, message: 'is required when applicantRoutingType.id is 2' });
    }
    job.applicationEmail = null;
  }

  if (employer.plan !== 'unlimited') job.autoRefresh = false;

  return { job, errs, statusChange };
}

// ---------------------------------------------------------------------------------------------
// Job output
// ---------------------------------------------------------------------------------------------

function refreshPublishDate(job) {
  const emp = EMPLOYERS.find((e) => e.id === job.employerId);
  if (!job.autoRefresh || job.status !== 'active' || !emp || emp.plan !== 'unlimited') return;
  const now = nowNs();
  const elapsed = now - job.publishNs;
  if (elapsed >= AUTO_REFRESH_NS) job.publishNs += (elapsed / AUTO_REFRESH_NS) * AUTO_REFRESH_NS;
}

function employerOut(job) {
  const e = EMPLOYERS.find((x) => x.id === job.employerId);
  return { id: e.id, name: e.name };
}

function jobFull(job) {
  refreshPublishDate(job);
  const pt = POSITION_TYPE_BY_ID.get(job.positionTypeId);
  const rt = ROUTING_BY_ID.get(job.routingId);
  let salary = null;
  if (job.salary) {
    const p = SALARY_PERIOD_BY_ID.get(job.salary.periodId);
    salary = {
      amount: new RawJson(formatDecimal(job.salary.amount)),
      maxAmount: job.salary.maxAmount === null || job.salary.maxAmount === undefined
        ? null : new RawJson(formatDecimal(job.salary.maxAmount)),
      period: p ? { id: p.id, name: p.name, unit: p.unit } : null,
      plusCommission: !!job.salary.plusCommission,
    };
  }
  return {
    id: job.id,
    referenceId: job.referenceId,
    employer: employerOut(job),
    title: job.title,
    publishDate: formatInstant(job.publishNs),
    closeDate: formatInstant(job.closeNs),
    confidential: job.confidential,
    autoRefresh: job.autoRefresh,
    status: job.status,
    locations: job.locations.map(locationOut),
    categories: job.categories.map((c) => ({ id: c.id, name: c.name })),
    positionType: pt ? { id: pt.id, name: pt.name } : null,
    salary,
    description: job.description,
    applicantRoutingType: rt ? { id: rt.id, name: rt.name } : null,
    applicationEmail: job.routingId === 1 ? job.applicationEmail : null,
    applicationUrl: job.routingId === 2 ? job.applicationUrl : null,
  };
}

function jobHeader(job) {
  refreshPublishDate(job);
  return {
    id: job.id,
    referenceId: job.referenceId,
    employer: employerOut(job),
    title: job.title,
    publishDate: formatInstant(job.publishNs),
    locations: job.locations.map(locationOut),
    confidential: job.confidential,
    status: job.status,
  };
}

function findByReference(employer, ref) {
  for (const j of jobs.values()) {
    if (j.employerId === employer.id && j.referenceId === ref) return j;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers
// ---------------------------------------------------------------------------------------------

class HttpError extends Error {
  constructor(status, message, extra = {}, respHeaders = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
    this.respHeaders = respHeaders;
  }
}

function send(res, status, body, headers = {}) {
  if (res.headersSent) return;
  const h = { ...headers };
  if (body === undefined) {
    res.writeHead(status, h);
    res.end();
    return;
  }
  const buf = Buffer.from(toJson(body), 'utf8');
  h['Content-Type'] = 'application/json';
  h['Content-Length'] = buf.length;
  res.writeHead(status, h);
  res.end(buf);
}

function sendError(req, res, status, message, extra = {}, headers = {}) {
  const path = (req.url || '/').split('?')[0];
  const body = {
    timestamp: new Date().toISOString().replace('Z', '+00:00'),
    status,
    error: http.STATUS_CODES[status] || 'Error',
    message,
    path,
    ...extra,
  };
  send(res, status, body, headers);
}

function hostOf(req) {
  const h = req.headers.host;
  if (h && /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(h)) return h;
  return `127.0.0.1:${server.address()?.port ?? PORT}`;
}

function requireJsonContentType(req) {
  const ct = req.headers['content-type'];
  if (!ct || !ct.trim().toLowerCase().startsWith('application/json')) {
    throw new HttpError(415, `Content-Type '${ct || ''}' is not supported; use 'application/json'`);
  }
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(ct);
  let charset = m ? m[1].toLowerCase() : 'utf-8';
  try {
    return new TextDecoder(charset, { fatal: true });
  } catch {
    throw new HttpError(415, `Unsupported charset '${charset}'`);
  }
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const cl = req.headers['content-length'];
    if (cl !== undefined && Number(cl) > MAX_BODY) {
      reject(new HttpError(413, `Request body exceeds the limit of ${MAX_BODY} bytes`));
      return;
    }
    const chunks = [];
    let size = 0;
    let done = false;
    req.on('data', (c) => {
      if (done) return;
      size += c.length;
      if (size > MAX_BODY) {
        done = true;
        chunks.length = 0;
        reject(new HttpError(413, `Request body exceeds the limit of ${MAX_BODY} bytes`));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => { if (!done) { done = true; resolve(Buffer.concat(chunks)); } });
    req.on('error', (e) => { if (!done) { done = true; reject(e); } });
    req.on('aborted', () => { if (!done) { done = true; reject(new HttpError(400, 'Request aborted')); } });
  });
}

async function readJsonObject(req, decoder) {
  const buf = await readBody(req);
  let text;
  try {
    text = decoder.decode(buf);
  } catch {
    throw new HttpError(400, 'JSON parse error: Invalid byte sequence for the declared charset');
  }
  if (text.trim() === '') throw new HttpError(400, 'Required request body is missing');
  let v;
  try {
    v = parseJson(text);
  } catch (e) {
    if (e instanceof JsonParseError) throw new HttpError(400, `JSON parse error: ${e.message}`);
    throw e;
  }
  if (v === null) throw new HttpError(400, 'Required request body is missing');
  if (!isObj(v)) throw new HttpError(400, 'JSON parse error: Cannot deserialize the request body: a JSON object is expected');
  return v;
}

function validationError(errs) {
  const msg = `Validation failed: ${errs.map((e) => `${e.field}: ${e.message}`).join('; ')}`;
  return new HttpError(400, msg, { errors: errs });
}

function parseJobId(raw) {
  if (!/^[+-]?\d{1,10}$/.test(raw)) {
    throw new HttpError(400, `Failed to convert value '${raw}' to required type 'int' for path variable 'id'`);
  }
  const n = Number(raw);
  if (n > INT32_MAX || n < INT32_MIN) {
    throw new HttpError(400, `Failed to convert value '${raw}' to required type 'int' for path variable 'id'`);
  }
  return n;
}

function authenticate(req) {
  const key = req.headers['api-key'];
  const emp = typeof key === 'string' ? EMPLOYER_BY_KEY.get(key.trim()) : undefined;
  if (!emp) {
    throw new HttpError(401, key === undefined ? 'Missing API-Key header' : 'Invalid API key');
  }
  return emp;
}

function getOwnJob(employer, id) {
  const job = jobs.get(id);
  if (!job || job.employerId !== employer.id) throw new HttpError(404, `Job ${id} not found`);
  return job;
}

function checkTransition(change) {
  if (!change) return;
  if (change.to === 'draft') {
    throw new HttpError(409, `Status transition from '${change.from}' to 'draft' is not allowed`);
  }
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------

function createJob(req, res, employer, body) {
  const { job, errs } = applyJobInput(body, null, employer);
  if (errs.length) throw validationError(errs);
  if (job.referenceId !== null && findByReference(employer, job.referenceId)) {
    throw new HttpError(409, `A job with referenceId '${job.referenceId}' already exists`);
  }
  if (nextJobId > INT32_MAX) throw new HttpError(507, 'Job id space exhausted');
  job.id = nextJobId++;
  job.employerId = employer.id;
  job.publishNs = nowNs();
  if (job.closeNs === undefined) job.closeNs = job.publishNs + DEFAULT_LIFETIME_NS;
  jobs.set(job.id, job);
  send(res, 201, jobFull(job), { Location: `http://${hostOf(req)}${API}/jobs/${job.id}` });
}

function updateJob(res, employer, existing, body, opts = {}) {
  const { job, errs, statusChange } = applyJobInput(body, existing, employer, opts);
  if (errs.length) throw validationError(errs);
  checkTransition(statusChange);
  if (job.referenceId !== null && job.referenceId !== existing.referenceId) {
    const other = findByReference(employer, job.referenceId);
    if (other && other.id !== existing.id) {
      throw new HttpError(409, `A job with referenceId '${job.referenceId}' already exists`);
    }
  }
  if (job.closeNs === undefined) job.closeNs = job.publishNs + DEFAULT_LIFETIME_NS;
  Object.assign(existing, job);
  send(res, 200, jobFull(existing));
}

function listJobs(req, res, employer, params) {
  const qRaw = params.get('q');
  const q = qRaw !== null && qRaw.trim() !== '' ? qRaw.trim() : null;
  const stRaw = params.get('status');
  const status = stRaw !== null && stRaw.trim() !== '' ? stRaw.trim() : null;
  if (status !== null && !STATUSES.has(status)) {
    throw new HttpError(400, `Invalid value '${stRaw}' for parameter 'status'; expected one of active, archived, draft`);
  }
  const intParam = (name) => {
    const v = params.get(name);
    if (v === null || !/^\s*[+-]?\d+\s*$/.test(v)) return null;
    const n = Number(v.trim());
    return n > INT32_MAX || n < INT32_MIN ? null : n;
  };
  let pageSize = intParam('pageSize');
  if (pageSize === null || pageSize < 1) pageSize = 10;
  if (pageSize > 100) pageSize = 100;
  let page = intParam('page');
  if (page === null || page < 1) page = 1;

  const qLower = q === null ? null : q.toLowerCase();
  const matching = [];
  for (const j of jobs.values()) {
    if (j.employerId !== employer.id) continue;
    if (status !== null && j.status !== status) continue;
    if (qLower !== null) {
      const inTitle = j.title.toLowerCase().includes(qLower);
      const inRef = j.referenceId !== null && j.referenceId.toLowerCase().includes(qLower);
      if (!inTitle && !inRef) continue;
    }
    refreshPublishDate(j);
    matching.push(j);
  }
  matching.sort((a, b) => (a.publishNs === b.publishNs ? b.id - a.id : (a.publishNs < b.publishNs ? 1 : -1)));
  const total = matching.length;
  const pages = Math.ceil(total / pageSize);
  const start = (page - 1) * pageSize;
  const data = start < total ? matching.slice(start, start + pageSize).map(jobHeader) : [];
  const link = (p) => {
    const parts = [];
    if (q !== null) parts.push(`q=${encodeURIComponent(q)}`);
    if (status !== null) parts.push(`status=${encodeURIComponent(status)}`);
    parts.push(`page=${p}`);
    parts.push(`pageSize=${pageSize}`);
    return `http://${hostOf(req)}${API}/jobs?${parts.join('&')}`;
  };
  send(res, 200, {
    data,
    paging: {
      total,
      page,
      pages,
      pageSize,
      previous: page > 1 ? link(page - 1) : null,
      next: page < pages ? link(page + 1) : null,
    },
  });
}

function referenceList(name, params) {
  switch (name) {
    case 'positiontypes': return POSITION_TYPES.map((p) => ({ id: p.id, name: p.name }));
    case 'categories':
    case 'jobcategories': return CATEGORIES.map((c) => ({ id: c.id, name: c.name }));
    case 'salaryperiods': return SALARY_PERIODS.map((p) => ({ id: p.id, name: p.name, unit: p.unit }));
    case 'applicantroutingtypes': return ROUTING_TYPES.map((r) => ({ id: r.id, name: r.name }));
    case 'locations': {
      const q = params.get('q');
      const k = q ? normKey(q) : '';
      return LOCATIONS
        .filter((l) => !k || normKey(l.name).includes(k) || normKey(l.description).includes(k)
          || normKey(l.postalCode).includes(k))
        .map((l) => ({ id: l.id, name: l.name, description: l.description, type: l.type, postalCode: l.postalCode }));
    }
    default: return null;
  }
}
const REFERENCE_LISTS = new Set(['positiontypes', 'categories', 'jobcategories', 'locations', 'salaryperiods', 'applicantroutingtypes']);

// ---------------------------------------------------------------------------------------------
// Router
// ---------------------------------------------------------------------------------------------

const OVERRIDABLE = new Set(['PUT', 'DELETE', 'PATCH']);

async function handle(req, res) {
  const rawUrl = req.url || '/';
  const qIdx = rawUrl.indexOf('?');
  const rawPath = qIdx >= 0 ? rawUrl.slice(0, qIdx) : rawUrl;
  const params = new URLSearchParams(qIdx >= 0 ? rawUrl.slice(qIdx + 1) : '');
  let path;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw new HttpError(400, 'Malformed request path');
  }
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);

  let method = req.method;
  const override = req.headers['x-http-method-override'];
  if (method === 'POST' && typeof override === 'string' && OVERRIDABLE.has(override.trim().toUpperCase())) {
    method = override.trim().toUpperCase();
  }

  if (!path.startsWith(`${API}/`)) throw new HttpError(404, 'No handler found for this path');
  const rest = path.slice(API.length + 1);

  // Reference lists (public)
  if (REFERENCE_LISTS.has(rest)) {
    if (method === 'OPTIONS') { send(res, 200, undefined, { Allow: 'GET, HEAD, OPTIONS' }); return; }
    if (method !== 'GET' && method !== 'HEAD') {
      throw new HttpError(405, `Request method '${method}' is not supported`, {}, { Allow: 'GET, HEAD, OPTIONS' });
    }
    send(res, 200, referenceList(rest, params));
    return;
  }

  let itemId = null;
  if (rest === 'jobs') {
    // collection
  } else if (rest.startsWith('jobs/') && !rest.slice(5).includes('/') && rest.length > 5) {
    itemId = rest.slice(5);
  } else {
    throw new HttpError(404, 'No handler found for this path');
  }

  const allow = itemId === null ? 'GET, HEAD, POST, PUT, DELETE, OPTIONS' : 'GET, HEAD, PUT, DELETE, OPTIONS';
  if (method === 'OPTIONS') { send(res, 200, undefined, { Allow: allow }); return; }

  const employer = authenticate(req);

  if (itemId === null) {
    switch (method) {
      case 'GET':
      case 'HEAD':
        listJobs(req, res, employer, params);
        return;
      case 'POST': {
        const dec = requireJsonContentType(req);
        const body = await readJsonObject(req, dec);
        createJob(req, res, employer, body);
        return;
      }
      case 'PUT': {
        const dec = requireJsonContentType(req);
        const body = await readJsonObject(req, dec);
        const errs = [];
        const ref = has(body, 'referenceId') ? asString(body.referenceId, 'referenceId', errs) : undefined;
        if (ref === BAD) throw validationError(errs);
        if (ref === undefined || ref === null || ref === '') {
          throw validationError([{ field: 'referenceId', rejectedValue: ref ?? null, message: 'is required on PUT /jobs (identifies the job)' }]);
        }
        if (cpLen(ref) > 50) throw validationError([{ field: 'referenceId', rejectedValue: ref, message: 'size must be between 0 and 50' }]);
        const existing = findByReference(employer, ref);
        if (existing) updateJob(res, employer, existing, body, { referenceIdFixed: true });
        else createJob(req, res, employer, body);
        return;
      }
      case 'DELETE': {
        const dec = requireJsonContentType(req);
        const body = await readJsonObject(req, dec);
        const errs = [];
        const ref = has(body, 'referenceId') ? asString(body.referenceId, 'referenceId', errs) : undefined;
        if (ref === BAD) throw validationError(errs);
        if (ref === undefined || ref === null || ref === '') {
          throw validationError([{ field: 'referenceId', rejectedValue: ref ?? null, message: 'is required on DELETE /jobs (identifies the job)' }]);
        }
        const existing = findByReference(employer, ref);
        if (!existing) throw new HttpError(404, `Job with referenceId '${ref}' not found`);
        jobs.delete(existing.id);
        send(res, 204);
        return;
      }
      default:
        throw new HttpError(405, `Request method '${method}' is not supported`, {}, { Allow: allow });
    }
  }

  switch (method) {
    case 'GET':
    case 'HEAD': {
      const id = parseJobId(itemId);
      send(res, 200, jobFull(getOwnJob(employer, id)));
      return;
    }
    case 'PUT': {
      const dec = requireJsonContentType(req);
      const id = parseJobId(itemId);
      const body = await readJsonObject(req, dec);
      const existing = getOwnJob(employer, id);
      updateJob(res, employer, existing, body);
      return;
    }
    case 'DELETE': {
      const id = parseJobId(itemId);
      getOwnJob(employer, id);
      jobs.delete(id);
      send(res, 204);
      return;
    }
    default:
      throw new HttpError(405, `Request method '${method}' is not supported`, {}, { Allow: allow });
  }
}

const DRAIN_LIMIT = 64 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 10000;

// Discards the rest of a request body, then calls done(). Gives up (done(true)) after
// DRAIN_LIMIT bytes or DRAIN_TIMEOUT_MS so a client cannot keep a connection busy forever.
function drain(req, done) {
  if (req.complete || req.destroyed) { done(false); return; }
  let size = 0;
  let called = false;
  const finish = (abort) => {
    if (called) return;
    called = true;
    clearTimeout(timer);
    done(abort);
  };
  const timer = setTimeout(() => finish(true), DRAIN_TIMEOUT_MS);
  req.on('data', (c) => { size += c.length; if (size > DRAIN_LIMIT) finish(true); });
  req.on('end', () => finish(false));
  req.on('close', () => finish(true));
  req.resume();
}

const server = http.createServer((req, res) => {
  req.on('error', () => {});
  res.on('error', () => {});
  handle(req, res).catch((err) => {
    if (err instanceof HttpError) {
      const headers = { ...err.respHeaders };
      if (err.status === 413) {
        // Answer once the client has finished sending, so that it can read the response.
        headers.Connection = 'close';
        drain(req, (abort) => {
          sendError(req, res, err.status, err.message, err.extra, headers);
          if (abort) res.on('finish', () => req.socket?.destroy());
        });
        return;
      }
      sendError(req, res, err.status, err.message, err.extra, headers);
    } else {
      console.error(err);
      if (!res.headersSent) sendError(req, res, 500, 'Internal server error');
      else res.destroy();
    }
  }).finally(() => {
    // Drain whatever body the handler did not read so the connection stays usable.
    if (!req.complete && !req.destroyed && res.statusCode !== 413) req.resume();
  });
});

server.on('clientError', (err, socket) => {
  if (socket.writable && !socket.destroyed) {
    const body = toJson({
      timestamp: new Date().toISOString().replace('Z', '+00:00'),
      status: 400, error: 'Bad Request', message: 'Malformed HTTP request', path: null,
    });
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  } else {
    socket.destroy();
  }
});

server.listen(PORT, '127.0.0.1', () => {
  console.log(`Jobs API v1.1 listening on http://127.0.0.1:${server.address().port}${API}`);
});

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1000).unref();
  });
}
