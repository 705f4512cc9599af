import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { manualClock } from '@/test-support/manual-clock';
import { dayCalendar } from './analytics-day';
import { createDailySalts } from './daily-salt';
import { createEventBatch } from './event-batch';
import { pruneAnalytics } from './rollups';
import { visitorHash } from './visitor-hash';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ZONE = 'America/New_York';

beforeEach(async () => {
  await db.analyticsPageView.deleteMany();
  await db.analyticsEngagement.deleteMany();
  await db.analyticsSalt.deleteMany();
});

/** Writes one page view per (address, agent) at `at` through a fresh batch, and returns the visitors stored, in order. */
async function visitorsAt(at: Date, clients: [string, string][]): Promise<string[]> {
  // Written at once: the report's time is the clock's.
  const batch = createEventBatch({ siteHost: 'throughline.example', zone: ZONE, clock: () => at });
  for (const [address, userAgent] of clients) batch.pageView({ at: at.getTime(), path: '/about', search: '', address, userAgent, source: 'server' });
  const before = await db.analyticsPageView.count();
  await batch.flush();
  const rows = await db.analyticsPageView.findMany({ orderBy: { id: 'asc' }, skip: before });
  return rows.map((row) => row.visitor);
}

describe('visitor hash', () => {
  it('is sha256 of salt, address, agent and site, cut to 128 bits, and changes with any of them', () => {
    const hash = visitorHash('salt', '203.0.113.7', CHROME, 'throughline.example');
    // The first 32 hex digits of sha256("salt\n203.0.113.7\n<CHROME>\nthroughline.example"), as `sha256sum` gives them.
    expect(hash).toBe('5eec2aebecdd27636c130d372cb06f02');
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
    const [first, second] = [createDailySalts(dayCalendar(ZONE)), createDailySalts(dayCalendar(ZONE))];
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

  it('is forgotten by an instance once its day has ended, asked for or not, also on the day the clocks go back', async () => {
    // Sunday 1 November 2026: New York repeats 1:00 to 2:00; the day ends at 05:00Z on the 2nd, 25 hours after it began.
    expect(dayCalendar(ZONE).endOf('2026-11-01')).toBe(Date.parse('2026-11-02T05:00:00Z'));
    const clock = manualClock('2026-11-02T04:59:00Z');
    const salts = createDailySalts(dayCalendar(ZONE));
    const salt = await salts.saltOf('2026-11-01', clock.now());
    salts.forgetPast(clock.set('2026-11-02T04:59:59.999Z'));
    expect(salts.heldDay()).toBe('2026-11-01');
    salts.forgetPast(clock.set('2026-11-02T05:00:00Z'));
    expect(salts.heldDay()).toBeUndefined();
    // Asked for after midnight, a past day's salt is read while the minute's job has not deleted it, but no longer held.
    const other = createDailySalts(dayCalendar(ZONE));
    await other.saltOf('2026-11-01', new Date('2026-11-02T04:00:00Z'));
    expect(other.heldDay()).toBe('2026-11-01');
    expect(await other.saltOf('2026-11-01', clock.now())).toBe(salt);
    expect(other.heldDay()).toBeUndefined();
  });

  it('is never made for a past day: a report written after its day’s salt was deleted is dropped, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Reports of Wednesday 25 November, 23:59:58 New York time, written at 00:00:03 and at 00:01:03 on Thursday.
    const lateEvening = new Date('2026-11-26T04:59:58Z');
    const clock = manualClock(lateEvening);
    const batch = createEventBatch({ siteHost: 'throughline.example', zone: ZONE, clock: clock.now });
    batch.pageView({ at: lateEvening.getTime(), path: '/about', search: '', address: '203.0.113.7', userAgent: CHROME, source: 'server' });
    await batch.flush();
    const { salt } = await db.analyticsSalt.findUniqueOrThrow({ where: { day: '2026-11-25' } });
    clock.set('2026-11-26T05:00:03Z');
    batch.pageView({ at: lateEvening.getTime(), path: '/contact', search: '', address: '203.0.113.7', userAgent: CHROME, source: 'server' });
    await batch.flush();
    expect(await pruneAnalytics(clock.now())).toMatchObject({ salts: 1 });
    clock.set('2026-11-26T05:01:03Z');
    batch.pageView({ at: lateEvening.getTime(), path: '/services', search: '', address: '203.0.113.8', userAgent: CHROME, source: 'server' });
    batch.reading({ at: lateEvening.getTime(), path: '/about', seconds: 30, scrollPercent: 60, address: '203.0.113.7', userAgent: CHROME });
    await batch.flush();
    const rows = await db.analyticsPageView.findMany({ orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.day, row.path, row.visitor])).toEqual([
      ['2026-11-25', '/about', visitorHash(salt, '203.0.113.7', CHROME, 'throughline.example')],
      ['2026-11-25', '/contact', visitorHash(salt, '203.0.113.7', CHROME, 'throughline.example')],
    ]);
    expect(await db.analyticsSalt.count()).toBe(0);
    expect(warn.mock.calls).toEqual([['analytics: 2 reports dropped (their day is over and its salt deleted)']]);
    warn.mockRestore();
  });
});
