// A server written from the spec alone (Jobs API v1.1 and its reading notes), by an implementer who saw neither
// the mock nor the suite, kept as written but for one change: its plausibility check of a place name outside its
// list let through no digits and no `!`, and so refused the official names `100 Mile House, BC` and
// `Saint-Louis-du-Ha! Ha!, QC` (spec 2.2: a valid Canadian location is accepted), which the suite rightly
// flagged. One departure is left as written: a bare city outside its list is refused (`100 Mile House`), which
// jobs.limits.location-forms flags. test/independent/spec-only-servers.nightly.test.ts runs the whole suite against
// it: any other rule that fails it over-reaches. Not linted or formatted: it is kept as its author wrote it.
//
// Jobs API v1.1 — reference server (Node.js 20, built-in modules only).
//
// Start:  node server.mjs --port 8080      (listens on 127.0.0.1)
// Root:   http://127.0.0.1:<port>/api/v1.1
//
// CHOICES MADE WHERE THE SPECIFICATION IS OPEN
// --------------------------------------------
// Authentication / errors
//  * Missing or unknown `API-Key` on any /jobs operation -> 401 (WWW-Authenticate: API-Key).
//    The key is compared exactly (surrounding whitespace trimmed).
//  * Reference lists (/positiontypes, /categories, /locations, ...) are public plain GETs
//    ("can be tried from a browser"); a key is not needed and is ignored there.
//  * Error body: {"error":{"status":<int>,"code":"<slug>","message":"...","details":[{"field","message"}]}}
//    400 invalid input (all field errors reported together), 401 auth, 404 unknown path / job not
//    found / job of another employer, 405 method not allowed (with Allow), 409 referenceId already
//    in use or forbidden status transition, 413 body over 4 MiB, 415 body Content-Type not
//    application/json*, 500 unexpected error.
//  * Order of checks: path (404) -> method (405) -> key (401) -> Content-Type (415) -> size (413)
//    -> JSON (400) -> validation (400) -> lookup (404) -> conflict (409).
//  * A job id in the path that is not a positive Int32 -> 404 (no such resource).
// Reference data
//  * Paths: GET /positiontypes, /categories (alias /jobcategories), /locations, /salaryperiods,
//    /applicantroutingtypes, and /<list>/{id} for one item. Each list is a plain JSON array.
//    /locations accepts an optional `q` (substring of name/description) and `province` filter.
//  * Location type is always "City". Location name is "<City>, <Province name>", description is
//    "<City>, <ProvinceCode>" (the recommended input form, so a GET result re-posts unchanged).
//    Reference locations also carry a `postalCode` (reference list only).
//  * Location input: "<City>" (must be a city of the list; when several provinces share the name the
//    first/largest listed wins) or "<City>, <ProvinceCode>" (full province names are also accepted).
//    A "<City>, <ProvinceCode>" that is not in the list is accepted as a valid Canadian location when
//    the province code is real and the city name is plausible (letters, spaces, - ' .); it gets a
//    stable id (>= 10000) but is not added to the public reference list. Matching ignores case,
//    accents and repeated spaces. If `description` is absent, a known location `id` is accepted.
//    Duplicate locations or categories in one job -> 400.
// Jobs
//  * Required on create (POST, or PUT that creates): title, description, locations, categories,
//    positionType.id, applicantRoutingType.id, plus applicationEmail (type 1) / applicationUrl
//    (type 2). Optional: referenceId, closeDate, confidential, autoRefresh, status, salary.
//  * Read-only or foreign fields in bodies (id, employer, publishDate, names of nested objects,
//    unknown fields) are ignored, so a GET result can be re-posted.
//  * JSON types are strict: Int32 fields need JSON integers, booleans need true/false, strings need
//    strings. `null` means "not given / default" for optional fields (confidential/autoRefresh/
//    plusCommission -> false, closeDate -> publishDate + 60 days, status -> unchanged/draft,
//    salary -> no salary, referenceId -> none, maxAmount -> none). status values are matched
//    case-insensitively and stored lower-case.
//  * referenceId: "" and null both mean "none" (responses show null). Unique per employer
//    (two employers may use the same value); matched case-sensitively; 1..50 characters, no
//    control characters, not blank. Lengths are counted in Unicode code points.
//  * POST with a referenceId already used by the same employer -> 409. PUT /jobs/{id} that sets a
//    referenceId used by another job of the employer -> 409.
//  * PUT that creates a job (PUT /jobs with an unknown referenceId) -> 201 + Location, like POST.
//    PUT /jobs/{id} never creates (unknown id -> 404). PUT /jobs without referenceId may identify the
//    job by `id` in the body; with neither -> 400.
//  * Partial updates go down to nested salary fields (salary.amount, salary.maxAmount,
//    salary.period.id, salary.plusCommission); the merged job must satisfy every rule.
//  * Status transitions: draft -> active/archived, active <-> archived, same status -> no-op.
//    Going back to draft from active/archived -> 409. A transition changes no other field
//    (publishDate included). No automatic status change on closeDate.
//  * Dates: input accepts ISO 8601 calendar dates and date-times, extended or basic format, with
//    Z/offset (no offset = UTC); a date alone means 00:00:00Z. Output is UTC "YYYY-MM-DDTHH:MM:SSZ"
//    (milliseconds only when non-zero). publishDate is set to the second. closeDate must not be
//    before the (UTC) day of publishDate.
//  * autoRefresh: true is refused (400) for an employer on the standard plan. For unlimited-plan
//    employers an active job with autoRefresh has its publishDate moved forward by whole 7-day steps
//    (evaluated lazily on every read, never beyond closeDate). closeDate is not moved.
//  * Salary: amount is required whenever salary is a non-null object (>= 0, < 1e12); period.id
//    (1..5) required with it; maxAmount optional, >= amount. Values are rounded to 4 decimals and
//    both amount and maxAmount are written with exactly four decimal places (e.g. 55000.0000).
//    Period names/units: Yearly/year, Monthly/month, Weekly/week, Daily/day, Hourly/hour.
//  * Routing: type 1 "Email" requires applicationEmail (max 50, simple address syntax); type 2 "URL"
//    requires applicationUrl (max 200, absolute http:// or https:// URL with a host). The field that
//    does not apply to the routing type is ignored on input and stored/returned as null.
//  * Description HTML: only strong,b,em,i,br,p,div,ul,ol,li,a (case-insensitive); no attribute except
//    href (required, non-empty) and target (optional) on <a>; duplicate attributes refused; href with
//    javascript:, vbscript: or data: scheme refused; comments, <!DOCTYPE>, CDATA and <? ?> refused.
//    Nesting is not checked. Stored and returned verbatim. Must not be blank.
//  * Title: 1..256 code points, not blank, stored verbatim.
// List
//  * q: case-insensitive substring of title or referenceId (blank q = no filter). status: one of the
//    three (case-insensitive), else 400. pageSize: default 10, values above 100 are clamped to 100
//    (paging.pageSize shows the size in effect); 0, negative, non-integer -> 400. page: default 1,
//    < 1 or non-integer -> 400; a page past the end returns an empty data array.
//  * Order: publishDate descending, then id descending. pages = ceil(total / pageSize) (0 when no
//    jobs). previous = page-1 (null on page 1), next = page+1 (null when page >= pages). Links are
//    absolute URLs built from the Host header, repeating q, status and pageSize.
//  * Job ids are global Int32 starting at 1; a job is only visible to its own employer.
// Transport
//  * X-HTTP-Method-Override on POST accepts DELETE or PUT (case-insensitive); other values -> 400;
//    the header is ignored on other methods. Allowed on /jobs and /jobs/{id}.
//  * Bodies (POST/PUT/DELETE /jobs) must have Content-Type application/json* (415 otherwise) and be a
//    JSON object (400). DELETE /jobs/{id} ignores any body. Max body 4 MiB.
//  * Paths are matched case-insensitively; a trailing slash is ignored. HEAD works like GET,
//    OPTIONS answers 204 with Allow.

