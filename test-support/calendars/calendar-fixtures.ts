import { DateTime } from 'luxon';
import { db } from '@/lib/db/client';
import type { StaffActor } from '@/lib/domain/staff/roles';
import { setCalendarFetchDefaults } from '@/lib/calendars/calendar-fetch';
import { listFreeSlots, requestBooking } from '@/lib/domain/bookings/request-booking';
import { startRadicale, type RadicaleServer } from './radicale-server.mjs';

/** A key for tests only (32 bytes of base64); set before the configuration is first read. */
export const TEST_CALENDAR_KEY = 'dGVzdC1vbmx5LWNhbGVuZGFyLWtleS0zMi1ieXRlcyE=';

export const FIRM_ZONE = 'America/New_York';
export const CALDAV_USER = 'margaret';
export const CALDAV_PASSWORD = 'radicale-app-password-1';

export const SALES: StaffActor = { id: 'staff_sales_test', email: 'sales@throughline.example', displayName: 'Sam Sales', role: 'sales' };

/**
 * Radicale with one user who has a "work" and a "personal" calendar, allowed through the guarded calendar fetch of
 * this test process (what CALENDAR_ALLOWED_HOSTS does in a server).
 */
export async function radicaleWithCalendars(extraAllowed: string[] = []): Promise<RadicaleServer> {
  const radicale = await startRadicale({ users: { [CALDAV_USER]: CALDAV_PASSWORD } });
  await radicale.makeCalendar(CALDAV_USER, 'work', 'Work');
  await radicale.makeCalendar(CALDAV_USER, 'personal', 'Personal');
  setCalendarFetchDefaults({ allowedHosts: [radicale.hostPort, ...extraAllowed] });
  return radicale;
}

/** Leaves one consultant active, so what blocks a slot is exactly their calendar. */
export async function onlyActiveConsultant(id: string): Promise<void> {
  await db.consultant.updateMany({ where: { id: { not: id } }, data: { active: false } });
  await db.consultant.update({ where: { id }, data: { active: true } });
}

/** Start times ("HH:mm", firm zone) of the free 60-minute slots on `date` (YYYY-MM-DD), as the booking page lists them. */
export async function freeHoursOn(date: string, now: Date): Promise<string[]> {
  const slots = await listFreeSlots({ durationMinutes: 60, now });
  return slots
    .map((slot) => DateTime.fromISO(slot.start, { zone: FIRM_ZONE }))
    .filter((start) => start.toISODate() === date)
    .map((start) => start.toFormat('HH:mm'));
}

/** A firm-local wall time as a Date. */
export function firmTime(iso: string): Date {
  return DateTime.fromISO(iso, { zone: FIRM_ZONE }).toJSDate();
}

/** A visitor's booking request for one time; resolves with the stored booking. */
export async function bookAt(start: Date, now: Date, email = 'visitor@client.example') {
  const confirmation = await requestBooking(
    { name: 'Sam Okoye', email, context: 'Packaging line bottleneck', preferredTimes: [start.toISOString()], duration: 60 },
    now,
  );
  return { ...confirmation, token: new URL(confirmation.manageUrl!).pathname.split('/').at(-1)! };
}
