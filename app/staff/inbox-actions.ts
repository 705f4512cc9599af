'use server';

import { DateTime } from 'luxon';
import { config } from '@/lib/config';
import { INQUIRY_STATUSES } from '@/lib/contract/inquiries';
import { DomainError } from '@/lib/core/errors';
import { cancelBooking, confirmPendingBooking, transitionInquiry } from '@/lib/domain/staff/inbox';
import type { InquiryStatusValue } from '@/lib/domain/staff/inquiry-workflow';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { withOutcome } from './action-outcome';

export async function transitionInquiryAction(inquiryId: string, formData: FormData): Promise<void> {
  const actor = await requireStaff('inbox', `/staff/inquiries/${inquiryId}`);
  const to = String(formData.get('status') ?? '');
  const note = String(formData.get('note') ?? '')
    .trim()
    .slice(0, 2000);
  await withOutcome(`/staff/inquiries/${inquiryId}`, async () => {
    if (!(INQUIRY_STATUSES as readonly string[]).includes(to)) throw new DomainError('TRANSITION_NOT_ALLOWED', 'Choose a status.');
    await transitionInquiry(actor, inquiryId, to as InquiryStatusValue, note || undefined);
  });
}

export async function confirmBookingAction(bookingId: string, formData: FormData): Promise<void> {
  const actor = await requireStaff('inbox', '/staff/bookings');
  await withOutcome('/staff/bookings', async () => {
    // The form's date-time has no zone: it is the firm's local time, as the page says.
    const start = DateTime.fromISO(String(formData.get('start') ?? ''), { zone: config().FIRM_TIME_ZONE });
    if (!start.isValid) throw new DomainError('SLOT_UNAVAILABLE', 'Enter a date and time.');
    await confirmPendingBooking(actor, bookingId, String(formData.get('consultantId') ?? ''), start.toJSDate());
  });
}

export async function cancelBookingAction(bookingId: string): Promise<void> {
  const actor = await requireStaff('inbox', '/staff/bookings');
  await withOutcome('/staff/bookings', () => cancelBooking(actor, bookingId));
}
