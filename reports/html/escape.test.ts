import { describe, expect, it } from 'vitest';
import { escapeHtml, html, raw, SafeHtml } from './escape.js';
import { jsonScript } from './json-script.js';

describe('html tag', () => {
  it('escapes every interpolation', () => {
    const evil = '<img src=x onerror="alert(1)">\'&';
    expect(html`<p title="${evil}">${evil}</p>`.toString()).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;">&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;</p>',
    );
  });

  it('passes SafeHtml (nested html, raw) through, joins arrays, drops null/undefined/false', () => {
    const items = ['<a>', html`<b>${'<c>'}</b>`];
    expect(html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`.toString()).toBe(
      '<ul><li>&lt;a&gt;</li><li><b>&lt;c&gt;</b></li></ul>',
    );
    expect(html`${raw('<br>')}${null}${undefined}${false}${0}`.toString()).toBe('<br>0');
    expect(html`x`).toBeInstanceOf(SafeHtml);
  });

  it('shows control characters and bidi overrides as escapes', () => {
    expect(html`${'a\u0000b\u001b[1mc\u202Ed'}`.toString()).toBe('a\\u0000b\\u001b[1mc\\u202ed');
  });

  it('refuses an interpolation into an unquoted attribute value', () => {
    expect(() => html`<p title=${'x onmouseover=alert(1)'}>`).toThrow(/unquoted attribute/);
  });

  it('escapeHtml leaves plain text alone', () => {
    expect(escapeHtml('plain text 123')).toBe('plain text 123');
  });
});

describe('jsonScript', () => {
  it('embeds data no string can break out of, and that parses back to the same value', () => {
    const data = { a: '</script><script>alert(1)</script>', b: '<!-- x', c: '\u2028\u2029&>' };
    const markup = jsonScript('report-data', data).toString();
    expect(markup.startsWith('<script type="application/json" id="report-data">')).toBe(true);
    const body = markup.slice(markup.indexOf('>') + 1, markup.lastIndexOf('</script>'));
    expect(body).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(body)).toEqual(data);
  });

  it('rejects an id that would need escaping', () => {
    expect(() => jsonScript('x" onload="y', {})).toThrow(TypeError);
  });
});
