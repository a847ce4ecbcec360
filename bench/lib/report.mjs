/**
 * @module Renders benchmark figures as Markdown: printed to the terminal and
 * written to bench/RESULTS.md.
 */

/** The default run's target on the local mock (the CLI as a user waits for it). */
export const DEFAULT_RUN_TARGET_MS = 10_000;

const n0 = (x) => Math.round(x).toLocaleString('en-US');
const n2 = (x) => x.toFixed(2);
const ms = (x) => `${x.toFixed(2)} ms`;
const us = (x) => `${Math.round(x)} µs`;

function table(head, rows) {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/**
 * The suite's CPU per additional request: the difference between the long and
 * the default run, so one-time costs (start-up, schema compilation, writing
 * the reports) do not count.
 */
export function marginalCpu(results) {
  const [a, b] = results;
  if (!a || !b || b.requests <= a.requests) return undefined;
  return (b.cpuMs - a.cpuMs) / (b.requests - a.requests);
}

/** The performance targets (the mock must not be the bottleneck of a suite run or a test), checked against the figures. */
export function targets(r) {
  const out = [];
  const row = (name) => r.throughput?.results.find((x) => x.name.startsWith(name));
  const get = row('GET /jobs/{id}');
  if (get) out.push(['standalone GET by id ≥ 0.5 × bare node:http', n2(get.ratio), get.ratio >= 0.5]);
  for (const kind of ['same body', 'new description each']) {
    const post = row(`POST /jobs (${kind})`);
    if (post) out.push([`standalone POST (${kind}) ≥ 0.4 × bare node:http`, n2(post.ratio), post.ratio >= 0.4]);
  }
  for (const l of r.list?.rows ?? []) {
    out.push([
      `list 100k within 2× of 1k: ${l.label}`,
      `${n2(l.latencyRatio)}× latency, ${n2(l.cpuRatio)}× CPU`,
      l.latencyRatio <= 2 || l.cpuRatio <= 2,
    ]);
  }
  const def = r.suite?.results[0];
  if (def) {
    out.push([
      `default suite run within ${DEFAULT_RUN_TARGET_MS / 1000} s`,
      `${(def.processMs / 1000).toFixed(1)} s`,
      def.processMs <= DEFAULT_RUN_TARGET_MS,
    ]);
    const perRequest = marginalCpu(r.suite.results) ?? def.suiteCpuMsPerRequest;
    out.push([
      'suite CPU per request ≤ 1 ms (drives ≥ 1,000 req/s)',
      `${perRequest.toFixed(3)} ms (≈ ${n0(1000 / perRequest)} req/s)`,
      perRequest <= 1,
    ]);
  }
  return out;
}

/** A slow target must not make CI wait: at 25 ms added per response, the default run at the default concurrency takes at most 20 s. */
/** A default run against a distant target: at most this long (wallMs) at each added delay. */
export const LATENCY_TARGETS = [
  { delayMs: 25, wallMs: 12_000 },
  { delayMs: 100, wallMs: 30_000 },
];

/**
 * The latency section: the default run's wall time behind the delay proxy, at --concurrency 1 and
 * at the default, with the speed-up between them (both measured in the same bench run).
 * bench/run.mjs keeps it in RESULTS.md between LATENCY_BLOCK markers, so a run of this section alone
 * rewrites only it.
 */
export function renderLatency(l, { command, startedAt, loadBefore, loadAfter }) {
  const baseline = (delayMs) => l.results.find((x) => x.delayMs === delayMs && !x.isDefault);
  const lines = [
    '## The default run against a slow target (added latency per response)',
    '',
    `Written by \`${command}\` on ${startedAt.toISOString()}. The standalone mock behind a loopback proxy that answers every response a fixed delay later ` +
      "(`bench/children/delay-proxy.mjs`), each in its own process; the CLI's default run (seed " +
      `${l.seed}, both keys) against the proxy, at a fixed \`--concurrency\` (the baseline) ` +
      `and without one (the default: 8 rules at once, raised against a distant target). ` +
      '"Delay × requests" is the wait the added delay alone explains when every request waits for the one before; ' +
      '"speed-up" is the fixed concurrency\'s wall over this row\'s, for the same delay.' +
      (loadBefore === undefined ? '' : ` Load average (1 min) before: ${n2(loadBefore)}, after: ${n2(loadAfter)}.`),
    '',
    table(
      ['added delay', 'concurrency', 'verdict', 'rules', 'requests', 'wall', 'delay × requests', 'req/s', 'speed-up'],
      l.results.map((x) => {
        const base = baseline(x.delayMs);
        return [
          `${x.delayMs} ms`,
          x.isDefault
            ? `${x.raisedTo ?? x.concurrency} (default${x.raisedTo && x.raisedTo !== x.concurrency ? `, raised from ${x.concurrency}` : ''}` +
              `${x.loweredTo ? `, back to ${x.loweredTo} as answers slowed down` : ''})`
            : `${x.concurrency} (fixed)`,
          x.verdict,
          `${x.passed}/${x.rules} passed`,
          n0(x.requests),
          `${(x.processMs / 1000).toFixed(1)} s`,
          `${(x.delayShareMs / 1000).toFixed(1)} s`,
          n0(x.requests / (x.wallMs / 1000)),
          base ? `${n2(base.processMs / x.processMs)}×` : '',
        ];
      }),
    ),
    '',
  ];
  for (const goal of LATENCY_TARGETS) {
    const target = l.results.find((x) => x.delayMs === goal.delayMs && x.isDefault);
    if (!target) continue;
    const met = target.processMs <= goal.wallMs;
    lines.push(
      `Target (a distant target must not make CI wait): at ${goal.delayMs} ms added per response, the default run takes at most ${goal.wallMs / 1000} s: ` +
        `**${(target.processMs / 1000).toFixed(1)} s, ${met ? 'met' : 'not met'}**.`,
      '',
    );
  }
  return lines.join('\n');
}

/**
 * The persist section: POST with `--persist` at two store sizes,
 * a compaction under load, and start-up. bench/run.mjs keeps it in its own
 * block of RESULTS.md, like the latency section.
 */
export function renderPersist(p, { command, startedAt, loadBefore }) {
  const [small, large] = p.sizes;
  const size = (n) => n.toLocaleString('en-US');
  const row = (r) => {
    const [a, b] = r.bySize;
    return [
      r.label,
      ms(a.p50),
      ms(b.p50),
      `**${n2(b.p50 / a.p50)}×**`,
      ms(a.p99),
      ms(b.p99),
      n0(a.rps),
      n0(b.rps),
      `${n2(b.rps / a.rps)}×`,
    ];
  };
  const c = p.compacting;
  const s = p.startup;
  const persisted = p.rows.filter((r) => !r.reference);
  const cpu = (x) => (x === undefined ? '' : ` (${(x / 1000).toFixed(1)} s CPU)`);
  const worst = Math.max(...persisted.map((r) => r.bySize[1].p50 / r.bySize[0].p50));
  return [
    '## Persistence: `--data FILE --persist` at 1,000 and 100,000 jobs',
    '',
    `Written by \`${command}\` on ${startedAt.toISOString()}. Load average (1 min) before: ${n2(loadBefore)}` +
      (loadBefore > 2
        ? ' — **the machine was shared with other busy processes: every figure here is slower and noisier than on an idle machine.**'
        : '.'),
    '',
    `The real \`jobs-mock\` CLI (\`--fsync ${p.fsync}\`, the default), ` +
      `one process per store size, both running at once and measured in alternating blocks, so ` +
      `each ratio comes from one run under the same conditions. POST of a 1 KB job, timed per request in the bench process (undici, keep-alive). ` +
      `The stores grow by the jobs posted (a few thousand). ` +
      `The first row is the same pair of files without \`--persist\`: what the store itself costs at each size.`,
    '',
    table(
      [
        'clients',
        `median ${size(small)}`,
        `median ${size(large)}`,
        'median ratio',
        `p99 ${size(small)}`,
        `p99 ${size(large)}`,
        `req/s ${size(small)}`,
        `req/s ${size(large)}`,
        'req/s ratio',
      ],
      p.rows.map(row),
    ),
    '',
    `Target: median POST latency at ${size(large)} jobs ≤ 2× that at ${size(small)}: ` +
      `${worst <= 2 ? 'met' : '**not met**'} (worst ratio with \`--persist\`: ${n2(worst)}×).`,
    '',
    `**A compaction under load.** \`POST /__control/compact\` on the ${size(large)}-job mock while one client posts: ` +
      `the compaction wrote ${size(c.compaction.jobs)} jobs ` +
      `(${(c.compaction.bytes / 2 ** 20).toFixed(1)} MiB) in ${(c.compaction.ms / 1000).toFixed(1)} s; ` +
      `the ${n0(c.requests)} POSTs answered meanwhile took ${ms(c.p50)} median, ` +
      `${ms(c.p99)} p99, ${ms(c.max)} at most.`,
    '',
    `**Start-up** (from spawning the CLI to its start line, \`--persist\`; in brackets the process's own CPU time by then): ` +
      `a ${size(s.fileJobs)}-job data file (${(s.fileBytes / 2 ** 20).toFixed(0)} MiB) alone ` +
      `**${(s.fileOnlyMs / 1000).toFixed(1)} s**${cpu(s.fileOnlyCpuMs)}; with a ${size(s.logLines)}-line change log beside it ` +
      `(${(s.logBytes / 2 ** 20).toFixed(0)} MiB: half creates, 30% updates, 20% deletes; ` +
      `${size(s.jobsAfterLog)} jobs after replay) **${(s.withLogMs / 1000).toFixed(1)} s**${cpu(s.withLogCpuMs)}. ` +
      `A log past the compaction size is compacted in the background after the start line.`,
    '',
  ].join('\n');
}

export function renderResults(r, { command, startedAt, loadBefore, loadAfter }) {
  const m = r.machine;
  const parts = [
    '# Benchmark results',
    '',
    `Written by \`${command}\` on ${startedAt.toISOString()} (against \`dist/\`; run \`npm run build\` first).`,
    '',
    `Machine: ${m.nproc} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}.`,
    `Load average (1 min) before: ${n2(loadBefore)}, after: ${n2(loadAfter)}.` +
      // The benchmark itself keeps both cores busy, so only the load before it says whether others were running.
      (loadBefore > m.nproc / 2
        ? ' **Other processes were busy on the machine: throughput figures are noisy; the CPU-per-request columns are steadier.**'
        : ' The benchmark itself keeps the cores busy (hence the load after).'),
    '',
  ];
  const t = targets(r);
  if (t.length > 0) {
    parts.push(
      '## Targets',
      '',
      table(
        ['target', 'measured', 'met'],
        t.map(([a, b, ok]) => [a, b, ok ? 'yes' : '**no**']),
      ),
      '',
    );
  }
  if (r.throughput) {
    const { baseline, ceiling, results, connections, duration } = r.throughput;
    parts.push(
      '## Standalone mock throughput',
      '',
      `autocannon, ${connections} connections, ${duration} s per row after a 1 s warm-up; each server in its own process. ` +
        'Ratio = requests/s over the bare node:http server (fixed 1 KB JSON body) measured in the same run.',
      '',
      table(
        ['operation', 'req/s', 'ratio to bare', 'mean latency', 'p99 latency', 'server CPU/request'],
        [
          [
            'bare node:http, 1 KB JSON',
            n0(baseline.rps),
            '1.00',
            ms(baseline.latencyMs.mean),
            ms(baseline.latencyMs.p99),
            us(baseline.cpuUsPerRequest),
          ],
          ...(ceiling ? [ceiling] : [])
            .concat(results)
            .map((x) => [x.name, n0(x.rps), n2(x.ratio), ms(x.latencyMs.mean), ms(x.latencyMs.p99), us(x.cpuUsPerRequest)]),
        ],
      ),
      '',
    );
    const post = results.find((x) => x.name === 'POST /jobs (new description each)');
    if (ceiling && post) {
      parts.push(
        `The second row is the ceiling for any create over node:http: it reads and parses the same bodies and answers 201 with them, ` +
          `with no checks and no store. It reaches ${n2(ceiling.ratio)}× bare; the mock's POST with a new description reaches ` +
          `${n2(post.rps / ceiling.rps)}× of that ceiling (${us(post.cpuUsPerRequest - ceiling.cpuUsPerRequest)} more CPU per request).`,
        '',
      );
    }
  }
  if (r.journal) {
    parts.push(
      '## Request journal cost',
      '',
      `The dispatcher every adapter calls (no socket), in one process, with the journal off (size 0) and on (size 1,000, full); ` +
        `median of ${r.journal.rounds} alternating rounds of ${n0(r.journal.count)} requests. Ratio = on over off, same run.`,
      '',
      table(
        ['operation', 'off, per request', 'on, per request', 'added', 'ratio'],
        r.journal.results.map((x) => [x.name, `${n2(x.offUs)} µs`, `${n2(x.onUs)} µs`, `${n2(x.onUs - x.offUs)} µs`, n2(x.ratio)]),
      ),
      '',
    );
  }
  if (r.list) {
    const l = r.list;
    parts.push(
      `## List cost: ${n0(l.small)} vs ${n0(l.large)} jobs of one employer`,
      '',
      `Both employers live in one mock process (seeded in ${l.seedSeconds.toFixed(1)} s; heap ${n0(l.heapMiB)} MiB). ` +
        `autocannon, ${l.connections} connections, ${l.duration} s per cell.`,
      '',
      table(
        [
          'query',
          `req/s ${n0(l.small)}`,
          `req/s ${n0(l.large)}`,
          'latency ratio',
          `CPU/request ${n0(l.small)}`,
          `CPU/request ${n0(l.large)}`,
          'CPU ratio',
        ],
        l.rows.map((x) => [
          `${x.label} (\`${x.query.replace('{emp}', 'E') || '(none)'}\`)`,
          n0(x.small.rps),
          n0(x.large.rps),
          `${n2(x.latencyRatio)}×`,
          us(x.small.cpuUsPerRequest),
          us(x.large.cpuUsPerRequest),
          `${n2(x.cpuRatio)}×`,
        ]),
      ),
      '',
    );
    const f = l.firstRequest;
    if (f) {
      parts.push(
        `Each row repeats one query, so a \`q\` is answered from that needle's search view, which the mock keeps up to date through every change. ` +
          `The first request of a needle builds its view: for new broad needles ` +
          `(${f.needles.map((n) => `\`${n}\``).join(', ')}, 5% of titles each, pageSize=100) ` +
          `the median first request took ${ms(f.smallMs)} at ${n0(l.small)} jobs and ${ms(f.largeMs)} at ${n0(l.large)} jobs (${n2(f.largeMs / f.smallMs)}×).`,
        '',
      );
    }
  }
  if (r.msw) {
    parts.push(
      '## In-process: MSW setupServer handlers from fetch',
      '',
      `\`setupServer(...createHandlers(...))\` from msw/node, requests with global fetch (undici); ${r.msw.seconds} s per cell. ` +
        '"core only" calls the framework-free core directly (no MSW, no Fetch objects): an upper bound.',
      '',
      table(
        ['operation', 'req/s, 1 in flight', 'req/s, 16 in flight', 'core only, req/s'],
        r.msw.results.map((x) => [x.name, n0(x.msw1), n0(x.msw16), n0(x.coreOnly)]),
      ),
      '',
    );
  }
  if (r.suite) {
    parts.push(
      '## The conformance suite against the mock',
      '',
      `The CLI's main() in one process, the standalone mock in another; seed ${r.suite.seed}, with --second-api-key. ` +
        'Wall = the whole process (start-up, run, cleanup, reports); CPU/request = process.cpuUsage() of each side divided by the requests.',
      '',
      table(
        ['run', 'verdict', 'rules', 'requests', 'wall', 'req/s', 'suite CPU/request', 'mock CPU/request', 'leftover jobs'],
        r.suite.results.map((x) => [
          x.label,
          x.verdict,
          `${x.passed}/${x.rules} passed`,
          n0(x.requests),
          `${(x.processMs / 1000).toFixed(1)} s`,
          n0(x.rps),
          `${x.suiteCpuMsPerRequest.toFixed(3)} ms`,
          `${x.mockCpuMsPerRequest.toFixed(3)} ms`,
          String(x.leftover),
        ]),
      ),
      '',
    );
    const marginal = marginalCpu(r.suite.results);
    if (marginal !== undefined) {
      parts.push(
        `Suite CPU per additional request (long run minus default run, so start-up, schema compilation and report writing do not count): ` +
          `**${marginal.toFixed(3)} ms**, enough for about ${n0(1000 / marginal)} requests/s against a target that answers instantly.`,
        '',
      );
    }
  }
  return parts.join('\n');
}

