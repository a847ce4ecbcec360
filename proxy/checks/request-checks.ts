/**
 * @module Client-side checks: what the request of an exchange owes the spec.
 * The key (5), the method (1), the Content-Type of a body (1: "must start
 * with application/json"), and the body against the request schemas shared
 * with the mock (4.2, 4.3, 4.4, with the HTML allow-list of 2.1 and the
 * limits of 8). Where a schema encodes the mock's own choice (the
 * requiredness of create fields, a non-empty title, a non-negative amount:
 * "not shown" in the spec), the issue is not the client's fault and is left out.
 */
import { formatIssues, validators, type ValidationIssue, type Validator } from '../../schemas/index.js';
import { headerOf } from '../relay/captured-exchange.js';
import { checkOf, type ProxyCheck } from './check.js';
import type { ObservedExchange } from './observed-exchange.js';
import type { ExchangeOperation } from '../relay/route.js';

/** The spec leaves these open (4.2 "Requiredness of the remaining request fields: not shown"); the schemas hold the mock's choice. */
const CREATE_FIELDS_REQUIRED_BY_CHOICE = new Set([
  '/title',
  '/description',
  '/locations',
  '/categories',
  '/positionType',
  '/applicantRoutingType',
]);

function statedIssue(issue: ValidationIssue): boolean {
  if (issue.rule === 'minLength' || issue.rule === 'minimum') return false;
  return !(issue.rule === 'required' && CREATE_FIELDS_REQUIRED_BY_CHOICE.has(issue.path));
}

const LIMIT_RULES = new Set(['maxLength', 'maxItems', 'minItems', 'maximum']);

/** Which proxy rule a schema issue breaks: the allow-list (2.1), a limit (8), or the body's shape. */
function ruleOfIssue(issue: ValidationIssue, bodyRule: string): string {
  if (issue.rule === 'x-html-allowlist') return 'proxy.client.html';
  if (LIMIT_RULES.has(issue.rule)) return 'proxy.client.limits';
  return bodyRule;
}

interface BodySchema {
  validator: Validator<unknown>;
  rule: string;
  what: string;
}

function bodySchemaOf(op: ExchangeOperation): BodySchema | undefined {
  switch (op.kind) {
    case 'create':
      return { validator: validators.jobCreate, rule: 'proxy.client.create-body', what: 'a job-create body (4.2)' };
    case 'put-by-id':
      return { validator: validators.jobUpdate, rule: 'proxy.client.update-body', what: 'a partial update body (4.3)' };
    case 'put-by-reference':
      return {
        validator: validators.jobUpdateByReference,
        rule: 'proxy.client.update-body',
        what: 'a PUT /jobs body with its referenceId (4.3)',
      };
    case 'delete-by-reference':
      return { validator: validators.jobDelete, rule: 'proxy.client.delete-body', what: 'a DELETE /jobs body with the referenceId (4.4)' };
    default:
      return undefined;
  }
}

const isJobsOperation = (op: ExchangeOperation): boolean => op.kind !== 'other' && op.kind !== 'outside' && op.kind !== 'unknown-method';

const lineOf = (x: ObservedExchange): string => `${x.captured.method} ${x.captured.url.split('?')[0]}`;

/** 1: a method the conventions do not name on a jobs path. */
export const clientMethod: ProxyCheck = {
  id: 'client-method',
  side: 'client',
  rules: ['proxy.client.method'],
  run: checkOf('client', (out, _model, x) => {
    const { op } = x;
    if (op.kind !== 'unknown-method') return;
    out.check(
      'proxy.client.method',
      false,
      () => ({
        title: `${lineOf(x)}: the method ${op.method} is not one of the spec's`,
        expected: 'GET, POST, PUT or DELETE (or POST with X-HTTP-Method-Override: DELETE), spec 1',
        received: op.method,
      }),
      [x],
    );
  }),
};

