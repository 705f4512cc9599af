import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { dayCalendar } from './analytics-day';
import { createDailySalts } from './daily-salt';
import { createEventBatch, type PageViewReport } from './event-batch';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
// Rows are dated by their report: nothing here reads the real clock.
const AT = new Date('2026-11-25T15:00:00.000Z');
const view = (address: string, at = AT): PageViewReport => ({ at: at.getTime(), path: '/about', search: '', address, userAgent: CHROME, source: 'server' });
const batchOf = (maxPending?: number) => createEventBatch({ siteHost: 'throughline.example', zone: 'America/New_York', maxPending, clock: () => AT });
const stored = () => db.analyticsPageView.findMany({ orderBy: { id: 'asc' }, select: { at: true, path: true, views: true } });

beforeEach(async () => {
  await db.analyticsPageView.deleteMany();
  await db.analyticsSalt.deleteMany();
});
afterEach(() => vi.restoreAllMocks());

describe('the page-view batch (createEventBatch)', () => {
  it('counts views held under one key into one row, at the first one’s time, asking for the report only once', async () => {
    const batch = batchOf();
    const report = vi.fn(() => view('203.0.113.7'));
    batch.countView('one visitor on /about', AT.getTime(), report);
    batch.countView('one visitor on /about', AT.getTime() + 3000, () => view('203.0.113.7', new Date(AT.getTime() + 3000)));
    batch.countView('one visitor on /about', AT.getTime() + 4000, report);
    expect(report).toHaveBeenCalledTimes(1);
    expect(batch.pending()).toBe(1);
    await batch.flush();
    expect(await stored()).toEqual([{ at: AT, path: '/about', views: 3 }]);
    expect(batch.pending()).toBe(0);
  });

  it('holds nothing for a key whose report is not a page view', async () => {
    const batch = batchOf();
    batch.countView('a line that is not a view', AT.getTime(), () => null);
    expect(batch.pending()).toBe(0);
    await batch.flush();
    expect(await stored()).toEqual([]);
  });

  it('holds at most maxPending reports between two writes, counts repeats of held ones, and drops the rest with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const batch = batchOf(2);
    batch.pageView(view('203.0.113.1'));
    batch.pageView(view('203.0.113.2'));
    batch.pageView(view('203.0.113.3'));
    batch.pageView(view('203.0.113.1'));
    batch.reading({ at: AT.getTime(), path: '/about', seconds: 30, scrollPercent: 50, userAgent: CHROME, address: '203.0.113.4' });
    expect(batch.pending()).toBe(2);
    await batch.flush();
    expect(warn.mock.calls).toEqual([['analytics: 2 reports dropped (more than 2 between two writes)']]);
    expect(await stored()).toEqual([
      { at: AT, path: '/about', views: 2 },
      { at: AT, path: '/about', views: 1 },
    ]);
  });

  it('asks for each day’s salt once a flush, however many reports of that day it holds (a past day’s is a database read)', async () => {
    const calendar = dayCalendar('America/New_York');
    const salts = createDailySalts(calendar);
    const saltOf = vi.spyOn(salts, 'saltOf');
    const yesterday = new Date(AT.getTime() - 24 * 3_600_000);
    // Yesterday's salt is still stored (the minute's job has not deleted it yet); the flush runs today.
    await salts.saltOf(calendar.dayOf(yesterday), yesterday);
    saltOf.mockClear();
    const batch = createEventBatch({ siteHost: 'throughline.example', zone: 'America/New_York', calendar, salts, clock: () => AT });
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) batch.pageView(view(address, yesterday));
    for (const address of ['203.0.113.4', '203.0.113.5']) batch.pageView(view(address));
    await batch.flush();
    expect(saltOf.mock.calls.map(([day]) => day)).toEqual(['2026-11-24', '2026-11-25']);
    expect((await stored()).map((row) => row.at)).toEqual([yesterday, yesterday, yesterday, AT, AT]);
  });
});
