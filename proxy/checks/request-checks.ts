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
import type { Findings } from './findings.js';
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

/**
 * Applies the client-side rules to one exchange.
 *
 * @example
 * checkRequest(observed, findings);
 */
export function checkRequest(x: ObservedExchange, findings: Findings): void {
  const { op } = x;
  const line = `${x.captured.method} ${x.captured.url.split('?')[0]}`;
  if (op.kind === 'unknown-method') {
    findings.check(
      'proxy.client.method',
      'client',
      false,
      () => ({
        title: `${line}: the method ${op.method} is not one of the spec's`,
        expected: 'GET, POST, PUT or DELETE (or POST with X-HTTP-Method-Override: DELETE), spec 1',
        received: op.method,
      }),
      [x],
    );
    return;
  }
  if (!isJobsOperation(op)) return;
  findings.check(
    'proxy.client.api-key',
    'client',
    x.apiKey !== undefined && x.apiKey !== '',
    () => ({
      title: `${line} was sent without an API-Key header`,
      expected: 'the API-Key header on every operation on jobs (spec 5)',
      received: 'no API-Key header',
    }),
    [x],
  );
  const schema = bodySchemaOf(op);
  const hasBody = x.request.bytes > 0 || x.request.problem !== undefined;
  if (hasBody) {
    const type = headerOf(x.captured.requestHeaders, 'content-type');
    findings.check(
      'proxy.client.content-type',
      'client',
      type !== undefined && type.trim().toLowerCase().startsWith('application/json'),
      () => ({
        title: `${line} sent a body ${type === undefined ? 'without a Content-Type' : `as ${type}`}`,
        expected: 'a Content-Type that starts with application/json (spec 1)',
        received: type === undefined ? 'no Content-Type header' : `Content-Type: ${type}`,
      }),
      [x],
    );
  }
  if (!schema || x.request.problem !== undefined) return;
  if (!hasBody) {
    findings.check(
      schema.rule,
      'client',
      false,
      () => ({ title: `${line} was sent without a body`, expected: schema.what, received: 'no body' }),
      [x],
    );
    return;
  }
  if (x.request.jsonError !== undefined) {
    findings.check(
      'proxy.client.json',
      'client',
      false,
      () => ({ title: `${line}: the body is not JSON`, expected: 'a JSON body (spec 1)', received: x.request.jsonError! }),
      [x],
    );
    return;
  }
  const result = schema.validator(x.request.json);
  const issues = result.ok ? [] : result.issues.filter(statedIssue);
  const byRule = new Map<string, ValidationIssue[]>();
  for (const issue of issues) byRule.set(ruleOfIssue(issue, schema.rule), [...(byRule.get(ruleOfIssue(issue, schema.rule)) ?? []), issue]);
  const rules = op.kind === 'delete-by-reference' ? [schema.rule] : [schema.rule, 'proxy.client.html', 'proxy.client.limits'];
  for (const rule of rules) {
    const broken = byRule.get(rule);
    findings.check(
      rule,
      'client',
      broken === undefined,
      () => ({
        title: `${line}: the body breaks ${rule === 'proxy.client.html' ? 'the description HTML rules' : rule === 'proxy.client.limits' ? 'a limit' : 'the request fields'}`,
        expected:
          rule === 'proxy.client.html'
            ? 'only the allowed tags and attributes (spec 2.1)'
            : rule === 'proxy.client.limits'
              ? 'the limits of spec 8'
              : schema.what,
        received: formatIssues(broken ?? [], { data: x.request.json }),
      }),
      [x],
    );
  }
}
