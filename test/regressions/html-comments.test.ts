/**
 * Regression: `<p>x<!-- c --></p>` was refused. Comments
 * are not tags: spec 2.1 rules 1-3 restrict tags and attributes, so the
 * reference mock accepts a comment and keeps it. A comment is not a way
 * around the allow-list: one that a browser would end early (`--!>`, `<!-->`)
 * or a CDATA section (a bogus comment to a browser) is refused as malformed.
 * The spec leaves comments open, so the suite records what a target does
 * with one (jobs.html.comments-observed) and fails it only on a 5xx.
 */
import { describe, expect, it } from 'vitest';
import { type CoreRequest } from '../../mock/index.js';
import { createMockServer } from '../../mock/testing.js';
import { htmlRules } from '../../suites/checks/html.js';
import { rulesOf } from '../../suites/checks/rules.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { answerInstead, jsonResponse, mockOptions, type Transform } from '../mutants/kit.js';
import { type MockClient, useMock, validJob } from '../mock/helpers.js';

let api: MockClient;
useMock((started) => ({ api } = started));

describe('HTML comments in a description (spec 2.1)', () => {
  it.each(['<p>x<!-- c --></p>', '<!-- lead --><p>x</p>', '<p>a<!---->b</p>', '<ul><li>x<!-- <script>y</script> --></li></ul>'])(
    '%s is accepted and kept',
    async (description) => {
      const res = await api.post('/jobs', validJob({ description }));
      expect(res.status, res.text).toBe(201);
      expect(res.json.description).toBe(description);
    },
  );

  it.each([
    '<p>x<!-- a --!><script>alert(1)</script>--></p>',
    '<!--><script>alert(1)</script>-->',
    '<![CDATA[ > <script>alert(1)</script> ]]>',
  ])('%s is refused', async (description) => {
    const res = await api.post('/jobs', validJob({ description }));
    expect(res.status, res.text).toBe(400);
  });
});

describe('the suite records what a target does with a comment, and fails only a 5xx', () => {
  const hasComment = (req: CoreRequest): boolean =>
    req.method === 'POST' && new TextDecoder().decode(req.body ?? new Uint8Array()).includes('<!--');
  /** Answers `status` to every POST whose body holds a comment. */
  const answering = (status: number): Transform => answerInstead(hasComment, () => jsonResponse(status, { message: 'no comments' }));

  async function observe(transform?: Transform) {
    await using server = await createMockServer(mockOptions({ transform }));
    const report = await runConformance({
      baseUrl: server.url,
      apiKey: 'demo-key-1',
      seed: 7,
      rules: rulesOf(htmlRules),
      only: 'jobs.html.comments-observed',
    });
    return {
      status: report.rules[0]!.status,
      observed: report.observations.filter((o) => o.topic === 'html-comments').map((o) => o.observed),
      leftover: report.cleanup.leftover,
    };
  }

  it('the reference mock: accepted and kept, recorded', async () => {
    expect(await observe()).toEqual({ status: 'passed', observed: ['accepted (201); the comment came back'], leftover: [] });
  });

  it('a server that refuses comments passes, with the refusal recorded', async () => {
    expect(await observe(answering(422))).toEqual({ status: 'passed', observed: ['refused with 422'], leftover: [] });
  });

  it('a server that answers a comment with a 5xx fails', async () => {
    expect((await observe(answering(500))).status).toBe('failed');
  });
});
