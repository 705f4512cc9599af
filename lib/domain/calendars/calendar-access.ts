import { config } from '@/lib/config';
import type { CalendarConnection } from '@/lib/generated/prisma/client';
import { calendarFetch } from '../../calendars/calendar-fetch';
import type { CaldavAccess } from '../../calendars/caldav-client';
import { openSecret, sealSecret } from '../../calendars/secret-box';

/** Seals a connection's secret (app password or feed address) under CALENDAR_SECRET_KEY, bound to the row's id. */
export function sealConnectionSecret(connectionId: string, secret: string): string {
  return sealSecret(secret, { key: config().CALENDAR_SECRET_KEY, boundTo: connectionId });
}

type Sealed = Pick<CalendarConnection, 'id' | 'sealedSecret'>;

export function connectionSecret(connection: Sealed): string {
  return openSecret(connection.sealedSecret, { key: config().CALENDAR_SECRET_KEY, boundTo: connection.id });
}

/** How to talk to a CalDAV connection's server: its user, its password (opened only here, kept in memory) and the guarded fetch. */
export function caldavAccess(connection: Sealed & Pick<CalendarConnection, 'serverUrl' | 'username'>): CaldavAccess {
  return { serverUrl: connection.serverUrl!, username: connection.username ?? '', password: connectionSecret(connection), fetch: calendarFetch() };
}

/** The zone all-day events and floating times are read in: consultants keep the firm's hours (FIRM_TIME_ZONE). */
export function consultantZone(): string {
  return config().FIRM_TIME_ZONE;
}

/** Events this site wrote into a consultant's calendar (bookings, UID booking-<id>@<host>): the slot claims already hold them. */
export function isOwnBookingUid(uid: string): boolean {
  return /^booking-bkg_[A-Za-z0-9_-]+@/.test(uid) && uid.endsWith(`@${new URL(config().SITE_URL).hostname}`);
}

/** The span busy intervals are kept for: from a day ago to two days past the booking horizon. */
export function expansionWindow(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - 86_400_000), to: new Date(now.getTime() + (config().BOOKING_HORIZON_DAYS + 2) * 86_400_000) };
}
