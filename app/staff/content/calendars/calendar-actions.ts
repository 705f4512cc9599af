'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { DomainError } from '@/lib/core/errors';
import {
  chooseCalendars,
  connectCaldavCalendar,
  connectFeedCalendar,
  disconnectCalendar,
  requestCalendarSync,
} from '@/lib/domain/calendars/calendar-connections';
import { createCalendarSubscription, revokeCalendarSubscription } from '@/lib/domain/calendars/subscription-feed';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { withOutcome } from '../../action-outcome';

/*
 * The Calendars section of a consultant's page (sales and admin). Connecting answers in the form's own state, so a
 * refusal keeps what was typed (never the password) and a success returns to the page; nothing secret ever goes into
 * an address: the subscription address is shown once, in the state of the form that made it.
 */

export interface CalendarFormState {
  error?: string;
  /** The new subscription address, shown once. */
  subscriptionUrl?: string;
  values?: Record<string, string>;
}

const pagePath = (consultantId: string) => `/staff/content/consultants/${encodeURIComponent(consultantId)}`;
const text = (formData: FormData, name: string, max = 2000) => String(formData.get(name) ?? '').slice(0, max);

async function connected(consultantId: string, connect: () => Promise<unknown>, values: Record<string, string>): Promise<CalendarFormState> {
  try {
    await connect();
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message, values };
    throw error;
  }
  revalidatePath(pagePath(consultantId));
  redirect(`${pagePath(consultantId)}?done=calendar-connected`);
}

export async function connectCaldavAction(consultantId: string, _previous: CalendarFormState, formData: FormData): Promise<CalendarFormState> {
  const actor = await requireStaff('calendars', pagePath(consultantId));
  const serverUrl = text(formData, 'serverUrl').trim();
  const username = text(formData, 'username', 500);
  const password = text(formData, 'password', 500);
  return connected(consultantId, () => connectCaldavCalendar(actor, consultantId, { serverUrl, username, password }, new Date()), { serverUrl, username });
}

export async function connectFeedAction(consultantId: string, _previous: CalendarFormState, formData: FormData): Promise<CalendarFormState> {
  const actor = await requireStaff('calendars', pagePath(consultantId));
  // The feed's address is its secret: it is not sent back into the form after a refusal.
  return connected(consultantId, () => connectFeedCalendar(actor, consultantId, text(formData, 'feedUrl').trim(), new Date()), {});
}

export async function chooseCalendarsAction(consultantId: string, connectionId: string, formData: FormData): Promise<void> {
  const actor = await requireStaff('calendars', pagePath(consultantId));
  const bookingUrl = text(formData, 'bookingCalendar');
  await withOutcome(
    pagePath(consultantId),
    () => chooseCalendars(actor, connectionId, { busyUrls: formData.getAll('busy').map(String), bookingUrl: bookingUrl || null }, new Date()),
    'calendar-choices',
  );
}

export async function syncCalendarAction(consultantId: string, connectionId: string): Promise<void> {
  const actor = await requireStaff('calendars', pagePath(consultantId));
  await withOutcome(pagePath(consultantId), () => requestCalendarSync(actor, connectionId, new Date()), 'calendar-sync');
}

export async function disconnectCalendarAction(consultantId: string, connectionId: string): Promise<void> {
  const actor = await requireStaff('calendars', pagePath(consultantId));
  await withOutcome(pagePath(consultantId), () => disconnectCalendar(actor, connectionId), 'calendar-disconnected');
}

export async function createSubscriptionAction(consultantId: string, _previous: CalendarFormState): Promise<CalendarFormState> {
  const actor = await requireStaff('calendars', pagePath(consultantId));
  const subscriptionUrl = await createCalendarSubscription(actor, consultantId, new Date());
  revalidatePath(pagePath(consultantId));
  return { subscriptionUrl };
}

export async function revokeSubscriptionAction(consultantId: string): Promise<void> {
  const actor = await requireStaff('calendars', pagePath(consultantId));
  await withOutcome(pagePath(consultantId), () => revokeCalendarSubscription(actor, consultantId), 'calendar-subscription-revoked');
}
