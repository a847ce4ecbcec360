#!/usr/bin/env node
/**
 * @module The `jobs-mock` bin: the reference mock on this process (cli/mock-command.ts). Serves until SIGINT or
 * SIGTERM; under --persist, closing ends with a compaction (the data file then holds everything, the log is empty).
 */
import { mockMain } from './mock-command.js';

const started = await mockMain({ argv: process.argv, env: process.env, stdout: process.stdout, stderr: process.stderr }, (server) => {
  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`jobs-mock: could not shut down cleanly: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
if (typeof started === 'number') process.exitCode = started;