/** 5: the API-Key header on every operation on jobs. */
export const clientApiKey: ProxyCheck = {
  id: 'client-api-key',
  side: 'client',
  rules: ['proxy.client.api-key'],
  run: checkOf('client', (out, _model, x) => {
    if (!isJobsOperation(x.op)) return;
    out.check(
      'proxy.client.api-key',
      x.apiKey !== undefined && x.apiKey !== '',
      () => ({
        title: `${lineOf(x)} was sent without an API-Key header`,
        expected: 'the API-Key header on every operation on jobs (spec 5)',
        received: 'no API-Key header',
      }),
      [x],
    );
  }),
};

const hasBody = (x: ObservedExchange): boolean => x.request.bytes > 0 || x.request.problem !== undefined;

/** 1: a body's Content-Type starts with application/json. */
export const clientContentType: ProxyCheck = {
  id: 'client-content-type',
  side: 'client',
  rules: ['proxy.client.content-type'],
  run: checkOf('client', (out, _model, x) => {
    if (!isJobsOperation(x.op) || !hasBody(x)) return;
    const type = headerOf(x.captured.requestHeaders, 'content-type');
    out.check(
      'proxy.client.content-type',
      type !== undefined && type.trim().toLowerCase().startsWith('application/json'),
      () => ({
        title: `${lineOf(x)} sent a body ${type === undefined ? 'without a Content-Type' : `as ${type}`}`,
        expected: 'a Content-Type that starts with application/json (spec 1)',
        received: type === undefined ? 'no Content-Type header' : `Content-Type: ${type}`,
      }),
      [x],
    );
  }),
};

const BODY_RULES = ['proxy.client.create-body', 'proxy.client.update-body', 'proxy.client.delete-body'];

/** 1, 4.2-4.4, 2.1, 8: the body is JSON and a valid request body (its HTML and limits judged under their own rules). */
export const clientBody: ProxyCheck = {
  id: 'client-body',
  side: 'client',
  rules: [...BODY_RULES, 'proxy.client.json', 'proxy.client.html', 'proxy.client.limits'],
  run: checkOf('client', (out, _model, x) => {
    const schema = isJobsOperation(x.op) ? bodySchemaOf(x.op) : undefined;
    if (!schema || x.request.problem !== undefined) return;
    const line = lineOf(x);
    if (!hasBody(x)) {
      out.check(schema.rule, false, () => ({ title: `${line} was sent without a body`, expected: schema.what, received: 'no body' }), [x]);
      return;
    }
    if (x.request.jsonError !== undefined) {
      out.check(
        'proxy.client.json',
        false,
        () => ({ title: `${line}: the body is not JSON`, expected: 'a JSON body (spec 1)', received: x.request.jsonError! }),
        [x],
      );
      return;
    }
    const result = schema.validator(x.request.json);
    const issues = result.ok ? [] : result.issues.filter(statedIssue);
    const byRule = new Map<string, ValidationIssue[]>();
    for (const issue of issues)
      byRule.set(ruleOfIssue(issue, schema.rule), [...(byRule.get(ruleOfIssue(issue, schema.rule)) ?? []), issue]);
    const rules = x.op.kind === 'delete-by-reference' ? [schema.rule] : [schema.rule, 'proxy.client.html', 'proxy.client.limits'];
    for (const rule of rules) {
      const broken = byRule.get(rule);
      out.check(
        rule,
        broken === undefined,
        () => ({
          title: `${line}: the body breaks ${BROKEN[rule] ?? 'the request fields'}`,
          expected: EXPECTED[rule] ?? schema.what,
          received: formatIssues(broken ?? [], { data: x.request.json }),
        }),
        [x],
      );
    }
  }),
};

const BROKEN: Readonly<Record<string, string>> = { 'proxy.client.html': 'the description HTML rules', 'proxy.client.limits': 'a limit' };
const EXPECTED: Readonly<Record<string, string>> = {
  'proxy.client.html': 'only the allowed tags and attributes (spec 2.1)',
  'proxy.client.limits': 'the limits of spec 8',
};

/** The client-side checks, in the order they apply. */
export const REQUEST_CHECKS: readonly ProxyCheck[] = [clientMethod, clientApiKey, clientContentType, clientBody];
