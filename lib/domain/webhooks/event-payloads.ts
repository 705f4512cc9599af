import type { WebhookEventData } from '@/lib/contract/webhook-events';
import type { Checkout as CheckoutRow, Report as ReportRow } from '@/lib/generated/prisma/client';
import { publicIdForToken } from '../../core/secret-tokens';
import type { BookingWithConsultant } from '../mail/booking-mail';
import { managedView } from '../bookings/managed-booking-view';
import { checkoutRecordOf } from '../checkout/checkout-record';
import { reportRecordOf } from '../reports/report-record';

/*
 * Each event's payload, from the record as the change left it, through the same view /v1 uses (an inquiry's is
 * lib/domain/inquiries/inquiry-record.ts, shared with its messages); what the view holds
 * that opens the record (a management link, a token, a report link) is replaced by an id that opens nothing.
 */

export const checkoutIdOf = (checkoutToken: string) => publicIdForToken('chk', checkoutToken);
export const reportIdOf = (reportToken: string) => publicIdForToken('rpt', reportToken);

export function bookingEventData(booking: BookingWithConsultant, now: Date): WebhookEventData<'booking.confirmed'> {
  const { manageUrl: _link, ...view } = managedView(booking, now);
  return view;
}

export function bookingRescheduledData(
  booking: BookingWithConsultant,
  previous: { start: Date; end: Date },
  now: Date,
): WebhookEventData<'booking.rescheduled'> {
  return { ...bookingEventData(booking, now), previousScheduledTime: previous.start.toISOString(), previousEndTime: previous.end.toISOString() };
}

export function checkoutEventData(checkout: CheckoutRow, reportToken: string | null, now: Date): WebhookEventData<'checkout.completed'> {
  const { token: _token, reportUrl: _reportUrl, ...record } = checkoutRecordOf(checkout, reportToken, now);
  return { ...record, id: checkoutIdOf(checkout.token), reportId: reportToken ? reportIdOf(reportToken) : null };
}

export function reportEventData(report: ReportRow): WebhookEventData<'report.ready'> {
  const { token: _token, ...record } = reportRecordOf(report);
  return { ...record, id: reportIdOf(report.token), checkoutId: checkoutIdOf(report.checkoutToken) };
}
