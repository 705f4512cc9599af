import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { manualClock } from '@/test-support/manual-clock';
import { createDailySalts } from './daily-salt';
import { createEventBatch } from './event-batch';
import { pruneAnalytics } from './rollups';
import { visitorHash } from './visitor-hash';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ZONE = 'America/New_York';

beforeEach(async () => {
  await db.analyticsPageView.deleteMany();
  await db.analyticsSalt.deleteMany();
});

/** Writes one page view per (address, agent) at `at` through a fresh batch, and returns the visitors stored, in order. */
async function visitorsAt(at: Date, clients: [string, string][]): Promise<string[]> {
  const batch = createEventBatch({ siteHost: 'throughline.example', zone: ZONE });
  for (const [address, userAgent] of clients) batch.pageView({ at, path: '/about', search: '', address, userAgent, source: 'server' });
  const before = await db.analyticsPageView.count();
  await batch.flush();
  const rows = await db.analyticsPageView.findMany({ orderBy: { id: 'asc' }, skip: before });
  return rows.map((row) => row.visitor);
}

describe('visitor hash', () => {
  it('is sha256 of salt, address, agent and site, cut to 128 bits, and changes with any of them', () => {
    const hash = visitorHash('salt', '203.0.113.7', CHROME, 'throughline.example');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash('salt', '203.0.113.7', CHROME, 'throughline.example')).toBe(hash);
    expect(
      new Set([
        hash,
        visitorHash('other', '203.0.113.7', CHROME, 'throughline.example'),
        visitorHash('salt', '203.0.113.8', CHROME, 'throughline.example'),
        visitorHash('salt', '203.0.113.7', FIREFOX, 'throughline.example'),
        visitorHash('salt', '203.0.113.7', CHROME, 'other.example'),
      ]).size,
    ).toBe(5);
  });

  it('is one visitor per address and browser within a firm day, and another on each following day of the week', async () => {
    // Monday 23 November 2026 to Sunday 29 November, 9:00 and 23:59 New York time each day.
    const perDay: string[][] = [];
    for (let date = 23; date <= 29; date += 1) {
      const morning = await visitorsAt(new Date(`2026-11-${date}T14:00:00Z`), [
        ['203.0.113.7', CHROME],
        ['203.0.113.7', FIREFOX],
        ['198.51.100.4', CHROME],
      ]);
      const lastMinute = await visitorsAt(new Date(`2026-11-${date + 1}T04:59:00Z`), [['203.0.113.7', CHROME]]);
      expect(new Set(morning).size).toBe(3);
      expect(lastMinute).toEqual([morning[0]]);
      perDay.push(morning);
    }
    expect(new Set(perDay.flat()).size).toBe(21);
    const days = await db.analyticsPageView.findMany({ distinct: ['day'], select: { day: true }, orderBy: { day: 'asc' } });
    expect(days.map(({ day }) => day)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });

  it('rotates at the firm’s midnight, also on the day the clocks go forward', async () => {
    // Sunday 8 March 2026: New York skips 2:00 to 3:00; the day ends at 04:00Z on the 9th.
    const [before] = await visitorsAt(new Date('2026-03-09T03:59:59Z'), [['203.0.113.7', CHROME]]);
    const [sameDay] = await visitorsAt(new Date('2026-03-08T05:00:00Z'), [['203.0.113.7', CHROME]]);
    const [after] = await visitorsAt(new Date('2026-03-09T04:00:00Z'), [['203.0.113.7', CHROME]]);
    expect(sameDay).toBe(before);
    expect(after).not.toBe(before);
    expect((await db.analyticsSalt.findMany({ orderBy: { day: 'asc' } })).map((salt) => salt.day)).toEqual(['2026-03-08', '2026-03-09']);
  });

  it('shares one salt per day between instances, and deletes it once the day is over', async () => {
    const clock = manualClock('2026-11-25T15:00:00Z');
    const [first, second] = [createDailySalts(), createDailySalts()];
    const [a, b] = await Promise.all([first.saltOf('2026-11-25', clock.now()), second.saltOf('2026-11-25', clock.now())]);
    expect(a).toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await pruneAnalytics(clock.now());
    expect(await db.analyticsSalt.count()).toBe(1);
    clock.set('2026-11-26T05:00:00Z'); // 00:00 on the 26th in New York
    expect(await pruneAnalytics(clock.now())).toEqual({ rows: 0, salts: 1, visitorsCleared: 0 });
    expect(await db.analyticsSalt.count()).toBe(0);
    // Nobody can make the 25th's hashes again: a new salt for the 26th is another.
    expect(await first.saltOf('2026-11-26', clock.now())).not.toBe(a);
  });
});
