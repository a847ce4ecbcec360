/**
 * Regression: `<p>x</span></p>` was accepted, because the
 * parser reports no opening tag for a stray end tag. `span` is outside the
 * allow-list (spec 2.1 rule 1), so its end tag is a disallowed tag too, in
 * any case spelling, on POST and on PUT.
 */
import { describe, expect, it } from 'vitest';
import { findHtmlViolations } from '../../schemas/index.js';
import { type MockClient, useMock, validJob } from '../mock/helpers.js';

let api: MockClient;
useMock((started) => ({ api } = started));

describe('a stray end tag of a disallowed element (spec 2.1 rule 1)', () => {
  it.each(['<p>x</span></p>', '<p>x</SPAN></p>', '<p>x</script></p>', 'text </iframe>'])(
    '%s is rejected on POST and PUT',
    async (description) => {
      expect(findHtmlViolations(description)).toEqual([expect.objectContaining({ kind: 'disallowed-tag' })]);
      const post = await api.post('/jobs', validJob({ description }));
      expect(post.status, post.text).toBe(400);
      const created = await api.post('/jobs', validJob());
      const put = await api.put(`/jobs/${created.json.id}`, { description });
      expect(put.status, put.text).toBe(400);
    },
  );

  it('stray end tags of allowed elements stay allowed', async () => {
    for (const description of ['<p>x</b></p>', 'x</p>', '<p>x</br></p>']) {
      const res = await api.post('/jobs', validJob({ description }));
      expect(res.status, `${description} ${res.text}`).toBe(201);
    }
  });
});
