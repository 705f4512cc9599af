import type { ServiceCategoryId } from '@/lib/contract/catalogue';
import type { ManagedBookingBody } from '@/lib/contract/booking-management';
import { stringArray } from '../../core/json-columns';
import type { BookingWithConsultant } from '../mail/booking-mail';
import { cancellationDeadline, isChangeable, manageUrl } from './booking-policy';

/** A booking as its booker sees it through the management token (and, without the link, as webhooks report it). */
export function managedView(booking: BookingWithConsultant, now: Date): ManagedBookingBody {
  return {
    id: booking.id,
    status: booking.status as ManagedBookingBody['status'],
    scheduledTime: booking.scheduledStart.toISOString(),
    endTime: booking.scheduledEnd.toISOString(),
    duration: booking.durationMinutes,
    consultantName: booking.consultant?.name ?? null,
    meetingLink: booking.status === 'confirmed' ? booking.meetingLink : null,
    name: booking.name,
    confirmationEmail: booking.email,
    context: booking.context,
    serviceType: booking.serviceType as ServiceCategoryId | null,
    preferredTimes: stringArray(booking.preferredTimes, 'Booking.preferredTimes').map((time) => new Date(time).toISOString()),
    cancellationDeadline: cancellationDeadline(booking)?.toISOString() ?? null,
    changeable: isChangeable(booking, now),
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    cancelledBy: (booking.cancelledBy as ManagedBookingBody['cancelledBy']) ?? null,
    manageUrl: manageUrl(booking.manageToken),
  };
}
