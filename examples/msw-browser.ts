// The same handlers in a browser, under MSW's service worker (serve mockServiceWorker.js: `npx msw init public/`).
import { setupWorker } from 'msw/browser';
import { createHandlers, MockCore } from 'jobs-conformance/mock/browser';

const core = new MockCore(); // demo employers; drive it from the page as in Node
await setupWorker(...createHandlers({ baseUrl: location.origin, core })).start({ onUnhandledRequest: 'bypass' });
const res = await fetch('/api/v1.1/positiontypes');
const { data } = (await res.json()) as { data: { id: number; name: string }[] };
console.log(res.status, data.map((type) => type.name).join(', ')); // 200 Full-time, Part-time, ...
