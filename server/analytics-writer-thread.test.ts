import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { analyticsBatch, analyticsReports } from '@/lib/domain/analytics/analytics-services';
import { visitorHash } from '@/lib/domain/analytics/visitor-hash';
import { startAnalyticsWriterThread } from './analytics-writer-thread.mjs';
import { compiledEntry, compileInCheckout } from './compiled.mjs';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
// The writer dates each row by its report: nothing here reads the real clock.
const AT = new Date('2026-11-25T15:00:00.000Z');
const view = (address: string, userAgent: string, search = '') => ({ at: AT.getTime(), path: '/about', search, address, userAgent, source: 'server' as const });

let writer: { stop(): Promise<void> } | undefined;
const logged: string[] = [];

beforeAll(() => compileInCheckout(), 60_000);
beforeEach(async () => {
  await db.analyticsPageView.deleteMany();
  await db.analyticsEngagement.deleteMany();
  writer = startAnalyticsWriterThread({ entry: compiledEntry('analytics-writer'), log: (line: string) => logged.push(line) });
});
afterEach(async () => {
  await writer?.stop();
  expect(logged).toEqual([]);
});

/** The nice value of each thread of this process, from /proc (field 19 of a thread's stat line). */
const threadNices = () =>
  readdirSync('/proc/self/task').map((task) => Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));

async function storedViews() {
  const salt = (await db.analyticsSalt.findUniqueOrThrow({ where: { day: '2026-11-25' } })).salt;
  const rows = await db.analyticsPageView.findMany({ orderBy: { id: 'asc' }, omit: { id: true } });
  return { salt, rows };
}

describe('the analytics writer thread (server/analytics-writer-thread.mjs)', () => {
  it("takes the process's reports, works them out on its own thread, and answers a flush once they are written", async () => {
    const reports = analyticsReports();
    expect(reports).not.toBe(analyticsBatch());
    reports.pageView(view('203.0.113.7', CHROME, '?utm_source=newsletter&utm_medium=email&utm_campaign=dbr'));
    // The same view 0.4 s later: one row counting both, at the first one's time.
    reports.pageView({ ...view('203.0.113.7', CHROME, '?utm_source=newsletter&utm_medium=email&utm_campaign=dbr'), at: AT.getTime() + 400 });
    reports.pageView(view('203.0.113.9', BOT));
    reports.reading({ at: AT.getTime(), path: '/about', seconds: 95, scrollPercent: 80, address: '203.0.113.7', userAgent: CHROME });
    await reports.flush(new Date(AT.getTime() + 1000));
    const { salt, rows } = await storedViews();
    const visitor = visitorHash(salt, '203.0.113.7', CHROME, 'localhost');
    expect(rows).toEqual([
      {
        day: '2026-11-25',
        at: AT,
        visitor,
        path: '/about',
        insightId: null,
        serviceId: null,
        referrerHost: null,
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'dbr',
        country: null,
        device: 'desktop',
        views: 2,
        source: 'server',
      },
    ]);
    expect(await db.analyticsEngagement.findMany({ omit: { id: true } })).toEqual([
      { day: '2026-11-25', at: AT, visitor, path: '/about', insightId: null, seconds: 95, scrollPercent: 80 },
    ]);
  });

  it('writes what it holds when the web server stops it, and the process counts on its own thread after that', async () => {
    // The thread writes at its own (real) time on stop, after the 25th: that day's salt is read, as before the minute's job deletes it.
    await db.analyticsSalt.upsert({ where: { day: '2026-11-25' }, create: { day: '2026-11-25', salt: 'salt-of-the-25th', createdAt: AT }, update: {} });
    analyticsReports().pageView(view('198.51.100.4', CHROME));
    await writer!.stop();
    writer = undefined;
    expect((await storedViews()).rows).toMatchObject([{ path: '/about', views: 1 }]);
    expect(analyticsReports()).toBe(analyticsBatch());
  });

  it.runIf(process.platform === 'linux')('runs ten nice steps below the thread that started it, and moves no other thread', async () => {
    // Answering a flush proves the thread has started and lowered itself.
    await analyticsReports().flush(new Date(AT.getTime() + 1000));
    const own = threadNices()[0]!;
    expect(threadNices().filter((nice) => nice !== own)).toEqual([Math.min(19, own + 10)]);
  });
});
