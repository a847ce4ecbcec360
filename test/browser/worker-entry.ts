/**
 * @module The browser side of test/browser/msw-worker.browser.test.ts, bundled
 * with esbuild: the handlers of the mock's browser entry (mock/browser.ts)
 * under setupWorker (a service worker), then fetch() calls from the page, as
 * an integrator's browser tests would make.
 */
import { setupWorker } from 'msw/browser';
import { createHandlers } from '../../mock/browser.js';

export interface DemoResult {
  created: { status: number; body: unknown };
  read: { status: number; body: unknown };
  servedBy: string | null;
}

async function runDemo(): Promise<DemoResult> {
  const worker = setupWorker(...createHandlers({ baseUrl: location.origin }));
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
  const createdRes = await fetch('/api/v1.1/jobs', {
    method: 'POST',
    headers: { 'API-Key': 'demo-key-1', 'Content-Type': 'application/json' },
    body: JSON.stringify(window.demoJob),
  });
  const created = { status: createdRes.status, body: (await createdRes.json()) as unknown };
  const id = (created.body as { id?: unknown }).id;
  const readRes = await fetch(`/api/v1.1/jobs/${String(id)}`, { headers: { 'API-Key': 'demo-key-1' } });
  const read = { status: readRes.status, body: (await readRes.json()) as unknown };
  return { created, read, servedBy: navigator.serviceWorker.controller?.scriptURL ?? null };
}

declare global {
  interface Window {
    demoJob: unknown;
    runDemo: () => Promise<DemoResult>;
  }
}

window.runDemo = runDemo;
