/**
 * @module vitest setupFile: the proxy's judging thread from the TypeScript sources (there is no compiled
 * judge-worker.js beside them), so the proxy tests judge on a worker thread, as the built package does.
 */
import { useJudgeWorkerSource } from '../../proxy/judge/judge-worker-entry.js';
import { judgeWorkerFromSources } from './judge-worker-from-sources.js';

useJudgeWorkerSource(judgeWorkerFromSources);
