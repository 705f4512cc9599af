import { config } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';
import { dayCalendar } from './analytics-day';
import { createDailySalts } from './daily-salt';
import { createEventBatch, type EventBatch, type PageViewReport, type ReadingReport } from './event-batch';

/** Whether analytics count anything (ANALYTICS=off turns every count into nothing). */
export const analyticsEnabled = (): boolean => config().ANALYTICS === 'on';

/** The site's host name, part of every visitor hash. */
export const siteHost = (): string => new URL(config().SITE_URL).hostname;

/** The process's calendar and salts, shared by the page-view batch and conversions, so both make the same hash. */
export const analyticsCalendar = () => processSingleton('analytics-calendar', () => dayCalendar(config().FIRM_TIME_ZONE));
export const analyticsSalts = () => processSingleton('analytics-salts', () => createDailySalts(analyticsCalendar()));

/** Where page views and reading reports go: the analytics writer's thread, or this thread's own batch. */
export interface AnalyticsReports {
  pageView(report: PageViewReport): void;
  reading(report: ReadingReport): void;
  /** Resolves once every report given so far is written; `now` (the real time unless given) decides which days' salts may be made. */
  flush(now?: Date): Promise<void>;
}

/**
 * This thread's batch of page views and reading reports, written every ANALYTICS_FLUSH_MS: in the analytics writer's
 * thread (server/analytics-writer.ts), or wherever no writer thread runs (`next dev`, the tests of the domain). Writes
 * take turns, so a flush asked for while the timer's is under way also waits for that one.
 */
export function analyticsBatch(): AnalyticsReports & Pick<EventBatch, 'countView'> {
  return processSingleton('analytics-batch', () => {
    const { ANALYTICS_FLUSH_MS, FIRM_TIME_ZONE } = config();
    const batch = createEventBatch({ siteHost: siteHost(), zone: FIRM_TIME_ZONE, salts: analyticsSalts(), calendar: analyticsCalendar() });
    let writing = Promise.resolve();
    let flushes = 0;
    const flush = (now?: Date) => {
      flushes += 1;
      writing = writing.then(() => batch.flush(now)).finally(() => (flushes -= 1));
      return writing;
    };
    setInterval(() => {
      if (flushes === 0 && batch.pending() > 0) void flush();
    }, ANALYTICS_FLUSH_MS).unref();
    return { pageView: batch.pageView, countView: batch.countView, reading: batch.reading, flush };
  });
}

/** Looked up once: every counted view asks. The web server sets and clears its `current`, never replaces it. */
const writerHolder = processSingleton<{ current?: AnalyticsReports }>('analytics-writer', () => ({}));

/**
 * Where this process's reports go: the writer thread the web server started (server/analytics-writer-thread.mjs
 * publishes it on globalThis), so that working them out and writing them costs the threads answering requests
 * nothing; else this thread's own batch.
 */
export function analyticsReports(): AnalyticsReports {
  return writerHolder.current ?? analyticsBatch();
}

/** The firm's today, as analytics count days. */
export const analyticsToday = (now = new Date()) => analyticsCalendar().dayOf(now);