const ms3 = (x) => `${x.toFixed(3)} ms`;

/** The proxy section (its own block in RESULTS.md, like the latency one). */
export function renderProxy(p, { command, startedAt, loadBefore }) {
  const get = p.latency.find((x) => x.name === 'GET');
  const getRow = p.throughput.find((x) => x.name.startsWith('GET'));
  const getRatio = getRow?.ratio ?? 0;
  const bareRatio = getRow?.bareRatio ?? 0;
  const yes = (ok) => (ok ? 'yes' : '**no**');
  // A negative difference means the mock alone was the slower one in that slice: noise from other processes, not a reading.
  const met = (added, limit) => (added < 0 ? 'no reading (noise)' : yes(added <= limit));
  return [
    '## The validating proxy in front of the mock (added latency and throughput)',
    '',
    `Written by \`${command}\` on ${startedAt.toISOString()}; load average (1 min) before: ${n2(loadBefore)} on ${p.cpus} CPUs. ` +
      'The standalone mock and `jobs-conformance proxy` (runProxy, `bench/children/proxy-server.mjs`) each in its own process, the load in this one: ' +
      'three processes on the same cores. ' +
      `Latency: ${n0(p.rate)} requests/s on schedule for ${p.seconds} s per operation and target, in ${p.slices} alternating slices ` +
      `(mock alone, through a bare TCP relay, through the proxy), ` +
      'timed per request with a microsecond clock; added = through the proxy − mock alone. ' +
      `Throughput: autocannon, ${p.connections} connections, ${p.duration} s per row and target after a 1 s warm-up, ` +
      `in ${p.slices} alternating slices over every target. ` +
      `The proxy judged ${n0(p.judged.exchanges)} exchanges of this run and found ${p.judged.findings} mismatch${p.judged.findings === 1 ? '' : 'es'}.`,
    '',
    table(
      ['target', 'measured', 'met'],
      [
        [`added median latency ≤ 0.3 ms at ${n0(p.rate)} req/s (GET)`, ms3(get.addedP50), met(get.addedP50, 0.3)],
        [`added p99 latency ≤ 2 ms at ${n0(p.rate)} req/s (GET)`, ms3(get.addedP99), met(get.addedP99, 2)],
        ['GET throughput through the proxy ≥ 0.5 × the mock alone', n2(getRatio), yes(getRatio >= 0.5)],
        ['GET throughput through the proxy ≥ 0.8 × a bare node:http forwarder (same run)', n2(bareRatio), yes(bareRatio >= 0.8)],
      ],
    ),
    '',
    table(
      [
        'operation',
        'requests',
        'mock p50',
        'proxy p50',
        'added p50',
        'added by a bare relay, p50',
        'mock p99',
        'proxy p99',
        'added p99',
        'added by a bare relay, p99',
      ],
      p.latency.map((x) => [
        x.name,
        n0(x.through.count),
        ms3(x.direct.p50),
        ms3(x.through.p50),
        ms3(x.addedP50),
        ms3(x.relayed.p50 - x.direct.p50),
        ms3(x.direct.p99),
        ms3(x.through.p99),
        ms3(x.addedP99),
        ms3(x.relayed.p99 - x.direct.p99),
      ]),
    ),
    '',
    table(
      [
        'operation',
        'mock req/s',
        'proxy req/s',
        'ratio',
        'proxy CPU/request',
        'forwarding only: ratio',
        'its CPU/request',
        'bare TCP relay: ratio',
        'its CPU/request',
      ],
      p.throughput.map((x) => [
        x.name,
        n0(x.direct.rps),
        n0(x.through.rps),
        n2(x.ratio),
        `${n0(x.through.cpuUsPerRequest)} µs`,
        n2(x.forwardedRatio),
        `${n0(x.forwarded.cpuUsPerRequest)} µs`,
        n2(x.relayedRatio),
        `${n0(x.relayed.cpuUsPerRequest)} µs`,
      ]),
    ),
    '',
    'The proxy against forwarders that judge nothing, measured in the same run (ratio = proxy req/s over theirs):',
    '',
    table(
      ['operation', 'bare node:http forwarder req/s', 'its CPU/request', 'proxy / bare node:http forwarder', 'proxy / bare TCP relay'],
      p.throughput.map((x) => [x.name, n0(x.bare.rps), `${n0(x.bare.cpuUsPerRequest)} µs`, n2(x.bareRatio), n2(x.proxyToTcpRatio)]),
    ),
    '',
    'The "bare node:http forwarder" (`bench/children/http-forwarder-server.mjs`) forwards each request ' +
      'over a keep-alive pool with node:http and judges nothing. ' +
      '"Forwarding only" is the proxy\'s own relay with nothing judged ' +
      '(`bench/children/forward-only-server.mjs`: both directions read by the HTTP parser, bodies copied aside). ' +
      'The "bare TCP relay" (`bench/children/tcp-relay-server.mjs`) copies bytes between each client connection ' +
      'and its own connection to the mock and reads nothing: ' +
      "no forwarder in Node costs less, so its ratio bounds any proxy's on this machine.",
    '',
    'One request at a time, client, mock and proxy in one process ' +
      '(`bench/children/proxy-sequential.mjs`, 2,000 requests per operation in alternating slices): ' +
      'the time the proxy itself adds, without the wait for a core at each hop between processes.',
    '',
    table(
      ['operation', 'mock p50', 'proxy p50', 'added p50', 'mock p99', 'proxy p99', 'added p99'],
      ['GET', 'POST'].map((op) => {
        const x = p.sequential[op];
        return [
          op,
          ms3(x.direct.p50),
          ms3(x.through.p50),
          ms3(x.through.p50 - x.direct.p50),
          ms3(x.direct.p99),
          ms3(x.through.p99),
          ms3(x.through.p99 - x.direct.p99),
        ];
      }),
    ),
    '',
  ].join('\n');
}

