'use server';

import { notFound, redirect } from 'next/navigation';
import { BookingReschedule } from '@/lib/contract/booking-management';
import { cancelManagedBooking, getManagedBooking, rescheduleManagedBooking } from '@/lib/domain/bookings/manage-booking';
import { DomainError } from '@/lib/core/errors';
import { optional } from '@/lib/forms/form-state';
import { oncePerSubmission } from '@/lib/forms/once-per-submission';
import type { BookingPageError, BookingPageOutcome } from '@/lib/site/booking-page-messages';
import { BOOKING_PAGE_ERRORS } from '@/lib/site/booking-page-messages';
import { withQuery } from '@/lib/site/with-query';

/** Back to the booking's page, in the zone (and on the day) the visitor was looking at, with what happened. */
function backTo(token: string, formData: FormData, outcome: { done?: BookingPageOutcome; error?: BookingPageError }): string {
  return withQuery(`/bookings/${encodeURIComponent(token)}`, {
    tz: optional(formData.get('tz')),
    day: outcome.error ? optional(formData.get('day')) : undefined,
    ...outcome,
  });
}

/** Runs a change; a refusal the visitor can act on comes back as its code, an unknown token as the 404 page. */
async function attempt<T>(change: () => Promise<T>): Promise<{ result: T } | { error: BookingPageError }> {
  try {
    return { result: await change() };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === 'NOT_FOUND') notFound();
    if (Object.hasOwn(BOOKING_PAGE_ERRORS, error.code)) return { error: error.code as BookingPageError };
    throw error;
  }
}

/** The page's Cancel button: the same use case as POST /v1/bookings/{token}/cancel. */
export async function cancelBookingFromPage(token: string, formData: FormData): Promise<void> {
  const outcome = await attempt(() => cancelManagedBooking(token));
  redirect(backTo(token, formData, 'error' in outcome ? outcome : { done: 'cancelled' }));
}

/** The page's Move form: one new time, the same use case and rule as POST /v1/bookings/{token}/reschedule. */
export async function rescheduleBookingFromPage(token: string, formData: FormData): Promise<void> {
  const parsed = BookingReschedule.safeParse({ preferredTimes: [optional(formData.get('newTime'))].filter(Boolean) });
  if (!parsed.success) redirect(backTo(token, formData, { error: 'CHOOSE_TIME' }));
  const { preferredTimes } = parsed.data;
  const outcome = await attempt(async () => {
    const before = await getManagedBooking(token);
    // A double click, or the form sent again from the browser's history, moves the booking once.
    const after = await oncePerSubmission('rescheduleBooking', formData, { token, preferredTimes }, () => rescheduleManagedBooking(token, preferredTimes));
    return after.status === 'pending' ? 'requested' : before.status === 'pending' ? 'confirmed' : 'moved';
  });
  redirect(backTo(token, formData, 'error' in outcome ? outcome : { done: outcome.result }));
}
