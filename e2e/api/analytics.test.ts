import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually';
import { callServerAction } from '../../test-support/http/server-actions.mjs';
import { staffCookie } from '../../test-support/http/staff';
import { startTestServer, type TestServer } from '../../test-support/test-server.mjs';
import { openTestSql, type TestSql } from '../../test-support/test-sql';

/**
 * Analytics as a visitor's requests make them (docs/analytics.md), on a server of its own: the web server counts the
 * pages it answers and answers the beacon at /a, and what it counts reaches the dashboard and its CSV export. The
 * server trusts X-Forwarded-For from this machine, so each test is a visitor of its own address, and writes what it
 * counted every 100 ms. The job runner is off: "Update now" (the page's server action) builds the figures.
 */
const FLUSH_MS = 100;
let server: TestServer;
let sql: TestSql;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUSTED_PROXY: '127.0.0.1', ANALYTICS_FLUSH_MS: String(FLUSH_MS), JOB_RUNNER: 'off' } });
  sql = openTestSql(server.databaseUrl);
}, 120_000);

afterAll(async () => {
  await sql?.close();
  await server?.stop();
});

const INSIGHT = 'why-local-efficiency-lies';
/** A desktop Chrome whose build number is this test's own, so the server's log can be searched for it. */
const chrome = () =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${1000 + Math.floor(Math.random() * 8000)}.77 Safari/537.36`;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** A British address in the bundled IP2Location LITE table. */
const BRITISH_ADDRESS = '81.2.69.142';
const mark = () => `t${randomBytes(5).toString('hex')}`;
/** A documentation address (TEST-NET-3) with a random last part: a visitor of its own. */
const someAddress = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`;

interface Visitor {
  address: string;
  userAgent: string;
}

const page = (visitor: Visitor, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    headers: { accept: 'text/html', 'user-agent': visitor.userAgent, 'x-forwarded-for': visitor.address, ...headers },
    redirect: 'manual',
  });

const beacon = (visitor: Visitor, body: string, headers: Record<string, string> = {}, baseUrl = server.baseUrl) =>
  fetch(`${baseUrl}/a`, {
    method: 'POST',
    // As navigator.sendBeacon sends it: text, from the page's own origin.
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: baseUrl,
      'user-agent': visitor.userAgent,
      'x-forwarded-for': visitor.address,
      ...headers,
    },
    body,
  });

interface ViewRow {
  path: string;
  insightId: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  country: string | null;
  device: string;
  source: string;
  views: number;
  visitors: number;
}

/** The page views stored for one campaign, summed over the flushes that wrote them. */
const viewsOf = (campaign: string) =>
  sql.all<ViewRow>(
    `SELECT "path", "insightId", "referrerHost", "utmSource", "utmMedium", "country", "device", "source", SUM("views") AS "views", COUNT(DISTINCT "visitor") AS "visitors"
       FROM "AnalyticsPageView" WHERE "utmCampaign" = ? GROUP BY "path", "insightId", "referrerHost", "utmSource", "utmMedium", "country", "device", "source" ORDER BY "path"`,
    campaign,
  );
const totalViews = async (campaign: string) => (await viewsOf(campaign)).reduce((sum, row) => sum + Number(row.views), 0);

/** Waits until a view counted after `requests` is stored: flushes are written in order, so theirs are stored by then. */
async function afterTheseAreWritten(requests: () => Promise<unknown>): Promise<void> {
  await requests();
  const barrier = mark();
  expect((await page({ address: someAddress(), userAgent: chrome() }, `/about?utm_campaign=${barrier}`)).status).toBe(200);
  await eventually(
    () => totalViews(barrier),
    (views) => views === 1,
    'the barrier view',
  );
  await new Promise((resolve) => setTimeout(resolve, 2 * FLUSH_MS));
}