/**
 * The shards section: one run at --runs 200 behind a 25 ms delay, whole and as 4 shards at once; the
 * whole run's wall next to the slowest shard's. bench/run.mjs keeps it in its own block of RESULTS.md.
 */
export function renderShards(s, { command, startedAt, loadBefore }) {
  const slowest = s.shards.reduce((a, b) => (b.processMs > a.processMs ? b : a));
  const secs = (x) => `${(x.processMs / 1000).toFixed(1)} s`;
  const rows = [
    ['whole run', s.whole.verdict, String(s.whole.rules), n0(s.whole.requests), secs(s.whole), ''],
    ...s.shards.map((x) => [`shard ${x.shard}`, x.verdict, String(x.rules), n0(x.requests), secs(x), x === slowest ? '**slowest**' : '']),
  ];
  const heaviest = slowest.ruleIds?.includes('jobs.model.lifecycle')
    ? ' The slowest shard holds `jobs.model.lifecycle`, whose cases are one long chain of requests.'
    : '';
  return [
    '## One run at --runs 200 against a slow target, whole and in 4 shards',
    '',
    `Written by \`${command}\` on ${startedAt.toISOString()}. The standalone mock behind a loopback proxy adding ${s.delayMs} ms to every response ` +
      `(\`bench/children/delay-proxy.mjs\`); the CLI at \`--runs ${s.runs}\` (seed ${s.seed}, both keys, default concurrency), first whole, then as ` +
      `\`--shard 1/4\` … \`4/4\`, four processes at the same time against the same proxy.` +
      (loadBefore === undefined ? '' : ` Load average (1 min) before: ${n2(loadBefore)}.`),
    '',
    table(['run', 'verdict', 'rules', 'requests', 'wall', ''], rows),
    '',
    `The whole run: **${secs(s.whole)}**; the slowest of 4 shards: **${secs(slowest)}** (${n2(s.whole.processMs / slowest.processMs)}× faster).${heaviest}`,
    '',
  ].join('\n');
}