import http from 'node:http';

// ---------------------------------------------------------------- configuration / reference data
const API_PREFIX = '/api/v1.1';
const MAX_BODY = 4 * 1024 * 1024;
const DAY = 24 * 3600 * 1000;
const DEFAULT_LIFETIME = 60 * DAY;
const REFRESH_INTERVAL = 7 * DAY;
const INT32_MAX = 2147483647;
const INT32_MIN = -2147483648;

const EMPLOYERS = [
  { id: 101, name: 'Maple Leaf Staffing', apiKey: 'demo-key-1', plan: 'unlimited' },
  { id: 102, name: 'Northern Lights Outfitters', apiKey: 'demo-key-2', plan: 'standard' },
];
const EMPLOYER_BY_KEY = new Map(EMPLOYERS.map((e) => [e.apiKey, e]));
const EMPLOYER_BY_ID = new Map(EMPLOYERS.map((e) => [e.id, e]));

const POSITION_TYPES = [
  { id: 1, name: 'Full-time' },
  { id: 2, name: 'Part-time' },
  { id: 3, name: 'Contract' },
  { id: 4, name: 'Temporary' },
  { id: 5, name: 'Seasonal' },
  { id: 6, name: 'Internship' },
  { id: 7, name: 'Casual' },
];

const CATEGORIES = [
  { id: 1, name: 'Accounting & Finance' },
  { id: 2, name: 'Administrative & Clerical' },
  { id: 3, name: 'Customer Service' },
  { id: 4, name: 'Education & Training' },
  { id: 5, name: 'Engineering' },
  { id: 6, name: 'Healthcare & Nursing' },
  { id: 7, name: 'Hospitality & Tourism' },
  { id: 8, name: 'Information Technology' },
  { id: 9, name: 'Manufacturing & Production' },
  { id: 10, name: 'Marketing & Communications' },
  { id: 11, name: 'Retail & Sales' },
  { id: 12, name: 'Skilled Trades & Construction' },
  { id: 13, name: 'Transportation & Logistics' },
  { id: 14, name: 'Human Resources' },
  { id: 15, name: 'Legal' },
  { id: 16, name: 'Outdoor Recreation' },
];

const SALARY_PERIODS = [
  { id: 1, name: 'Yearly', unit: 'year' },
  { id: 2, name: 'Monthly', unit: 'month' },
  { id: 3, name: 'Weekly', unit: 'week' },
  { id: 4, name: 'Daily', unit: 'day' },
  { id: 5, name: 'Hourly', unit: 'hour' },
];

const ROUTING_TYPES = [
  { id: 1, name: 'Email' },
  { id: 2, name: 'URL' },
];

const PROVINCES = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador', NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut',
  ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
};

// [city, province code, postal code]; order = preference when a bare city name is ambiguous.
const CITY_ROWS = [
  ['Toronto', 'ON', 'M5H 2N2'], ['Montreal', 'QC', 'H2Y 1C6'], ['Vancouver', 'BC', 'V6B 1A1'],
  ['Calgary', 'AB', 'T2P 2M5'], ['Edmonton', 'AB', 'T5J 2R7'], ['Ottawa', 'ON', 'K1P 1J1'],
  ['Winnipeg', 'MB', 'R3B 1B9'], ['Mississauga', 'ON', 'L5B 3C1'], ['Brampton', 'ON', 'L6Y 4R2'],
  ['Hamilton', 'ON', 'L8P 4Y5'], ['Quebec City', 'QC', 'G1R 4S9'], ['Surrey', 'BC', 'V3T 1V8'],
  ['Laval', 'QC', 'H7V 3Z4'], ['Halifax', 'NS', 'B3J 3A5'], ['London', 'ON', 'N6A 4L9'],
  ['Markham', 'ON', 'L3R 9W3'], ['Gatineau', 'QC', 'J8X 3Y9'], ['Saskatoon', 'SK', 'S7K 0J5'],
  ['Kitchener', 'ON', 'N2G 4G7'], ['Windsor', 'ON', 'N9A 6S1'], ['Regina', 'SK', 'S4P 3C8'],
  ['Richmond', 'BC', 'V6Y 2C1'], ['Victoria', 'BC', 'V8W 1P6'], ['Oshawa', 'ON', 'L1H 3Z7'],
  ['Barrie', 'ON', 'L4M 3X9'], ['Kelowna', 'BC', 'V1Y 1J4'], ['Sherbrooke', 'QC', 'J1H 4A7'],
  ['Guelph', 'ON', 'N1H 3A1'], ['Kingston', 'ON', 'K7L 2Z3'], ['Thunder Bay', 'ON', 'P7E 6S3'],
  ['Sudbury', 'ON', 'P3A 5P3'], ['Moncton', 'NB', 'E1C 1E8'], ['Saint John', 'NB', 'E2L 4L1'],
  ['Fredericton', 'NB', 'E3B 1A5'], ["St. John's", 'NL', 'A1C 5M2'], ['Charlottetown', 'PE', 'C1A 4B7'],
  ['Red Deer', 'AB', 'T4N 3T4'], ['Lethbridge', 'AB', 'T1J 0P6'], ['Nanaimo', 'BC', 'V9R 5J6'],
  ['Brandon', 'MB', 'R7A 6A9'], ['Whitehorse', 'YT', 'Y1A 1C2'], ['Yellowknife', 'NT', 'X1A 2L9'],
  ['Iqaluit', 'NU', 'X0A 0H0'], ['Banff', 'AB', 'T1L 1A1'], ['Jasper', 'AB', 'T0E 1E0'],
  ['Windsor', 'NS', 'B0N 2T0'], ['Richmond Hill', 'ON', 'L4C 4Y5'],
];
const CITY_ALIASES = [['Quebec', 'QC', 'Quebec City'], ['Greater Sudbury', 'ON', 'Sudbury']];