describe('page views counted by the web server', () => {
  it('counts a page answered by Next, from a held copy and as 304, with its referrer host, campaign, device and country', async () => {
    const visitor = { address: BRITISH_ADDRESS, userAgent: chrome() };
    const campaign = mark();
    const path = `/insights/${INSIGHT}?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}&ref=ignored`;
    const referer = { referer: 'https://www.linkedin.com/feed/update/123?secret=1' };
    const first = await page(visitor, path, referer);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    await first.text();
    // The second is answered by the web server from the copy Next sent (lib/page-cache/held-copies.mjs).
    expect((await page(visitor, path, referer)).status).toBe(200);
    expect((await page(visitor, path, { ...referer, 'if-none-match': etag })).status).toBe(304);

    const rows = await eventually(
      () => viewsOf(campaign),
      (found) => found.reduce((sum, row) => sum + Number(row.views), 0) === 3,
      'three views',
    );
    expect(rows.map((row) => ({ ...row, views: Number(row.views), visitors: Number(row.visitors) }))).toEqual([
      {
        path: `/insights/${INSIGHT}`,
        insightId: INSIGHT,
        referrerHost: 'linkedin.com',
        utmSource: 'newsletter',
        utmMedium: 'email',
        country: 'GB',
        device: 'desktop',
        source: 'server',
        views: 3,
        visitors: 1,
      },
    ]);
  });

  it('tells devices apart, and leaves out the country of an address the table does not know', async () => {
    const campaign = mark();
    await page({ address: '10.1.2.3', userAgent: IPHONE }, `/services?utm_campaign=${campaign}`);
    const row = await eventually(
      () => viewsOf(campaign),
      (found) => found.length === 1,
      'the view',
    );
    expect(row).toEqual([expect.objectContaining({ path: '/services', country: null, device: 'mobile', referrerHost: null, utmSource: null })]);
  });

  it('does not count Sec-GPC or DNT, bots, a missing User-Agent, staff, previews, router requests, data or missing pages', async () => {
    const campaign = mark();
    const visitor = { address: someAddress(), userAgent: chrome() };
    const about = `/about?utm_campaign=${campaign}`;
    const answers: Record<string, number> = {};
    await afterTheseAreWritten(async () => {
      const sent = {
        gpc: await page(visitor, about, { 'sec-gpc': '1' }),
        dnt: await page(visitor, about, { dnt: '1' }),
        googlebot: await page({ ...visitor, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, about),
        headless: await page({ ...visitor, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0.0.0 Safari/537.36' }, about),
        curl: await page({ ...visitor, userAgent: 'curl/8.5.0' }, about),
        noAgent: await page({ ...visitor, userAgent: '' }, about),
        staff: await page(visitor, about, { cookie: 'tp_staff_session=anything' }),
        draft: await page(visitor, about, { cookie: '__prerender_bypass=anything' }),
        router: await page(visitor, about, { rsc: '1' }),
        prefetch: await page(visitor, about, { 'sec-purpose': 'prefetch' }),
        json: await fetch(`${server.baseUrl}/v1/services?utm_campaign=${campaign}`, { headers: { 'user-agent': visitor.userAgent } }),
        missing: await page(visitor, `/no-such-page?utm_campaign=${campaign}`),
        staffPage: await page(visitor, `/staff/sign-in?utm_campaign=${campaign}`),
      };
      for (const [name, response] of Object.entries(sent)) {
        answers[name] = response.status;
        await response.arrayBuffer();
      }
    });
    expect(answers).toMatchObject({ gpc: 200, dnt: 200, googlebot: 200, staff: 200, draft: 200, json: 200, missing: 404, staffPage: 200 });
    expect(await viewsOf(campaign)).toEqual([]);
  });
});

describe('the page beacon at /a', () => {
  it('answers 204 to a page report and counts it: a view the server did not see, and the time and depth read', async () => {
    const visitor = { address: someAddress(), userAgent: chrome() };
    const campaign = mark();
    const view = await beacon(visitor, JSON.stringify({ t: 'view', u: `/insights/${INSIGHT}?utm_campaign=${campaign}`, r: 'https://news.ycombinator.com/' }));
    expect([view.status, view.headers.get('cache-control'), await view.text()]).toEqual([204, 'no-store', '']);
    const left = await beacon(visitor, JSON.stringify({ t: 'leave', u: `/insights/${INSIGHT}?utm_campaign=${campaign}`, s: 95, d: 80 }));
    expect(left.status).toBe(204);
    const rows = await eventually(
      () => viewsOf(campaign),
      (found) => found.length === 1,
      'the view',
    );
    expect(rows).toEqual([expect.objectContaining({ path: `/insights/${INSIGHT}`, referrerHost: 'news.ycombinator.com', source: 'browser' })]);
    const visitorHash = (await sql.get<{ visitor: string }>(`SELECT "visitor" FROM "AnalyticsPageView" WHERE "utmCampaign" = ?`, campaign))!.visitor;
    const reading = await eventually(
      () => sql.all(`SELECT "path", "insightId", "seconds", "scrollPercent" FROM "AnalyticsEngagement" WHERE "visitor" = ?`, visitorHash),
      (found) => found.length === 1,
      'the reading report',
    );
    expect(reading).toEqual([{ path: `/insights/${INSIGHT}`, insightId: INSIGHT, seconds: 95, scrollPercent: 80 }]);
  });

  it.each([
    ['not JSON', 'view /about'],
    ['JSON of another shape', JSON.stringify({ t: 'view' })],
    ['a reading out of range', JSON.stringify({ t: 'leave', u: '/about', s: -1 })],
    ['an empty body', ''],
  ])('answers 400 in the error envelope to %s, and counts nothing', async (_name, body) => {
    const response = await beacon({ address: someAddress(), userAgent: chrome() }, body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      code: 'BAD_REQUEST',
      detail: 'The body is not a page report: JSON {"t":"view","u":path} or {"t":"leave","u":path,"s":seconds,"d":percent}.',
    });
  });

  it('refuses a report sent from another site with 403, as every POST from a foreign origin', async () => {
    const response = await beacon({ address: someAddress(), userAgent: chrome() }, JSON.stringify({ t: 'view', u: '/about' }), {
      origin: 'https://elsewhere.example',
    });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe('CROSS_ORIGIN_REFUSED');
  });

  it('answers 413 to a body longer than a page report can be, without reading it', async () => {
    const response = await beacon({ address: someAddress(), userAgent: chrome() }, JSON.stringify({ t: 'view', u: `/${'x'.repeat(5000)}` }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', detail: 'A page report is at most 4096 bytes.' });
  });

  it('answers 204 to a visitor who asks not to be tracked, and to a bot, and counts neither', async () => {
    const campaign = mark();
    const report = JSON.stringify({ t: 'view', u: `/about?utm_campaign=${campaign}` });
    const statuses: number[] = [];
    await afterTheseAreWritten(async () => {
      statuses.push((await beacon({ address: someAddress(), userAgent: chrome() }, report, { 'sec-gpc': '1' })).status);
      statuses.push((await beacon({ address: someAddress(), userAgent: chrome() }, report, { dnt: '1' })).status);
      statuses.push((await beacon({ address: someAddress(), userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, report)).status);
    });
    expect(statuses).toEqual([204, 204, 204]);
    expect(await viewsOf(campaign)).toEqual([]);
  });
});

/** Presses "Update now" on /staff/analytics as `cookie`: the figures are built from what was stored. */
async function updateNow(cookie: string, from: string, to: string): Promise<Response> {
  return callServerAction(server.baseUrl, {
    page: '/staff/analytics',
    filename: 'app/staff/analytics/actions.ts',
    exportedName: 'refreshAnalyticsAction',
    args: [from, to],
    cookie,
  });
}

const csvOf = async (cookie: string, query: string) => {
  const response = await fetch(`${server.baseUrl}/staff/analytics/export?${query}`, { headers: { cookie } });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    text: await response.text(),
  };
};

describe('from a campaign visit to /staff/analytics', () => {
  it('credits an inquiry to the campaign, landing page and insight read, on the page, the insight staff page and in CSV', async () => {
    const visitor = { address: someAddress(), userAgent: chrome() };
    const campaign = mark();
    expect((await page(visitor, `/services?utm_source=partner&utm_medium=referral&utm_campaign=${campaign}`)).status).toBe(200);
    expect((await page(visitor, `/insights/${INSIGHT}`)).status).toBe(200);
    await eventually(
      () => viewsOf(campaign),
      (found) => found.length === 1,
      'the landing view',
    );
    const inquiry = await fetch(`${server.baseUrl}/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': visitor.userAgent, 'x-forwarded-for': visitor.address },
      body: JSON.stringify({
        companyName: 'Allegheny Castings',
        contactName: 'Rosa Diaz',
        email: `rosa.${campaign}@castings.example`,
        problemDescription: 'Our heat-treat furnace runs overtime every week while assembly waits for parts.',
        urgency: 'high',
      }),
    });
    expect(inquiry.status).toBe(200);
    const conversion = await sql.get(
      `SELECT "kind", "attributed", "landingPath", "lastInsightId", "utmCampaign" FROM "AnalyticsConversion" WHERE "kind" = 'inquiry_submitted' ORDER BY "id" DESC`,
    );
    expect(conversion).toEqual({ kind: 'inquiry_submitted', attributed: 0, landingPath: null, lastInsightId: null, utmCampaign: null });
    // The conversion is attributed once its visit's views are surely stored (two flushes).
    await new Promise((resolve) => setTimeout(resolve, 3 * FLUSH_MS));

    const marketing = await staffCookie('marketing', server.databaseUrl);
    const today = (await sql.get<{ day: string }>(`SELECT "day" FROM "AnalyticsPageView" WHERE "utmCampaign" = ?`, campaign))!.day;
    const updated = await updateNow(marketing, today, today);
    expect(updated.headers.get('x-action-redirect')).toBe(`/staff/analytics?from=${today}&to=${today}&done=updated;push`);
    expect(
      await sql.get(
        `SELECT "attributed", "landingPath", "lastInsightId", "utmSource", "utmMedium", "utmCampaign" FROM "AnalyticsConversion" WHERE "kind" = 'inquiry_submitted' ORDER BY "id" DESC`,
      ),
    ).toEqual({ attributed: 1, landingPath: '/services', lastInsightId: INSIGHT, utmSource: 'partner', utmMedium: 'referral', utmCampaign: campaign });

    const range = `from=${today}&to=${today}`;
    const campaigns = await csvOf(marketing, `table=campaigns&${range}`);
    expect(campaigns.status).toBe(200);
    expect(campaigns.type).toBe('text/csv; charset=utf-8');
    expect(campaigns.disposition).toBe(`attachment; filename="analytics-campaigns-${today}-to-${today}.csv"`);
    const lines = campaigns.text.split('\r\n');
    expect(lines[0]).toBe('Source,Medium,Campaign,Visitors,Visits,Page views,"Inquiries, bookings and checkouts started",Paid');
    expect(lines.filter((line) => line.includes(campaign))).toEqual([`partner,referral,${campaign},1,1,1,1,0`]);

    // React separates the parts of a text with empty comments.
    const html = (await (await fetch(`${server.baseUrl}/staff/analytics?${range}`, { headers: { cookie: marketing } })).text()).replaceAll('<!-- -->', '');
    expect(html).toContain(`${today} to ${today} (1 day)`);
    expect(html).toContain(campaign);
    expect(html).toContain(`/staff/analytics/export?table=campaigns&amp;${range.replace('&', '&amp;')}`);
    const insightPanel = await (await fetch(`${server.baseUrl}/staff/content/insights/${INSIGHT}`, { headers: { cookie: marketing } })).text();
    expect(insightPanel).toContain('data-testid="insight-analytics"');
  });

  it('is for marketing and admins: sales get 403, and a visitor is sent to sign in', async () => {
    const statuses = [];
    for (const role of ['marketing', 'admin', 'sales'] as const) {
      const cookie = await staffCookie(role, server.databaseUrl);
      statuses.push([
        role,
        (await fetch(`${server.baseUrl}/staff/analytics`, { headers: { cookie } })).status,
        (await csvOf(cookie, 'table=pages')).status,
        (await updateNow(cookie, '2026-01-01', '2026-01-31')).status,
      ]);
    }
    expect(statuses).toEqual([
      ['marketing', 200, 200, 200],
      ['admin', 200, 200, 200],
      ['sales', 403, 403, 403],
    ]);
    const visitor = await fetch(`${server.baseUrl}/staff/analytics`, { redirect: 'manual' });
    expect([visitor.status, visitor.headers.get('location')]).toEqual([307, '/staff/sign-in?next=%2Fstaff%2Fanalytics']);
  });

  it('answers 404 for a table that does not exist, and exports the whole table even past what the page shows', async () => {
    const marketing = await staffCookie('marketing', server.databaseUrl);
    expect(await csvOf(marketing, 'table=secrets')).toEqual({ status: 404, type: 'text/plain; charset=utf-8', disposition: null, text: 'No such table.' });
    const devices = await csvOf(marketing, 'table=devices&days=7');
    expect(devices.text.split('\r\n')[0]).toBe('Device,Visitors,Visits,Page views');
  });
});

describe('personal data', () => {
  it('never reaches the stored rows (no address, User-Agent, query or e-mail) or the log (no User-Agent or query)', async () => {
    const visitor = { address: BRITISH_ADDRESS, userAgent: chrome() };
    const campaign = mark();
    await page(visitor, `/about?utm_campaign=${campaign}&email=someone%40mail.example`);
    await beacon(visitor, JSON.stringify({ t: 'leave', u: `/about?email=someone%40mail.example`, s: 3, d: 10 }));
    await eventually(
      () => viewsOf(campaign),
      (found) => found.length === 1,
      'the view',
    );
    const stored = JSON.stringify([
      ...(await sql.all(`SELECT * FROM "AnalyticsPageView"`)),
      ...(await sql.all(`SELECT * FROM "AnalyticsEngagement"`)),
      ...(await sql.all(`SELECT * FROM "AnalyticsConversion"`)),
    ]);
    for (const personal of [visitor.address, visitor.userAgent, 'Chrome/131', 'someone', 'rosa.', '203.0.113.']) expect(stored).not.toContain(personal);
    // The access log names the client's address (docs/operations.md); analytics add nothing of the visitor to it.
    const log = server.output();
    for (const personal of [visitor.userAgent, 'someone']) expect(log).not.toContain(personal);
  });
});

/**
 * A server of its own for one test (FLUSH_MS unless `flushMs`), with one campaign visit to an insight made on it:
 * `run` gets the server, its database and the campaign of that visit; both are closed after.
 */
async function withOneVisit(
  options: { flushMs?: number; readyPath?: string; analytics?: 'on' | 'off' },
  run: (own: TestServer, ownSql: TestSql, campaign: string) => Promise<void>,
): Promise<void> {
  const env = { TRUSTED_PROXY: '127.0.0.1', ANALYTICS_FLUSH_MS: String(options.flushMs ?? FLUSH_MS), JOB_RUNNER: 'off', ANALYTICS: options.analytics ?? 'on' };
  const own = await startTestServer({ env, readyPath: options.readyPath });
  const ownSql = openTestSql(own.databaseUrl);
  try {
    const campaign = mark();
    const response = await fetch(`${own.baseUrl}/insights/${INSIGHT}?utm_source=newsletter&utm_campaign=${campaign}`, {
      headers: { accept: 'text/html', 'user-agent': chrome(), 'x-forwarded-for': someAddress() },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    await run(own, ownSql, campaign);
  } finally {
    await ownSql.close();
    await own.stop();
  }
}

const storedViews = (ownSql: TestSql) => ownSql.all(`SELECT "path", "views", "utmCampaign" FROM "AnalyticsPageView"`);

describe('a fresh web server', () => {
  it('counts the very first page it answers, before any other request reached Next', async () => {
    // Ready when the web server answers /livez, which it does itself: Next has answered nothing before the visit.
    await withOneVisit({ readyPath: '/livez' }, async (_fresh, freshSql, campaign) => {
      const rows = await eventually(
        () => storedViews(freshSql),
        (found) => found.length > 0,
        'the first page to be stored',
        5_000,
      );
      expect(rows).toEqual([{ path: `/insights/${INSIGHT}`, views: 1, utmCampaign: campaign }]);
    });
  }, 120_000);
});

describe('a web server that stops', () => {
  it('writes the page views it holds before it exits on SIGTERM, however long until the next write', async () => {
    // A write a minute (the most ANALYTICS_FLUSH_MS allows): within this test only the shutdown can write the view.
    await withOneVisit({ flushMs: 60_000 }, async (stopping, stoppingSql, campaign) => {
      expect(await storedViews(stoppingSql)).toEqual([]);
      await stopping.server.stop('SIGTERM');
      expect(stopping.server.web.exitCode).toBe(0);
      expect(await storedViews(stoppingSql)).toEqual([{ path: `/insights/${INSIGHT}`, views: 1, utmCampaign: campaign }]);
    });
  }, 120_000);
});

describe('ANALYTICS=off', () => {
  it('counts nothing, neither pages nor beacon reports, makes no salt, and still answers the beacon with 204', async () => {
    // A write a minute: nothing is written before SIGTERM, which writes whatever would have been counted.
    await withOneVisit({ flushMs: 60_000, analytics: 'off' }, async (off, offSql) => {
      const visitor = { address: someAddress(), userAgent: chrome() };
      const view = await beacon(visitor, JSON.stringify({ t: 'view', u: `/insights/${INSIGHT}?utm_campaign=${mark()}` }), {}, off.baseUrl);
      const left = await beacon(visitor, JSON.stringify({ t: 'leave', u: `/insights/${INSIGHT}`, s: 40, d: 70 }), {}, off.baseUrl);
      expect([view.status, left.status]).toEqual([204, 204]);
      await off.server.stop('SIGTERM');
      expect(off.server.web.exitCode).toBe(0);
      const counted = await offSql.get<{ views: number; readings: number; salts: number }>(
        `SELECT (SELECT COUNT(*) FROM "AnalyticsPageView") AS "views", (SELECT COUNT(*) FROM "AnalyticsEngagement") AS "readings", (SELECT COUNT(*) FROM "AnalyticsSalt") AS "salts"`,
      );
      // COUNT(*) is a bigint, a string, on PostgreSQL.
      expect(Object.values(counted!).map(Number)).toEqual([0, 0, 0]);
    });
  }, 120_000);
});
