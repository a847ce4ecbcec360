#!/usr/bin/env node
/**
 * @module The `jobs-conformance` bin: wires SIGINT (and, for `proxy`, SIGTERM) and the process to main()
 * (cli/conformance-command.ts). The first Ctrl-C stops the run (cleanup still runs
 * and a partial report is written); a second one exits at once.
 */
import { EXIT_INTERRUPTED, main } from './conformance-command.js';
import { messageOf } from '../suites/contract/errors.js';

const controller = new AbortController();
const proxy = process.argv[2] === 'proxy';
const stop = (): void => {
  if (controller.signal.aborted) process.exit(EXIT_INTERRUPTED);
  process.stderr.write(
    proxy
      ? '\njobs-conformance proxy: stopping; writing the reports (Ctrl-C again to quit at once)\n'
      : '\njobs-conformance: interrupted; stopping and cleaning up (Ctrl-C again to quit at once)\n',
  );
  controller.abort();
};
process.on('SIGINT', stop);
// The proxy runs until stopped, often by a service manager or CI step: SIGTERM ends it the same way.
if (proxy) process.on('SIGTERM', stop);

main({ argv: process.argv, env: process.env, stdout: process.stdout, stderr: process.stderr, signal: controller.signal }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`jobs-conformance: internal error: ${messageOf(error)}\n`);
    process.exit(2);
  },
);
