import { describe, expect, it } from 'vitest';
import { rewriteHead } from './forwarder.js';

describe('rewriteHead', () => {
  const head = (text: string): Buffer => Buffer.from(text, 'latin1');
  it("puts the base path before the target and replaces Host's value, keeping every other byte", () => {
    const sent = 'POST /api/v1.1/jobs?q=a HTTP/1.1\r\nX-Place: Montr\u00e9al\r\nhOSt:  proxy:4020\r\nConnection: keep-alive\r\n\r\n';
    expect(rewriteHead(head(sent), '/base', 'target:4010').toString('latin1')).toBe(
      'POST /base/api/v1.1/jobs?q=a HTTP/1.1\r\nX-Place: Montr\u00e9al\r\nhOSt:  target:4010\r\nConnection: keep-alive\r\n\r\n',
    );
  });

  it('leaves the head alone when neither changes, and a header merely ending in "host" alone always', () => {
    const sent = head('GET /x HTTP/1.1\r\nX-Forwarded-Host: a\r\nHost: b\r\n\r\n');
    expect(rewriteHead(sent, '', undefined)).toBe(sent);
    expect(rewriteHead(sent, '', 'c').toString()).toBe('GET /x HTTP/1.1\r\nX-Forwarded-Host: a\r\nHost: c\r\n\r\n');
  });
});
