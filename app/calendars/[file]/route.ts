import { subscriptionFeed } from '@/lib/domain/calendars/subscription-feed';

/**
 * A consultant's private subscription feed, /calendars/{secret}.ics: their bookings for Google Calendar or Outlook to
 * subscribe to. Every unknown, revoked or malformed address gets the same 404, which never echoes it.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file)?.[1];
  const feed = token ? await subscriptionFeed(token, new Date()) : null;
  const headers = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' };
  if (!feed) return new Response('Not found\n', { status: 404, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(feed, {
    headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8', 'content-disposition': 'inline; filename="bookings.ics"' },
  });
}