export function renderNodeLines(s, { command, startedAt, loadBefore }) {
  const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const rows = s.lines.map((x) => [
    `${x.node}${x.baseline ? ' (the bench’s, baseline)' : ''}`,
    n0(x.requests),
    `**${secs(x.medianMs)}**`,
    `${secs(x.minMs)} – ${secs(x.maxMs)}`,
    `${x.suiteCpuMsPerRequest.toFixed(3)} ms`,
    n2(x.ratio),
    x.medianMs <= s.targetMs ? 'yes' : '**no**',
  ]);
  return [
    '## The default run on each Node line',
    '',
    `Written by \`${command}\` on ${startedAt.toISOString()}. The CLI's main() (seed ${s.seed}, both keys, every report ` +
      `written) against the standalone mock, each in its own process of the same Node line; ${s.rounds} rounds, each ` +
      'running every line in turn. Wall is the whole process as a user waits for it (start-up, run, cleanup, reports), ' +
      `the median of the rounds; ratio is that median over the baseline's, measured in the same rounds.` +
      (loadBefore === undefined ? '' : ` Load average (1 min) before: ${n2(loadBefore)}.`),
    '',
    table(['Node', 'requests', 'wall (median)', 'wall (range)', 'suite CPU/request', 'ratio', `within ${secs(s.targetMs)}`], rows),
    '',
  ].join('\n');
}