function normCity(s) {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'").replace(/\./g, '').replace(/\s+/g, ' ').trim();
}
function normProv(s) {
  const t = s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\./g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  for (const [code, name] of Object.entries(PROVINCES)) {
    if (t === code.toLowerCase() || t === name.toLowerCase()) return code;
  }
  if (t === 'pei') return 'PE';
  if (t === 'newfoundland') return 'NL';
  return null;
}
function makeLocation(id, city, prov, postalCode) {
  const loc = { id, name: `${city}, ${PROVINCES[prov]}`, description: `${city}, ${prov}`, type: 'City' };
  if (postalCode !== undefined) Object.defineProperty(loc, 'postalCode', { value: postalCode, enumerable: false });
  return loc;
}
const LOCATIONS = CITY_ROWS.map(([c, p, pc], i) => makeLocation(i + 1, c, p, pc));
const LOC_BY_KEY = new Map(); // "city|PROV" -> location
const LOC_BY_CITY = new Map(); // "city" -> [locations] in preference order
for (const loc of LOCATIONS) {
  const [city, prov] = loc.description.split(/, (?=[A-Z]{2}$)/);
  const k = normCity(city);
  LOC_BY_KEY.set(`${k}|${prov}`, loc);
  if (!LOC_BY_CITY.has(k)) LOC_BY_CITY.set(k, []);
  LOC_BY_CITY.get(k).push(loc);
}
for (const [alias, prov, target] of CITY_ALIASES) {
  const loc = LOC_BY_KEY.get(`${normCity(target)}|${prov}`);
  const k = normCity(alias);
  LOC_BY_KEY.set(`${k}|${prov}`, loc);
  if (!LOC_BY_CITY.has(k)) LOC_BY_CITY.set(k, []);
  LOC_BY_CITY.get(k).push(loc);
}
const LOC_BY_ID = new Map(LOCATIONS.map((l) => [l.id, l]));
const EXTRA_LOCATIONS = new Map(); // "city|PROV" -> location, for valid cities outside the list
let nextExtraLocationId = 10000;

function refListPublic(list) {
  return list.map((x) => (x.postalCode !== undefined ? { ...x, postalCode: x.postalCode } : { ...x }));
}

// ---------------------------------------------------------------- storage
const jobs = new Map(); // id -> job (internal form)
const refIndex = new Map(); // `${employerId}\u0000${referenceId}` -> job id
let nextJobId = 1;
const refKey = (empId, ref) => `${empId}\u0000${ref}`;

// ---------------------------------------------------------------- JSON output with 4-decimal numbers
class Dec4 {
  constructor(n) { this.n = n; }
  toString() { const s = this.n.toFixed(4); return s === '-0.0000' ? '0.0000' : s; }
}
function ser(v) {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Dec4) return v.toString();
  if (Array.isArray(v)) return '[' + v.map(ser).join(',') + ']';
  switch (typeof v) {
    case 'string': return JSON.stringify(v);
    case 'number': return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean': return v ? 'true' : 'false';
    case 'object': {
      const parts = [];
      for (const k of Object.keys(v)) {
        if (v[k] === undefined) continue;
        parts.push(JSON.stringify(k) + ':' + ser(v[k]));
      }
      return '{' + parts.join(',') + '}';
    }
    default: return 'null';
  }
}

// ---------------------------------------------------------------- HTTP helpers
class HttpError extends Error {
  constructor(status, code, message, details, headers) {
    super(message);
    this.status = status; this.code = code; this.details = details; this.headers = headers;
  }
}
function send(req, res, status, body, headers = {}) {
  if (res.headersSent || res.writableEnded) return;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (status === 204 || body === undefined) {
    res.statusCode = status;
    res.end();
    return;
  }
  const text = ser(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  res.end(req.method === 'HEAD' ? undefined : text);
}
function errorBody(status, code, message, details) {
  const e = { status, code, message };
  if (details && details.length) e.details = details;
  return { error: e };
}

function baseUrl(req) {
  const host = req.headers.host;
  const h = typeof host === 'string' && /^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)
    ? host : `127.0.0.1:${PORT}`;
  return `http://${h}`;
}

const DRAIN_CAP = 64 * 1024 * 1024; // an oversized body is read and discarded up to this size, then the connection is cut
function readBody(req) {
  return new Promise((resolve, reject) => {
    const tooLarge = () => new HttpError(413, 'payload_too_large', `Request body exceeds ${MAX_BODY} bytes.`);
    const cl = req.headers['content-length'];
    if (cl !== undefined && Number(cl) > DRAIN_CAP) {
      const e = tooLarge(); e.closeNow = true; reject(e);
      return;
    }
    const chunks = [];
    let size = 0;
    let done = false;
    let over = false;
    req.on('data', (c) => {
      if (done) return;
      size += c.length;
      if (size > DRAIN_CAP) {
        done = true;
        const e = tooLarge(); e.closeNow = true; reject(e);
        return;
      }
      if (size > MAX_BODY) { over = true; chunks.length = 0; return; }
      chunks.push(c);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      if (over) reject(tooLarge()); else resolve(Buffer.concat(chunks));
    });
    req.on('error', (e) => { if (!done) { done = true; reject(e); } });
    req.on('aborted', () => { if (!done) { done = true; reject(new Error('aborted')); } });
  });
}

function isJsonContentType(ct) {
  return typeof ct === 'string' && ct.trim().toLowerCase().startsWith('application/json');
}

// Reads and parses a JSON object body. Returns undefined when there is no body.
async function readJsonBody(req, { required }) {
  const hasBodyHeaders = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  if (hasBodyHeaders && req.headers['content-length'] !== '0' && !isJsonContentType(req.headers['content-type'])) {
    // Client sends a body that is not declared as JSON.
    throw new HttpError(415, 'unsupported_media_type', "Content-Type must be 'application/json'.");
  }
  const buf = await readBody(req);
  if (buf.length === 0 || buf.toString('utf8').trim() === '') {
    if (required) throw new HttpError(400, 'body_required', 'A JSON object body is required.');
    return undefined;
  }
  if (!isJsonContentType(req.headers['content-type'])) {
    throw new HttpError(415, 'unsupported_media_type', "Content-Type must be 'application/json'.");
  }
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw new HttpError(400, 'invalid_json', 'Request body is not valid UTF-8.');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let v;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new HttpError(400, 'invalid_json', 'Request body is not valid JSON.');
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw new HttpError(400, 'invalid_body', 'Request body must be a JSON object.');
  }
  return v;
}

// ---------------------------------------------------------------- validation helpers
const has = (o, k) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);
const cpLen = (s) => { let n = 0; for (const _ of s) n++; return n; };
const isInt32 = (v) => typeof v === 'number' && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX;
const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const ANY_CONTROL_RE = /[\u0000-\u001f\u007f]/;

function parseIsoDate(s) {
  if (typeof s !== 'string') return null;
  const t = s.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/.exec(t);
  if (!m) m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(?:(\d{2})(?:(\d{2})(?:[.,](\d+))?)?)?)?(Z|z|[+-]\d{2}(?:\d{2})?)?$/.exec(t);
  if (!m) return null;
  const [, ys, mos, ds, hs, mis, ss, fs, zs] = m;
  if (hs === undefined && zs !== undefined) return null; // offset without time
  const y = +ys, mo = +mos, d = +ds;
  const h = hs === undefined ? 0 : +hs, mi = mis === undefined ? 0 : +mis, sec = ss === undefined ? 0 : +ss;
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return null;
  const dim = new Date(Date.UTC(2000, mo, 0)).getUTCDate();
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const maxD = mo === 2 ? (leap ? 29 : 28) : dim;
  if (d > maxD) return null;
  if (h > 24 || mi > 59 || sec > 59) return null;
  if (h === 24 && (mi !== 0 || sec !== 0 || (fs && /[1-9]/.test(fs)))) return null;
  const ms = fs ? Math.floor(Number('0.' + fs) * 1000) : 0;
  const dt = new Date(0);
  dt.setUTCFullYear(y, mo - 1, d);
  dt.setUTCHours(h, mi, sec, ms);
  let t0 = dt.getTime();
  if (zs && zs !== 'Z' && zs !== 'z') {
    const sign = zs[0] === '-' ? -1 : 1;
    const digits = zs.slice(1).replace(':', '');
    const oh = +digits.slice(0, 2), om = digits.length > 2 ? +digits.slice(2, 4) : 0;
    if (oh > 23 || om > 59) return null;
    t0 -= sign * (oh * 60 + om) * 60000;
  }
  if (!Number.isFinite(t0)) return null;
  return t0;
}
function fmtDate(ms) {
  const s = new Date(ms).toISOString();
  return s.endsWith('.000Z') ? s.slice(0, -5) + 'Z' : s;
}

