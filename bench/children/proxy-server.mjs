/**
 * @module The validating proxy (dist/proxy, runProxy) in its own process,
 * in front of the target given as argv[2]. Ready message: `{url}`.
 * Answers `judged` with how many exchanges it judged and its findings.
 */
import { runProxy } from '../../dist/proxy/index.js';
import { serveParent } from '../lib/child.mjs';

const proxy = await runProxy({ target: process.argv[2] });
serveParent({
  onStop: () => proxy.close(),
  handlers: {
    judged: async () => {
      const report = await proxy.report();
      return {
        exchanges: report.proxy.exchanges,
        findings: report.summary.mismatches,
        rules: report.rules.filter((rule) => rule.mismatches.length > 0).map((rule) => rule.id),
      };
    },
  },
});
process.send({ type: 'ready', url: proxy.url });
