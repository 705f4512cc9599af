import { CalendarFetchError, FEED, httpFailure } from './calendar-fetch-error';

export type FeedFetch = { notModified: true } | { notModified: false; ics: string; etag: string | null; lastModified: string | null };

/**
 * Reads a read-only iCalendar feed (Google's and Outlook's secret addresses) with a conditional GET, so an unchanged
 * feed costs a 304. The address is the feed's secret: errors name its host only.
 */
export async function fetchFeed(fetcher: typeof fetch, url: string, previous: { etag: string | null; lastModified: string | null }): Promise<FeedFetch> {
  const host = new URL(url.replace(/^webcals?:/i, 'https:')).host;
  const response = await fetcher(url, {
    headers: {
      accept: 'text/calendar, text/plain;q=0.5',
      ...(previous.etag ? { 'if-none-match': previous.etag } : {}),
      ...(previous.lastModified ? { 'if-modified-since': previous.lastModified } : {}),
    },
  });
  const body = await response.text();
  if (response.status === 304) return { notModified: true };
  if (!response.ok) throw httpFailure(host, response.status, FEED);
  if (!/BEGIN:VCALENDAR/i.test(body.slice(0, 2048)))
    throw new CalendarFetchError('NOT_ICALENDAR', `${host} did not send an iCalendar (.ics) feed at that address.`);
  return { notModified: false, ics: body, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
}