const ALLOWED_TAGS = new Set(['strong', 'b', 'em', 'i', 'br', 'p', 'div', 'ul', 'ol', 'li', 'a']);
function decodeEntities(s) {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (all, e) => {
    if (e[0] === '#') {
      const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
    }
    const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0' };
    return named[e.toLowerCase()] ?? all;
  });
}
// Returns null when valid, or an error message.
function validateHtml(html) {
  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    i = lt;
    const c1 = html[i + 1];
    if (c1 === '!') {
      if (html.startsWith('<!--', i)) return 'HTML comments are not allowed in description.';
      return 'Declarations (<!...>) are not allowed in description.';
    }
    if (c1 === '?') return 'Processing instructions are not allowed in description.';
    if (c1 === '/') {
      const m = /^<\/([A-Za-z][A-Za-z0-9]*)\s*>/.exec(html.slice(i, i + 300));
      if (!m) return 'Malformed end tag in description.';
      const name = m[1].toLowerCase();
      if (!ALLOWED_TAGS.has(name)) return `Tag <${name}> is not allowed in description.`;
      i += m[0].length;
      continue;
    }
    if (c1 === undefined || !/[A-Za-z]/.test(c1)) { i += 1; continue; } // a literal '<' in text
    // start tag
    let j = i + 1;
    while (j < n && /[A-Za-z0-9]/.test(html[j])) j++;
    const name = html.slice(i + 1, j).toLowerCase();
    if (!ALLOWED_TAGS.has(name)) return `Tag <${name}> is not allowed in description.`;
    const attrs = new Map();
    let closed = false;
    for (;;) {
      while (j < n && /\s/.test(html[j])) j++;
      if (j >= n) break;
      if (html[j] === '>') { closed = true; j++; break; }
      if (html[j] === '/') {
        if (html[j + 1] === '>') { closed = true; j += 2; break; }
        j++; continue;
      }
      if (j < n && /[^\s"'>\/=]/.test(html[j]) === false) return 'Malformed attribute in description.';
      let k = j;
      while (k < n && /[^\s"'>\/=]/.test(html[k])) k++;
      const an = html.slice(j, k).toLowerCase();
      j = k;
      while (j < n && /\s/.test(html[j])) j++;
      let val = '';
      if (html[j] === '=') {
        j++;
        while (j < n && /\s/.test(html[j])) j++;
        if (html[j] === '"' || html[j] === "'") {
          const q = html[j];
          const end = html.indexOf(q, j + 1);
          if (end < 0) return 'Unterminated attribute value in description.';
          val = html.slice(j + 1, end);
          j = end + 1;
        } else {
          let e = j;
          while (e < n && /[^\s>]/.test(html[e])) e++;
          if (e === j) return 'Malformed attribute in description.';
          val = html.slice(j, e);
          j = e;
        }
      }
      if (attrs.has(an)) return `Duplicate attribute '${an}' on <${name}> in description.`;
      attrs.set(an, val);
    }
    if (!closed) return `Unterminated tag <${name}> in description.`;
    if (name === 'a') {
      for (const an of attrs.keys()) {
        if (an !== 'href' && an !== 'target') return `Attribute '${an}' is not allowed on <a> in description.`;
      }
      if (!attrs.has('href')) return 'Tag <a> requires an href attribute in description.';
      const href = decodeEntities(attrs.get('href')).replace(/[\u0000-\u0020\u007f]/g, '');
      if (href === '') return 'Attribute href must not be empty in description.';
      if (/^(javascript|vbscript|data):/i.test(href)) return 'Unsafe href scheme in description.';
    } else if (attrs.size > 0) {
      return `Attributes are not allowed on <${name}> in description.`;
    }
    i = j;
  }
  return null;
}

const EMAIL_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
function validEmail(s) {
  if (!EMAIL_RE.test(s)) return false;
  const [local] = s.split('@');
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}
function validHttpUrl(s) {
  if (!/^https?:\/\//i.test(s) || /\s/.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch { return false; }
}

const CITY_NAME_RE = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .'\u2019!-]*$/u;
function resolveLocation(entry, field, errors) {
  if (!isPlainObject(entry)) { errors.push({ field, message: 'Each location must be an object with a description.' }); return null; }
  const d = entry.description;
  if (d === undefined || d === null) {
    if (has(entry, 'id') && entry.id !== null) {
      if (!isInt32(entry.id)) { errors.push({ field: `${field}.id`, message: 'Location id must be an Int32.' }); return null; }
      const byId = LOC_BY_ID.get(entry.id) || [...EXTRA_LOCATIONS.values()].find((l) => l.id === entry.id);
      if (!byId) { errors.push({ field: `${field}.id`, message: `Unknown location id ${entry.id}.` }); return null; }
      return byId;
    }
    errors.push({ field: `${field}.description`, message: 'Location description is required.' });
    return null;
  }
  if (typeof d !== 'string') { errors.push({ field: `${field}.description`, message: 'Location description must be a string.' }); return null; }
  if (cpLen(d) > 300) { errors.push({ field: `${field}.description`, message: 'Location description must be at most 300 characters.' }); return null; }
  if (ANY_CONTROL_RE.test(d)) { errors.push({ field: `${field}.description`, message: 'Location description contains control characters.' }); return null; }
  const parts = d.split(',');
  if (parts.length > 2 || d.trim() === '') {
    errors.push({ field: `${field}.description`, message: "Location description must be '<City>' or '<City>, <ProvinceCode>'." });
    return null;
  }
  const cityRaw = parts[0].replace(/\s+/g, ' ').trim();
  const cityKey = normCity(cityRaw);
  if (cityKey === '') { errors.push({ field: `${field}.description`, message: 'Location city is missing.' }); return null; }
  if (parts.length === 1) {
    const list = LOC_BY_CITY.get(cityKey);
    if (!list) {
      errors.push({ field: `${field}.description`, message: `Unknown location '${cityRaw}'. Use '<City>, <ProvinceCode>'.` });
      return null;
    }
    return list[0];
  }
  const prov = normProv(parts[1]);
  if (!prov) { errors.push({ field: `${field}.description`, message: `Unknown Canadian province or territory code '${parts[1].trim()}'.` }); return null; }
  const known = LOC_BY_KEY.get(`${cityKey}|${prov}`);
  if (known) return known;
  if (!CITY_NAME_RE.test(cityRaw) || cpLen(cityRaw) > 100 || !/\p{L}{2}/u.test(cityRaw)) {
    errors.push({ field: `${field}.description`, message: `'${cityRaw}' is not a valid city name.` });
    return null;
  }
  const k = `${cityKey}|${prov}`;
  let loc = EXTRA_LOCATIONS.get(k);
  if (!loc) {
    loc = makeLocation(nextExtraLocationId++, cityRaw, prov);
    EXTRA_LOCATIONS.set(k, loc);
  }
  return loc;
}

function validateRefId(v, field, errors) {
  // returns: undefined (invalid), null (none) or the string
  if (v === null || v === '') return null;
  if (typeof v !== 'string') { errors.push({ field, message: 'referenceId must be a string.' }); return undefined; }
  if (cpLen(v) > 50) { errors.push({ field, message: 'referenceId must be at most 50 characters.' }); return undefined; }
  if (v.trim() === '') { errors.push({ field, message: 'referenceId must not be blank.' }); return undefined; }
  if (ANY_CONTROL_RE.test(v)) { errors.push({ field, message: 'referenceId contains control characters.' }); return undefined; }
  return v;
}

const STATUSES = ['active', 'archived', 'draft'];

function round4(n) { return Math.round(n * 10000) / 10000; }

// Builds the new internal job from `input`, merging onto `existing` (update) or defaults (create).
// Does not handle referenceId uniqueness (the caller does). Returns { job, errors }.
function buildJob(input, existing, employer, nowMs) {
  const errors = [];
  const creating = !existing;
  const j = existing ? structuredClone(existing) : {
    id: 0, employerId: employer.id, referenceId: null, title: undefined, publishDate: nowMs,
    closeDate: undefined, confidential: false, autoRefresh: false, status: 'draft', locations: undefined,
    categories: undefined, positionType: undefined, salary: null, description: undefined,
    routingId: undefined, applicationEmail: null, applicationUrl: null,
  };
  let closeDateGiven = false;

  if (has(input, 'referenceId')) {
    const r = validateRefId(input.referenceId, 'referenceId', errors);
    if (r !== undefined) j.referenceId = r;
  }

  if (has(input, 'title')) {
    const t = input.title;
    if (typeof t !== 'string') errors.push({ field: 'title', message: 'title must be a string.' });
    else if (t.trim() === '') errors.push({ field: 'title', message: 'title must not be empty.' });
    else if (cpLen(t) > 256) errors.push({ field: 'title', message: 'title must be at most 256 characters.' });
    else if (CONTROL_RE.test(t)) errors.push({ field: 'title', message: 'title contains control characters.' });
    else j.title = t;
  }

  if (has(input, 'closeDate')) {
    const v = input.closeDate;
    if (v === null) { j.closeDate = undefined; }
    else {
      const t = parseIsoDate(v);
      if (t === null) errors.push({ field: 'closeDate', message: 'closeDate must be an ISO 8601 date or date-time.' });
      else { j.closeDate = t; closeDateGiven = true; }
    }
  }

  for (const f of ['confidential', 'autoRefresh']) {
    if (has(input, f)) {
      const v = input[f];
      if (v === null) j[f] = false;
      else if (typeof v !== 'boolean') errors.push({ field: f, message: `${f} must be a boolean.` });
      else j[f] = v;
    }
  }
  if (j.autoRefresh && employer.plan !== 'unlimited' && has(input, 'autoRefresh')) {
    errors.push({ field: 'autoRefresh', message: 'autoRefresh applies only to employers on an unlimited job plan.' });
  }

  let newStatus;
  if (has(input, 'status') && input.status !== null) {
    const v = input.status;
    if (typeof v !== 'string' || !STATUSES.includes(v.trim().toLowerCase())) {
      errors.push({ field: 'status', message: "status must be one of 'active', 'archived', 'draft'." });
    } else newStatus = v.trim().toLowerCase();
  }

  if (has(input, 'locations')) {
    const v = input.locations;
    if (!Array.isArray(v)) errors.push({ field: 'locations', message: 'locations must be an array.' });
    else if (v.length < 1 || v.length > 3) errors.push({ field: 'locations', message: 'locations must have 1 to 3 entries.' });
    else {
      const out = [];
      let ok = true;
      v.forEach((e, idx) => {
        const loc = resolveLocation(e, `locations[${idx}]`, errors);
        if (!loc) ok = false;
        else if (out.some((x) => x.id === loc.id)) { ok = false; errors.push({ field: `locations[${idx}]`, message: 'Duplicate location.' }); }
        else out.push(loc);
      });
      if (ok) j.locations = out.map((l) => ({ id: l.id, name: l.name, description: l.description, type: l.type }));
    }
  }

  if (has(input, 'categories')) {
    const v = input.categories;
    if (!Array.isArray(v)) errors.push({ field: 'categories', message: 'categories must be an array.' });
    else if (v.length < 1 || v.length > 3) errors.push({ field: 'categories', message: 'categories must have 1 to 3 entries.' });
    else {
      const out = [];
      let ok = true;
      v.forEach((e, idx) => {
        const f = `categories[${idx}].id`;
        if (!isPlainObject(e) || !has(e, 'id') || e.id === null) { ok = false; errors.push({ field: f, message: 'Category id is required.' }); return; }
        if (!isInt32(e.id)) { ok = false; errors.push({ field: f, message: 'Category id must be an Int32.' }); return; }
        const c = CATEGORIES.find((x) => x.id === e.id);
        if (!c) { ok = false; errors.push({ field: f, message: `Unknown category id ${e.id}.` }); return; }
        if (out.some((x) => x.id === c.id)) { ok = false; errors.push({ field: f, message: 'Duplicate category.' }); return; }
        out.push({ id: c.id, name: c.name });
      });
      if (ok) j.categories = out;
    }
  }

  if (has(input, 'positionType')) {
    const v = input.positionType;
    if (!isPlainObject(v) || !has(v, 'id') || v.id === null) errors.push({ field: 'positionType.id', message: 'positionType.id is required.' });
    else if (!isInt32(v.id)) errors.push({ field: 'positionType.id', message: 'positionType.id must be an Int32.' });
    else {
      const p = POSITION_TYPES.find((x) => x.id === v.id);
      if (!p) errors.push({ field: 'positionType.id', message: `Unknown position type id ${v.id}.` });
      else j.positionType = { id: p.id, name: p.name };
    }
  }

  if (has(input, 'salary')) {
    const v = input.salary;
    if (v === null) j.salary = null;
    else if (!isPlainObject(v)) errors.push({ field: 'salary', message: 'salary must be an object or null.' });
    else {
      const s = j.salary ? { ...j.salary } : { amount: undefined, maxAmount: null, periodId: undefined, plusCommission: false };
      let ok = true;
      if (has(v, 'amount')) {
        const a = v.amount;
        if (a === null) s.amount = undefined;
        else if (typeof a !== 'number' || !Number.isFinite(a)) { ok = false; errors.push({ field: 'salary.amount', message: 'salary.amount must be a number.' }); }
        else if (a < 0 || a >= 1e12) { ok = false; errors.push({ field: 'salary.amount', message: 'salary.amount must be between 0 and 999999999999.9999.' }); }
        else s.amount = round4(a);
      }
      if (has(v, 'maxAmount')) {
        const a = v.maxAmount;
        if (a === null) s.maxAmount = null;
        else if (typeof a !== 'number' || !Number.isFinite(a)) { ok = false; errors.push({ field: 'salary.maxAmount', message: 'salary.maxAmount must be a number or null.' }); }
        else if (a < 0 || a >= 1e12) { ok = false; errors.push({ field: 'salary.maxAmount', message: 'salary.maxAmount must be between 0 and 999999999999.9999.' }); }
        else s.maxAmount = round4(a);
      }
      if (has(v, 'period')) {
        const p = v.period;
        if (p === null) s.periodId = undefined;
        else if (!isPlainObject(p) || !has(p, 'id') || p.id === null) { ok = false; errors.push({ field: 'salary.period.id', message: 'salary.period.id is required.' }); }
        else if (!isInt32(p.id) || p.id < 1 || p.id > 5) { ok = false; errors.push({ field: 'salary.period.id', message: 'salary.period.id must be an integer from 1 to 5.' }); }
        else s.periodId = p.id;
      }
      if (has(v, 'plusCommission')) {
        const b = v.plusCommission;
        if (b === null) s.plusCommission = false;
        else if (typeof b !== 'boolean') { ok = false; errors.push({ field: 'salary.plusCommission', message: 'salary.plusCommission must be a boolean.' }); }
        else s.plusCommission = b;
      }
      if (ok) {
        if (s.amount === undefined) { ok = false; errors.push({ field: 'salary.amount', message: 'salary.amount is required when salary is given (use salary: null for no salary).' }); }
        else if (s.periodId === undefined) { ok = false; errors.push({ field: 'salary.period.id', message: 'salary.period.id is required when salary.amount is given.' }); }
        else if (s.maxAmount !== null && s.maxAmount < s.amount) { ok = false; errors.push({ field: 'salary.maxAmount', message: 'salary.maxAmount must not be less than salary.amount.' }); }
      }
      if (ok) j.salary = s;
    }
  }

  if (has(input, 'description')) {
    const v = input.description;
    if (typeof v !== 'string') errors.push({ field: 'description', message: 'description must be a string.' });
    else if (v.trim() === '') errors.push({ field: 'description', message: 'description must not be empty.' });
    else {
      const msg = validateHtml(v);
      if (msg) errors.push({ field: 'description', message: msg });
      else j.description = v;
    }
  }

  let routingOk = true;
  if (has(input, 'applicantRoutingType')) {
    const v = input.applicantRoutingType;
    if (!isPlainObject(v) || !has(v, 'id') || v.id === null) { routingOk = false; errors.push({ field: 'applicantRoutingType.id', message: 'applicantRoutingType.id is required.' }); }
    else if (v.id !== 1 && v.id !== 2) { routingOk = false; errors.push({ field: 'applicantRoutingType.id', message: 'applicantRoutingType.id must be 1 or 2.' }); }
    else j.routingId = v.id;
  }

  // Routing-dependent fields.
  const emailIn = has(input, 'applicationEmail') ? input.applicationEmail : undefined;
  const urlIn = has(input, 'applicationUrl') ? input.applicationUrl : undefined;
  if (routingOk && j.routingId === 1) {
    if (emailIn !== undefined) j.applicationEmail = emailIn;
    const e = j.applicationEmail;
    if (e === null || e === undefined || e === '') errors.push({ field: 'applicationEmail', message: 'applicationEmail is required when applicantRoutingType.id is 1.' });
    else if (typeof e !== 'string') errors.push({ field: 'applicationEmail', message: 'applicationEmail must be a string.' });
    else if (cpLen(e) > 50) errors.push({ field: 'applicationEmail', message: 'applicationEmail must be at most 50 characters.' });
    else if (!validEmail(e)) errors.push({ field: 'applicationEmail', message: 'applicationEmail is not a valid email address.' });
    j.applicationUrl = null;
  } else if (routingOk && j.routingId === 2) {
    if (urlIn !== undefined) j.applicationUrl = urlIn;
    const u = j.applicationUrl;
    if (u === null || u === undefined || u === '') errors.push({ field: 'applicationUrl', message: 'applicationUrl is required when applicantRoutingType.id is 2.' });
    else if (typeof u !== 'string') errors.push({ field: 'applicationUrl', message: 'applicationUrl must be a string.' });
    else if (cpLen(u) > 200) errors.push({ field: 'applicationUrl', message: 'applicationUrl must be at most 200 characters.' });
    else if (!validHttpUrl(u)) errors.push({ field: 'applicationUrl', message: 'applicationUrl must be an absolute URL starting with http:// or https://.' });
    j.applicationEmail = null;
  }

  if (creating) {
    const req = [['title', 'title'], ['description', 'description'], ['locations', 'locations'],
      ['categories', 'categories'], ['positionType', 'positionType.id'], ['routingId', 'applicantRoutingType.id']];
    for (const [k, f] of req) {
      if (j[k] === undefined && !errors.some((e) => e.field === f || e.field.startsWith(f + '[') || e.field.startsWith(f + '.'))) {
        errors.push({ field: f, message: `${f} is required.` });
      }
    }
  }

  // closeDate
  if (j.closeDate === undefined) j.closeDate = j.publishDate + DEFAULT_LIFETIME;
  else if (closeDateGiven) {
    const pd = new Date(j.publishDate);
    const dayStart = Date.UTC(pd.getUTCFullYear(), pd.getUTCMonth(), pd.getUTCDate());
    if (j.closeDate < dayStart) errors.push({ field: 'closeDate', message: 'closeDate must not be before the publish date.' });
  }

  // status
  if (newStatus !== undefined) {
    if (!creating && newStatus !== j.status && newStatus === 'draft') {
      return { job: null, errors, conflict: `A job cannot go back from '${j.status}' to 'draft'.` };
    }
    j.status = newStatus;
  }

  return { job: j, errors };
}

// ---------------------------------------------------------------- representation
function applyAutoRefresh(job, now) {
  const emp = EMPLOYER_BY_ID.get(job.employerId);
  if (!job.autoRefresh || job.status !== 'active' || emp.plan !== 'unlimited') return;
  const limit = Math.min(now, job.closeDate);
  const steps = Math.floor((limit - job.publishDate) / REFRESH_INTERVAL);
  if (steps > 0) job.publishDate += steps * REFRESH_INTERVAL;
}
function employerOut(job) {
  const e = EMPLOYER_BY_ID.get(job.employerId);
  return { id: e.id, name: e.name };
}
function jobFull(job) {
  const per = job.salary ? SALARY_PERIODS.find((p) => p.id === job.salary.periodId) : null;
  const routing = ROUTING_TYPES.find((r) => r.id === job.routingId);
  return {
    id: job.id,
    referenceId: job.referenceId,
    employer: employerOut(job),
    title: job.title,
    publishDate: fmtDate(job.publishDate),
    closeDate: fmtDate(job.closeDate),
    confidential: job.confidential,
    autoRefresh: job.autoRefresh,
    status: job.status,
    locations: job.locations.map((l) => ({ ...l })),
    categories: job.categories.map((c) => ({ ...c })),
    positionType: { ...job.positionType },
    salary: job.salary ? {
      amount: new Dec4(job.salary.amount),
      maxAmount: job.salary.maxAmount === null ? null : new Dec4(job.salary.maxAmount),
      period: { id: per.id, name: per.name, unit: per.unit },
      plusCommission: job.salary.plusCommission,
    } : null,
    description: job.description,
    applicantRoutingType: { id: routing.id, name: routing.name },
    applicationEmail: job.routingId === 1 ? job.applicationEmail : null,
    applicationUrl: job.routingId === 2 ? job.applicationUrl : null,
  };
}
function jobHeader(job) {
  return {
    id: job.id,
    referenceId: job.referenceId,
    employer: employerOut(job),
    title: job.title,
    publishDate: fmtDate(job.publishDate),
    locations: job.locations.map((l) => ({ ...l })),
    confidential: job.confidential,
    status: job.status,
  };
}

// ---------------------------------------------------------------- job operations
function findOwnJobById(employer, id) {
  const j = jobs.get(id);
  return j && j.employerId === employer.id ? j : null;
}
function findOwnJobByRef(employer, ref) {
  const id = refIndex.get(refKey(employer.id, ref));
  return id === undefined ? null : jobs.get(id) || null;
}
function parsePathId(s) {
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= INT32_MAX ? n : null;
}
function notFound() { return new HttpError(404, 'not_found', 'Job not found.'); }
function validationError(errors) { return new HttpError(400, 'validation_error', 'The request is invalid.', errors); }

function createJob(req, res, employer, body) {
  const now = Math.floor(Date.now() / 1000) * 1000;
  const { job, errors } = buildJob(body, null, employer, now);
  if (errors.length) throw validationError(errors);
  if (job.referenceId !== null && refIndex.has(refKey(employer.id, job.referenceId))) {
    throw new HttpError(409, 'duplicate_reference_id', `referenceId '${job.referenceId}' is already in use.`, [{ field: 'referenceId', message: 'Already in use.' }]);
  }
  if (nextJobId > INT32_MAX) throw new HttpError(507, 'insufficient_storage', 'No more job ids available.');
  job.id = nextJobId++;
  jobs.set(job.id, job);
  if (job.referenceId !== null) refIndex.set(refKey(employer.id, job.referenceId), job.id);
  send(req, res, 201, jobFull(job), { Location: `${baseUrl(req)}${API_PREFIX}/jobs/${job.id}` });
}

function updateJob(req, res, employer, existing, body) {
  applyAutoRefresh(existing, Date.now());
  const { job, errors, conflict } = buildJob(body, existing, employer, Date.now());
  if (errors.length) throw validationError(errors);
  if (conflict) throw new HttpError(409, 'invalid_status_transition', conflict, [{ field: 'status', message: conflict }]);
  if (job.referenceId !== existing.referenceId && job.referenceId !== null) {
    const other = refIndex.get(refKey(employer.id, job.referenceId));
    if (other !== undefined && other !== existing.id) {
      throw new HttpError(409, 'duplicate_reference_id', `referenceId '${job.referenceId}' is already in use.`, [{ field: 'referenceId', message: 'Already in use.' }]);
    }
  }
  if (existing.referenceId !== null && existing.referenceId !== job.referenceId) refIndex.delete(refKey(employer.id, existing.referenceId));
  if (job.referenceId !== null) refIndex.set(refKey(employer.id, job.referenceId), job.id);
  jobs.set(job.id, job);
  send(req, res, 200, jobFull(job));
}

function deleteJob(req, res, employer, job) {
  jobs.delete(job.id);
  if (job.referenceId !== null) refIndex.delete(refKey(employer.id, job.referenceId));
  send(req, res, 204);
}

function parseIntParam(params, name, errors) {
  const all = params.getAll(name);
  if (all.length === 0) return undefined;
  const v = all[0].trim();
  if (v === '') return undefined;
  if (!/^[+-]?\d+$/.test(v)) { errors.push({ field: name, message: `${name} must be an integer.` }); return null; }
  const n = Number(v);
  if (n < INT32_MIN || n > INT32_MAX) { errors.push({ field: name, message: `${name} must be an Int32.` }); return null; }
  return n;
}

function listJobs(req, res, employer, url) {
  const p = url.searchParams;
  const errors = [];
  let q = p.get('q');
  q = q === null ? '' : q.trim();
  let status = p.get('status');
  if (status !== null && status.trim() !== '') {
    status = status.trim().toLowerCase();
    if (!STATUSES.includes(status)) errors.push({ field: 'status', message: "status must be one of 'active', 'archived', 'draft'." });
  } else status = null;
  let pageSize = parseIntParam(p, 'pageSize', errors);
  let page = parseIntParam(p, 'page', errors);
  if (pageSize !== undefined && pageSize !== null && pageSize < 1) errors.push({ field: 'pageSize', message: 'pageSize must be at least 1.' });
  if (page !== undefined && page !== null && page < 1) errors.push({ field: 'page', message: 'page must be at least 1.' });
  if (errors.length) throw validationError(errors);
  if (pageSize === undefined) pageSize = 10;
  if (pageSize > 100) pageSize = 100;
  if (page === undefined) page = 1;

  const now = Date.now();
  const ql = q.toLowerCase();
  const matched = [];
  for (const j of jobs.values()) {
    if (j.employerId !== employer.id) continue;
    if (status && j.status !== status) continue;
    if (ql && !(j.title.toLowerCase().includes(ql) || (j.referenceId !== null && j.referenceId.toLowerCase().includes(ql)))) continue;
    applyAutoRefresh(j, now);
    matched.push(j);
  }
  matched.sort((a, b) => (b.publishDate - a.publishDate) || (b.id - a.id));
  const total = matched.length;
  const pages = Math.ceil(total / pageSize);
  const start = (page - 1) * pageSize;
  const data = start < total ? matched.slice(start, start + pageSize).map(jobHeader) : [];
  const link = (pg) => {
    const sp = new URLSearchParams();
    if (q) sp.set('q', q);
    if (status) sp.set('status', status);
    sp.set('pageSize', String(pageSize));
    sp.set('page', String(pg));
    return `${baseUrl(req)}${API_PREFIX}/jobs?${sp.toString()}`;
  };
  send(req, res, 200, {
    data,
    paging: {
      total, page, pages, pageSize,
      previous: page > 1 ? link(page - 1) : null,
      next: page < pages ? link(page + 1) : null,
    },
  });
}

// ---------------------------------------------------------------- routing
function authenticate(req) {
  const raw = req.headers['api-key'];
  const key = typeof raw === 'string' ? raw.trim() : '';
  const emp = key ? EMPLOYER_BY_KEY.get(key) : undefined;
  if (!emp) {
    throw new HttpError(401, 'unauthorized', key ? 'The API key is not valid.' : 'The API-Key header is required.', undefined, { 'WWW-Authenticate': 'API-Key' });
  }
  return emp;
}

function effectiveMethod(req) {
  const m = req.method;
  const o = req.headers['x-http-method-override'];
  if (m === 'POST' && typeof o === 'string' && o.trim() !== '') {
    const v = o.trim().toUpperCase();
    if (v === 'DELETE' || v === 'PUT' || v === 'POST') return v;
    throw new HttpError(400, 'invalid_method_override', `X-HTTP-Method-Override '${o.trim()}' is not supported (use DELETE or PUT).`);
  }
  return m === 'HEAD' ? 'GET' : m;
}

function methodNotAllowed(allow) {
  return new HttpError(405, 'method_not_allowed', 'Method not allowed on this resource.', undefined, { Allow: allow });
}

const REF_LISTS = {
  positiontypes: () => POSITION_TYPES,
  categories: () => CATEGORIES,
  jobcategories: () => CATEGORIES,
  locations: () => LOCATIONS,
  salaryperiods: () => SALARY_PERIODS,
  applicantroutingtypes: () => ROUTING_TYPES,
};

async function handle(req, res) {
  let url;
  try {
    url = new URL(req.url, 'http://localhost');
  } catch {
    throw new HttpError(400, 'bad_request', 'Malformed request target.');
  }
  let path = url.pathname.replace(/\/+$/, '');
  const lower = path.toLowerCase();
  if (lower !== API_PREFIX && !lower.startsWith(API_PREFIX + '/')) throw new HttpError(404, 'not_found', 'Unknown path.');
  const segs = path.slice(API_PREFIX.length).split('/').filter((s, i) => i > 0);
  if (segs.length === 0 || segs.some((s) => s === '')) throw new HttpError(404, 'not_found', 'Unknown path.');
  const res0 = segs[0].toLowerCase();

  // Reference lists: public.
  if (REF_LISTS[res0] && segs.length <= 2) {
    if (req.method === 'OPTIONS') return send(req, res, 204, undefined, { Allow: 'GET, HEAD, OPTIONS' });
    if (req.method !== 'GET' && req.method !== 'HEAD') throw methodNotAllowed('GET, HEAD, OPTIONS');
    let list = REF_LISTS[res0]();
    if (segs.length === 2) {
      const id = parsePathId(segs[1]);
      const item = id === null ? undefined : list.find((x) => x.id === id);
      if (!item) throw new HttpError(404, 'not_found', 'Item not found.');
      return send(req, res, 200, refListPublic([item])[0]);
    }
    if (res0 === 'locations') {
      const q = (url.searchParams.get('q') || '').trim();
      const prov = (url.searchParams.get('province') || '').trim();
      if (q) { const k = normCity(q); list = list.filter((l) => normCity(l.name).includes(k) || normCity(l.description).includes(k)); }
      if (prov) { const pc = normProv(prov); list = pc ? list.filter((l) => l.description.endsWith(`, ${pc}`)) : []; }
    }
    return send(req, res, 200, refListPublic(list));
  }

  if (res0 !== 'jobs' || segs.length > 2) throw new HttpError(404, 'not_found', 'Unknown path.');

  const isItem = segs.length === 2;
  const allow = isItem ? 'GET, HEAD, PUT, DELETE, OPTIONS' : 'GET, HEAD, POST, PUT, DELETE, OPTIONS';
  if (req.method === 'OPTIONS') return send(req, res, 204, undefined, { Allow: allow });
  if (!['GET', 'HEAD', 'POST', 'PUT', 'DELETE'].includes(req.method)) throw methodNotAllowed(allow);
  const method = effectiveMethod(req);
  if (isItem && method === 'POST') throw methodNotAllowed(allow);

  const employer = authenticate(req);

  if (!isItem) {
    if (method === 'GET') return listJobs(req, res, employer, url);
    if (method === 'POST') {
      const body = await readJsonBody(req, { required: true });
      return createJob(req, res, employer, body);
    }
    if (method === 'PUT') {
      const body = await readJsonBody(req, { required: true });
      const errors = [];
      if (has(body, 'referenceId') && body.referenceId !== null && body.referenceId !== '') {
        const ref = validateRefId(body.referenceId, 'referenceId', errors);
        if (errors.length) throw validationError(errors);
        const existing = findOwnJobByRef(employer, ref);
        if (existing) return updateJob(req, res, employer, existing, body);
        return createJob(req, res, employer, body);
      }
      if (has(body, 'id') && body.id !== null) {
        if (!isInt32(body.id)) throw validationError([{ field: 'id', message: 'id must be an Int32.' }]);
        const existing = findOwnJobById(employer, body.id);
        if (!existing) throw notFound();
        return updateJob(req, res, employer, existing, body);
      }
      throw validationError([{ field: 'referenceId', message: 'referenceId is required in the body of PUT /jobs (or use PUT /jobs/{id}).' }]);
    }
    if (method === 'DELETE') {
      const body = await readJsonBody(req, { required: true });
      if (has(body, 'referenceId') && body.referenceId !== null && body.referenceId !== '') {
        const errors = [];
        const ref = validateRefId(body.referenceId, 'referenceId', errors);
        if (errors.length) throw validationError(errors);
        const job = findOwnJobByRef(employer, ref);
        if (!job) throw notFound();
        return deleteJob(req, res, employer, job);
      }
      if (has(body, 'id') && body.id !== null) {
        if (!isInt32(body.id)) throw validationError([{ field: 'id', message: 'id must be an Int32.' }]);
        const job = findOwnJobById(employer, body.id);
        if (!job) throw notFound();
        return deleteJob(req, res, employer, job);
      }
      throw validationError([{ field: 'referenceId', message: 'referenceId is required in the body of DELETE /jobs.' }]);
    }
    throw methodNotAllowed(allow);
  }

  const id = parsePathId(segs[1]);
  if (method === 'GET') {
    const job = id === null ? null : findOwnJobById(employer, id);
    if (!job) throw notFound();
    applyAutoRefresh(job, Date.now());
    return send(req, res, 200, jobFull(job));
  }
  if (method === 'PUT') {
    const body = await readJsonBody(req, { required: true });
    const job = id === null ? null : findOwnJobById(employer, id);
    if (!job) throw notFound();
    return updateJob(req, res, employer, job, body);
  }
  if (method === 'DELETE') {
    const job = id === null ? null : findOwnJobById(employer, id);
    if (!job) throw notFound();
    return deleteJob(req, res, employer, job);
  }
  throw methodNotAllowed(allow);
}

// ---------------------------------------------------------------- server
function parsePort(argv) {
  let port = 8080;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port' && i + 1 < argv.length) port = Number(argv[++i]);
    else if (a.startsWith('--port=')) port = Number(a.slice(7));
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('Invalid --port');
    process.exit(2);
  }
  return port;
}
let PORT = parsePort(process.argv.slice(2));

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => {
    if (err instanceof HttpError) {
      const headers = { ...(err.headers || {}) };
      if (err.closeNow) headers.Connection = 'close';
      send(req, res, err.status, errorBody(err.status, err.code, err.message, err.details), headers);
      if (err.closeNow) res.on('finish', () => setTimeout(() => req.destroy(), 200));
    } else {
      if (err && err.message !== 'aborted') console.error(err);
      send(req, res, 500, errorBody(500, 'internal_error', 'An unexpected error occurred.'), { Connection: 'close' });
    }
  });
});
server.requestTimeout = 60000;
server.headersTimeout = 30000;
server.keepAliveTimeout = 5000;
server.on('clientError', (err, socket) => {
  if (socket.writable && !socket.destroyed) {
    const body = ser(errorBody(400, 'bad_request', 'Malformed HTTP request.'));
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  } else socket.destroy();
});
server.listen(PORT, '127.0.0.1', () => {
  PORT = server.address().port;
  console.log(`Jobs API v1.1 listening on http://127.0.0.1:${PORT}${API_PREFIX}`);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { server.close(); process.exit(0); });
