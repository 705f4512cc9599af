import { config } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';
import { dayCalendar } from './analytics-day';
import { createDailySalts } from './daily-salt';
import { createEventBatch, type EventBatch } from './event-batch';

/** Whether analytics count anything (ANALYTICS=off turns every count into nothing). */
export const analyticsEnabled = (): boolean => config().ANALYTICS === 'on';

/** The site's host name, part of every visitor hash. */
export const siteHost = (): string => new URL(config().SITE_URL).hostname;

/** The process's calendar and salts, shared by the page-view batch and conversions, so both make the same hash. */
export const analyticsCalendar = () => processSingleton('analytics-calendar', () => dayCalendar(config().FIRM_TIME_ZONE));
export const analyticsSalts = () => processSingleton('analytics-salts', createDailySalts);

/** The process's batch of page views and reading reports, written every ANALYTICS_FLUSH_MS. */
export function analyticsBatch(): EventBatch {
  return processSingleton('analytics-batch', () => {
    const { ANALYTICS_FLUSH_MS, FIRM_TIME_ZONE } = config();
    const batch = createEventBatch({ siteHost: siteHost(), zone: FIRM_TIME_ZONE, salts: analyticsSalts(), calendar: analyticsCalendar() });
    let flushing = false;
    setInterval(() => {
      if (flushing || batch.pending() === 0) return;
      flushing = true;
      batch.flush().finally(() => (flushing = false));
    }, ANALYTICS_FLUSH_MS).unref();
    return batch;
  });
}

/** The firm's today, as analytics count days. */
export const analyticsToday = (now = new Date()) => analyticsCalendar().dayOf(now);
