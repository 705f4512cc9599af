#!/usr/bin/env node
// What analytics cost (issue 26), against the production build (`npm run build` first), on each engine BENCH_DATABASE
// names (default sqlite here):
//   counting   a cached content page with counting on and with ANALYTICS=off, two servers side by side, measured in
//              alternating rounds so both see the same machine; each request comes from one of 2,000 visitors
//              (X-Forwarded-For, trusted from this machine), so every flush writes real rows; besides the rates, the
//              server process's CPU per request (all its threads), steadier than the rate on a shared machine;
//   dashboard  a year of data at 50,000 page views a day: one day of raw rows made like real traffic (about 18,000
//              visitors, landing pages, referrers, campaigns, reading reports, conversions), rolled up by "Update now"
//              (timed: the minute's job rebuilds today from its raw rows), its aggregates copied to the 364 days
//              before, then /staff/analytics over 365 and 30 days and a CSV export, timed one request at a time.
// BENCH_SECONDS (default 10) per counting round (BENCH_ROUNDS, default 6, rounds each), BENCH_CALLS (default 20) dashboard requests.
// Runs under tsx (`npm run bench -- analytics`), for the staff session helper.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { benchDatabase, benchEngines } from './bench-database.mjs';
import { callServerAction } from '../test-support/http/server-actions.mjs';
import { cpuMilliseconds } from '../test-support/process-cpu.mjs';
import { percentile, printTable } from '../test-support/bench-report.mjs';
import { staffSession } from '../test-support/http/staff';
import { startTestServer } from '../test-support/test-server.mjs';
import { openTestSql } from '../test-support/test-sql';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const calls = Number(process.env.BENCH_CALLS ?? 20);
// Rounds of each server, alternating (BENCH_ROUNDS): one round's rate moves by ±10 % on this shared two-core machine, so
// the ratio is the median of the rounds' own ratios (each round of counting on beside the round of off next to it).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const PAGE = '/insights/why-local-efficiency-lies';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const VISITORS = 2000;
const SERVER_ENV = { TRUSTED_PROXY: '127.0.0.1', JOB_RUNNER: 'off' };

/** Requests for one page from one of VISITORS addresses in turn, as a browser sends them. */
function pageLoad(baseUrl, duration) {
  let next = 0;
  return autocannon({
    url: `${baseUrl}${PAGE}`,
    connections: 50,
    duration,
    headers: { accept: 'text/html', 'user-agent': CHROME },
    requests: [
      {
        setupRequest: (request) => {
          next = (next + 1) % VISITORS;
          return { ...request, headers: { ...request.headers, 'x-forwarded-for': `198.51.${next >> 8}.${next & 255}` } };
        },
      },
    ],
  });
}

