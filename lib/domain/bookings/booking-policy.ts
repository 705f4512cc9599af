import { config } from '@/lib/config';

/** Visitors may cancel or move a confirmed consultation up to this long before it starts. */
export const CANCELLATION_NOTICE_HOURS = 24;

type Timed = { status: string; scheduledStart: Date };

/** Until when the booker may cancel or move it themselves: 24 hours before a confirmed meeting; none for others. */
export function cancellationDeadline(booking: Timed): Date | null {
  return booking.status === 'confirmed' ? new Date(booking.scheduledStart.getTime() - CANCELLATION_NOTICE_HOURS * 3_600_000) : null;
}

/**
 * Whether the booker may cancel or reschedule now: a confirmed booking before its deadline, and a pending request
 * at any time (nothing is in anyone's calendar yet). A cancelled booking stays cancelled.
 */
export function isChangeable(booking: Timed, now: Date): boolean {
  if (booking.status === 'pending') return true;
  const deadline = cancellationDeadline(booking);
  return deadline !== null && now < deadline;
}

/** The booker's page: `/bookings/{token}` on the public origin. */
export function manageUrl(manageToken: string): string {
  return `${config().SITE_URL}/bookings/${encodeURIComponent(manageToken)}`;
}

export function manageApiPath(manageToken: string): string {
  return `/v1/bookings/${encodeURIComponent(manageToken)}`;
}
