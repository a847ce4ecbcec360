/**
 * Regression (issue 12 item 5): `<p>x<!-- c --></p>` was refused. Comments
 * are not tags: spec 2.1 rules 1-3 restrict tags and attributes, so the
 * reference mock accepts a comment and keeps it. A comment is not a way
 * around the allow-list: one that a browser would end early (`--!>`, `<!-->`)
 * or a CDATA section (a bogus comment to a browser) is refused as malformed.
 */
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../mock/index.js';
import { type MockClient, useMock, validJob } from '../mock/helpers.js';

let mock: MockServer;
let api: MockClient;
useMock((started) => ({ mock, api } = started));

describe('HTML comments in a description (spec 2.1)', () => {
  it.each(['<p>x<!-- c --></p>', '<!-- lead --><p>x</p>', '<p>a<!---->b</p>', '<ul><li>x<!-- <script>y</script> --></li></ul>'])(
    '%s is accepted and kept',
    async (description) => {
      const res = await api.post('/jobs', validJob({ description }));
      expect(res.status, res.text).toBe(201);
      expect(res.json.description).toBe(description);
    },
  );

  it.each(['<p>x<!-- a --!><script>alert(1)</script>--></p>', '<!--><script>alert(1)</script>-->', '<![CDATA[ > <script>alert(1)</script> ]]>'])(
    '%s is refused',
    async (description) => {
      const res = await api.post('/jobs', validJob({ description }));
      expect(res.status, res.text).toBe(400);
    },
  );
});