async function benchCounting(engine) {
  const databases = [await benchDatabase(engine), await benchDatabase(engine)];
  const on = await startTestServer({ database: databases[0], env: SERVER_ENV });
  const off = await startTestServer({ database: databases[1], env: { ...SERVER_ENV, ANALYTICS: 'off' } });
  const totals = { on: [], off: [] };
  try {
    for (const server of [on, off]) await pageLoad(server.baseUrl, 2);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, server] of round % 2 === 0
        ? [
            ['on', on],
            ['off', off],
          ]
        : [
            ['off', off],
            ['on', on],
          ]) {
        const cpuBefore = cpuMilliseconds(server.pid);
        const result = await pageLoad(server.baseUrl, seconds);
        totals[name].push({ ...result, cpuMs: cpuMilliseconds(server.pid) - cpuBefore });
      }
    }
    const sql = openTestSql(on.databaseUrl);
    const stored = await sql.get(`SELECT COUNT(*) AS "rows", SUM("views") AS "views" FROM "AnalyticsPageView"`);
    await sql.close();
    const rate = (results) => results.reduce((sum, r) => sum + r.requests.average, 0) / results.length;
    const p99 = (results) => Math.max(...results.map((r) => r.latency.p99));
    // CPU of the server process (all its threads: web, analytics writer, collector) per request answered: on a shared
    // machine the rate depends on what else runs, what a request costs less so. A flush's work lands in the round
    // it falls in; with rounds of 10 s and a write every 5 s, every round but the first holds two.
    const cpuPerRequest = (results) => (1000 * results.reduce((sum, r) => sum + r.cpuMs, 0)) / results.reduce((sum, r) => sum + r.requests.total, 0);
    const [onRate, offRate] = [rate(totals.on), rate(totals.off)];
    const roundRatios = totals.on.map((result, round) => result.requests.average / totals.off[round].requests.average);
    const medianRatio = [...roundRatios].sort((a, b) => a - b)[Math.floor((roundRatios.length - 1) / 2)];
    const [onCpu, offCpu] = [cpuPerRequest(totals.on), cpuPerRequest(totals.off)];
    console.log(`\n${engine}: GET ${PAGE} (cached page), 50 connections, ${ROUNDS} rounds of ${seconds} s each, alternating`);
    printTable(
      ['counting', 'req/s (mean of rounds)', 'worst p99 ms', 'non-2xx', 'server CPU µs/request'],
      [
        ['on', onRate.toFixed(0), p99(totals.on), totals.on.reduce((sum, r) => sum + r.non2xx, 0), onCpu.toFixed(0)],
        ['off (ANALYTICS=off)', offRate.toFixed(0), p99(totals.off), totals.off.reduce((sum, r) => sum + r.non2xx, 0), offCpu.toFixed(0)],
      ],
    );
    console.log(
      `on / off: ${medianRatio.toFixed(3)}, the median of the rounds' ratios (goal: at least 0.95); of the means ${(onRate / offRate).toFixed(3)}; ` +
        `each round: ${roundRatios.map((ratio) => ratio.toFixed(2)).join(' ')}`,
    );
    console.log(`stored ${stored.rows} rows holding ${stored.views} views`);
    console.log(`server CPU a request, off / on: ${(offCpu / onCpu).toFixed(3)} (the same ratio from what a request costs, not from the rate)`);
  } finally {
    await Promise.all([on.stop({ keepDatabase: true }), off.stop({ keepDatabase: true })]);
    await Promise.all(databases.map((database) => database.remove()));
  }
}

const pick = (list, weight = Math.random()) => list[Math.floor(weight * list.length)];
const skewed = (list) => pick(list, Math.random() ** 2.5);
const hex = () => randomBytes(16).toString('hex');

