/**
 * @module The report page's only script, inlined; the page's CSP allows it by
 * its hash and nothing else. It reads only the DOM (data-* attributes the
 * renderer wrote) and the JSON data block, and writes only text and flags
 * (textContent, hidden, open): it never turns data into markup.
 *
 * Features: status / area / text filters, expand or collapse failures, copy
 * buttons (clipboard API, falling back to a selection + execCommand), opening
 * the rule named in the URL hash, and downloading the embedded report.json.
 */

export const SCRIPT =
  `(() => {
  'use strict';
  const $ = (selector, root = document) => root.querySelector(selector);
  const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
  const rules = $$('details.rule');
  const state = { status: 'all', area: 'all', text: '' };

  for (const element of $$('[data-needs-script]')) element.hidden = false;

  function matches(rule) {
    return (state.status === 'all' || rule.dataset.status === state.status) &&
      (state.area === 'all' || rule.dataset.area === state.area) &&
      (state.text === '' || (rule.dataset.search || '').includes(state.text));
  }

  function apply() {
    let shown = 0;
    for (const rule of rules) {
      rule.hidden = !matches(rule);
      if (!rule.hidden) shown += 1;
    }
    for (const group of $$('section.area')) group.hidden = !$$('details.rule', group).some((rule) => !rule.hidden);
    const count = $('#filter-count');
    if (count) count.textContent = shown + ' of ' + rules.length + ' rules';
    const none = $('#no-match');
    if (none) none.hidden = shown !== 0;
    for (const button of $$('[data-filter-status]')) {
      button.setAttribute('aria-pressed', String(button.dataset.filterStatus === state.status));
    }
  }

  function selectText(node) {
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  async function copy(button) {
    const source = document.getElementById(button.dataset.copy);
    if (!source) return;
    let copied = false;
    try {
      await navigator.clipboard.writeText(source.textContent);
      copied = true;
    } catch {
      selectText(source);
      try { copied = document.execCommand('copy'); } catch { copied = false; }
    }
    button.textContent = copied ? 'Copied' : 'Press Ctrl+C';
    setTimeout(() => { button.textContent = 'Copy'; }, 2000);
  }

  function download() {
    const data = $('#report-data');
    if (!data) return;
    const text = JSON.stringify(JSON.parse(data.textContent), null, 2) + '\\n';
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'report.json';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function openFromHash() {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target || !target.matches('details.rule')) return;
    if (!matches(target)) {
      state.status = 'all'; state.area = 'all'; state.text = '';
      const area = $('#filter-area'); if (area) area.value = 'all';
      const text = $('#filter-text'); if (text) text.value = '';
      apply();
    }
    target.open = true;
    target.scrollIntoView({ block: 'start' });
  }

  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    if (button.dataset.filterStatus) { state.status = button.dataset.filterStatus; apply(); }
    else if (button.dataset.copy) copy(button);
    else if (button.id === 'expand-failures') {
      for (const rule of rules) if (!rule.hidden && (rule.dataset.status === 'failed' ` +
  `|| rule.dataset.status === 'warning' || rule.dataset.status === 'error')) rule.open = true;
    } else if (button.id === 'collapse-all') { for (const rule of rules) rule.open = false; }
    else if (button.id === 'download-json') download();
  });
  const area = $('#filter-area');
  if (area) area.addEventListener('change', () => { state.area = area.value; apply(); });
  const text = $('#filter-text');
  if (text) text.addEventListener('input', () => { state.text = text.value.trim().toLowerCase(); apply(); });
  window.addEventListener('hashchange', openFromHash);

  apply();
  openFromHash();
})();
`;
