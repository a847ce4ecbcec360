/**
 * @module The machine a run measured on, for bench/RESULTS.md.
 */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

export function machine() {
  return {
    nproc: availableParallelism(),
    cpuModel: cpus()[0]?.model?.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    /** 1-minute load average at the time of the call. */
    load: loadavg()[0],
  };
}
