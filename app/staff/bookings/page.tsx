import { StaffPageHeader } from '@/components/staff/staff-page-header';
import { StaffSelect } from '@/components/staff/staff-select';
import { config } from '@/lib/config';
import { commitmentsOfBookings } from '@/lib/domain/commitments/staff-commitments';
import { assignableStaff } from '@/lib/domain/commitments/staff-people';
import { listBookingsForStaff } from '@/lib/domain/staff/inbox';
import { activeConsultants } from '@/lib/domain/scheduling/firm-calendar';
import { formatDateTime } from '@/lib/format';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { CommitmentPanel } from '../commitment-panel';
import { cancelBookingAction, confirmBookingAction } from '../inbox-actions';
import { OutcomeMessage } from '../outcome-message';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Bookings' };

export default async function BookingsPage({ searchParams }: { searchParams: Promise<{ error?: string; done?: string }> }) {
  await requireStaff('inbox', '/staff/bookings');
  const [bookings, consultants, assignable] = await Promise.all([listBookingsForStaff(), activeConsultants(), assignableStaff()]);
  const commitments = await commitmentsOfBookings(bookings.map((booking) => booking.id));
  const now = new Date();
  const zone = config().FIRM_TIME_ZONE;
  const query = await searchParams;
  return (
    <>
      <StaffPageHeader title="Bookings" />
      <OutcomeMessage error={query.error} done={query.done} />
      <ul className="mt-6 space-y-4">
        {bookings.map((booking) => (
          <li key={booking.id} id={`booking-${booking.id}`} className="rounded-lg border border-line bg-surface p-4" data-testid={`booking-${booking.id}`}>
            <p className="font-semibold">
              {booking.name} <span className="font-normal text-ink-muted">({booking.email})</span>
            </p>
            <p className="text-sm">
              <strong data-testid="booking-status">{booking.status}</strong> · {formatDateTime(booking.scheduledStart.toISOString(), zone)} ·{' '}
              {booking.durationMinutes} min · {booking.serviceType ?? 'any topic'}
              {booking.consultant ? ` · ${booking.consultant.name}` : ''}
            </p>
            <p className="mt-2 whitespace-pre-wrap text-sm">{booking.context}</p>
            <CommitmentPanel commitments={commitments.get(booking.id) ?? []} assignable={assignable} back="/staff/bookings" now={now} zone={zone} />
            <div className="mt-3 flex flex-wrap items-end gap-4">
              {booking.status === 'pending' && (
                <form action={confirmBookingAction.bind(null, booking.id)} className="flex flex-wrap items-end gap-3">
                  <StaffSelect compact label="Consultant" name="consultantId" options={consultants.map((c) => ({ value: c.id, label: c.name }))} />
                  <label className="block text-sm">
                    <span className="block font-medium">Start (New York time)</span>
                    <input type="datetime-local" name="start" required className="mt-1 rounded-md border border-ink/40 bg-surface px-2 py-1.5" />
                  </label>
                  <button type="submit" className="rounded-md bg-accent px-3 py-2 text-sm font-semibold text-paper hover:bg-accent-strong">
                    Confirm
                  </button>
                </form>
              )}
              <form action={cancelBookingAction.bind(null, booking.id)}>
                <button type="submit" className="rounded-md border border-line px-3 py-2 text-sm font-medium">
                  Cancel booking
                </button>
              </form>
            </div>
          </li>
        ))}
      </ul>
      {bookings.length === 0 && <p className="mt-6 text-ink-muted">No pending or confirmed bookings.</p>}
    </>
  );
}