/** Rows `[columns…]` into `table`, 400 a statement (both engines' parameter limits allow it). */
async function insertRows(sql, table, columns, rows) {
  for (let start = 0; start < rows.length; start += 400) {
    const chunk = rows.slice(start, start + 400);
    const marks = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    await sql.run(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${marks}`, ...chunk.flat());
  }
}

/** One day of traffic at 50,000 page views, as real visits make it: most land on a few pages, many read on. */
async function makeDay(sql, day) {
  const insights = (await sql.all(`SELECT "id" FROM "Insight"`)).map((row) => row.id);
  const services = (await sql.all(`SELECT "id" FROM "Service"`)).map((row) => row.id);
  const pages = ['/', '/about', '/services', '/insights', '/contact', '/book', '/principles', '/privacy'];
  const referrers = [
    'google.com',
    'linkedin.com',
    'bing.com',
    'news.ycombinator.com',
    'duckduckgo.com',
    ...Array.from({ length: 60 }, (_, i) => `blog${i}.example`),
  ];
  const campaigns = Array.from({ length: 40 }, (_, i) => [pick(['newsletter', 'linkedin', 'partner']), pick(['email', 'social', 'referral']), `campaign-${i}`]);
  const countries = ['US', 'GB', 'DE', 'CA', 'AU', 'NL', 'FR', 'IN', 'SE', 'BR', ...Array.from({ length: 40 }, (_, i) => `X${i}`)];
  const devices = ['desktop', 'desktop', 'desktop', 'mobile', 'mobile', 'tablet', 'other'];
  const pathOf = () => {
    const roll = Math.random();
    if (roll < 0.45) return { path: `/insights/${skewed(insights)}`, insightId: null, serviceId: null, insight: true };
    if (roll < 0.6) return { path: `/services/${skewed(services)}`, serviceId: true };
    return { path: skewed(pages) };
  };
  const views = [];
  const readings = [];
  const conversions = [];
  const base = Date.parse(`${day}T05:00:00Z`);
  for (let id = 0; views.length < 50_000; id++) {
    const visitor = hex();
    const [country, device] = [skewed(countries), pick(devices)];
    const referrerHost = Math.random() < 0.4 ? skewed(referrers) : null;
    const campaign = Math.random() < 0.15 ? skewed(campaigns) : [null, null, null];
    let at = base + Math.floor(Math.random() * 18 * 3_600_000);
    const length = 1 + Math.floor(-Math.log(Math.random()) * 1.8);
    let lastInsight = null;
    let landing = null;
    for (let step = 0; step < length && views.length < 50_000; step++) {
      const page = pathOf();
      const insightId = page.insight ? page.path.split('/')[2] : null;
      const serviceId = page.serviceId ? page.path.split('/')[2] : null;
      landing ??= page.path;
      if (insightId) lastInsight = insightId;
      const first = step === 0;
      views.push([
        day,
        new Date(at),
        visitor,
        page.path,
        insightId,
        serviceId,
        first ? referrerHost : null,
        ...(first ? campaign : [null, null, null]),
        country,
        device,
        1,
        'server',
      ]);
      if (Math.random() < 0.6)
        readings.push([day, new Date(at + 60_000), visitor, page.path, insightId, Math.floor(-Math.log(Math.random()) * 90), Math.floor(Math.random() * 101)]);
      at += 30_000 + Math.floor(Math.random() * 240_000);
    }
    if (Math.random() < 0.01) {
      const kind = pick(['inquiry_submitted', 'booking_requested', 'checkout_started', 'checkout_started', 'checkout_completed', 'report_delivered']);
      const money = kind.startsWith('checkout') ? [49_500, 'USD'] : [null, null];
      const serviceId = kind.startsWith('checkout') || kind === 'report_delivered' ? skewed(services) : null;
      conversions.push([
        day,
        new Date(at),
        kind,
        visitor,
        day,
        kind.startsWith('checkout') ? hex() : null,
        serviceId,
        ...money,
        true,
        landing,
        lastInsight,
        referrerHost,
        ...campaign,
      ]);
    }
  }
  await insertRows(
    sql,
    'AnalyticsPageView',
    ['day', 'at', 'visitor', 'path', 'insightId', 'serviceId', 'referrerHost', 'utmSource', 'utmMedium', 'utmCampaign', 'country', 'device', 'views', 'source'],
    views,
  );
  await insertRows(sql, 'AnalyticsEngagement', ['day', 'at', 'visitor', 'path', 'insightId', 'seconds', 'scrollPercent'], readings);
  await insertRows(
    sql,
    'AnalyticsConversion',
    [
      'day',
      'at',
      'kind',
      'visitor',
      'visitDay',
      'subject',
      'serviceId',
      'amountMinor',
      'currency',
      'attributed',
      'landingPath',
      'lastInsightId',
      'referrerHost',
      'utmSource',
      'utmMedium',
      'utmCampaign',
    ],
    conversions,
  );
  return { views: views.length, visitors: new Set(views.map((row) => row[2])).size, readings: readings.length, conversions: conversions.length };
}

const AGGREGATES = {
  AnalyticsDailyTraffic: ['dimension', 'key', 'pageViews', 'visitors', 'visits'],
  AnalyticsDailyConversion: ['kind', 'dimension', 'key', 'conversions', 'amountMinor'],
  AnalyticsDailyReading: [
    'path',
    'insightId',
    'reads',
    'seconds',
    'scrollReports',
    'scrollSum',
    ...['10', '20', '30', '45', '60', '90', '120', '180', '300', '600', '1200'].map((s) => `upTo${s}s`),
    'over1200s',
  ],
};

/** The day `days` before `day` (YYYY-MM-DD). */
const daysBefore = (day, days) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Copies `day`'s aggregates to each of the `count` days before it, settled, as the daily job would have left them. */
async function copyAggregates(sql, day, count) {
  for (let back = 1; back <= count; back++) {
    const earlier = daysBefore(day, back);
    for (const [table, columns] of Object.entries(AGGREGATES)) {
      const list = columns.map((c) => `"${c}"`).join(', ');
      await sql.run(`INSERT INTO "${table}" ("day", ${list}) SELECT CAST(? AS TEXT), ${list} FROM "${table}" WHERE "day" = ?`, earlier, day);
    }
    await sql.run(`INSERT INTO "AnalyticsRollupDay" ("day", "fingerprint", "settled", "builtAt") VALUES (?, 'bench', true, ?)`, earlier, new Date());
  }
}

async function timedRequests(url, cookie) {
  const times = [];
  for (let call = -3; call < calls; call++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.text();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    if (call >= 0) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function benchDashboard(engine) {
  const database = await benchDatabase(engine);
  const server = await startTestServer({ database, env: SERVER_ENV });
  const sql = openTestSql(server.databaseUrl);
  try {
    const { cookie } = await staffSession(sql, 'marketing');
    // The firm's today, as the dashboard counts it: a page view's day (one view makes the salt and the day).
    await fetch(`${server.baseUrl}/about`, { headers: { accept: 'text/html', 'user-agent': CHROME } });
    const today = await (async () => {
      for (;;) {
        const row = await sql.get(`SELECT "day" FROM "AnalyticsPageView"`);
        if (row) return row.day;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const made = await makeDay(sql, today);
    const update = async () => {
      const started = performance.now();
      const response = await callServerAction(server.baseUrl, {
        page: '/staff/analytics',
        filename: 'app/staff/analytics/actions.ts',
        exportedName: 'refreshAnalyticsAction',
        args: [today, today],
        cookie,
      });
      if (response.status !== 200) throw new Error(`Update now: ${response.status} ${(await response.text()).slice(0, 300)}`);
      return performance.now() - started;
    };
    const firstBuild = await update();
    await sql.run(
      `INSERT INTO "AnalyticsPageView" ("day", "at", "visitor", "path", "device", "views", "source") VALUES (?, ?, ?, '/', 'desktop', 1, 'server')`,
      today,
      new Date(),
      hex(),
    );
    const rebuild = await update();
    const unchanged = await update();
    await copyAggregates(sql, today, 364);
    const rows = await sql.get(
      `SELECT (SELECT COUNT(*) FROM "AnalyticsDailyTraffic") AS "traffic", (SELECT COUNT(*) FROM "AnalyticsDailyReading") AS "reading", (SELECT COUNT(*) FROM "AnalyticsDailyConversion") AS "conversions"`,
    );
    const results = [];
    for (const [name, path] of [
      ['/staff/analytics, 365 days', '/staff/analytics?days=365'],
      ['/staff/analytics, 30 days', '/staff/analytics?days=30'],
      ['CSV of insights, 365 days', '/staff/analytics/export?table=insights&days=365'],
      [`insight staff page (its panel: 30 days)`, '/staff/content/insights/why-local-efficiency-lies'],
    ]) {
      const times = await timedRequests(`${server.baseUrl}${path}`, cookie);
      results.push([name, ...[50, 90, 99].map((p) => percentile(times, p).toFixed(0)), times.at(-1).toFixed(0)]);
    }
    console.log(
      `\n${engine}: one day of ${made.views} page views (${made.visitors} visitors, ${made.readings} reading reports, ${made.conversions} conversions), ` +
        `aggregates copied to 365 days: ${rows.traffic} traffic, ${rows.reading} reading, ${rows.conversions} conversion rows`,
    );
    console.log(
      `"Update now" (attribute, roll up, prune): first build of today ${firstBuild.toFixed(0)} ms, ` +
        `rebuild after one more view ${rebuild.toFixed(0)} ms, nothing changed ${unchanged.toFixed(0)} ms`,
    );
    printTable(['request (one at a time)', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'], results);
  } finally {
    await sql.close();
    await server.stop({ keepDatabase: true });
    await database.remove();
  }
}

const parts = process.argv.slice(2);
for (const engine of benchEngines(process.env.BENCH_DATABASE ?? 'sqlite')) {
  if (parts.length === 0 || parts.includes('counting')) await benchCounting(engine);
  if (parts.length === 0 || parts.includes('dashboard')) await benchDashboard(engine);
}
