import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { storedMessages } from '@/test-support/mail/stored-messages';
import { requestBooking } from '../bookings/request-booking';
import { submitInquiry } from '../inquiries/inquiries';
import { createStaffUser } from './accounts';
import { cancelBooking, confirmPendingBooking, getInquiryForStaff, transitionInquiry } from './inbox';

const actorPromise = createStaffUser({ email: 'sales@throughline.example', displayName: 'Sales', role: 'sales', password: 'a long sales password' });

/** A weekday 10 days out at 11:00 firm time, when every seeded consultant works. */
function weekdayAt(hour: number): Date {
  let day = DateTime.now().setZone('America/New_York').plus({ days: 10 }).startOf('day');
  while (day.weekday > 5) day = day.plus({ days: 1 });
  return day.set({ hour }).toJSDate();
}

describe('inquiry transitions', () => {
  it('records legal moves with who, when and the note, and refuses illegal ones', async () => {
    const actor = await actorPromise;
    const { id } = await submitInquiry({ companyName: 'Acme', contactName: 'Jo', email: 'jo@acme.example', problemDescription: 'Late orders.' });
    await transitionInquiry(actor, id, 'reviewed', 'Looks like a scheduling issue');
    await expect(transitionInquiry(actor, id, 'in-progress')).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    await expect(transitionInquiry(actor, id, 'submitted')).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    await transitionInquiry(actor, id, 'closed');
    await expect(transitionInquiry(actor, id, 'reviewed')).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    const inquiry = await getInquiryForStaff(id);
    expect(inquiry.status).toBe('closed');
    expect(inquiry.statusChanges.map((c) => [c.fromStatus, c.toStatus, c.note, c.actor.displayName])).toEqual([
      ['submitted', 'reviewed', 'Looks like a scheduling issue', 'Sales'],
      ['reviewed', 'closed', null, 'Sales'],
    ]);
    expect(await db.auditLog.count({ where: { entityId: id, action: 'inquiry.transition' } })).toBe(2);
  });
});

describe('confirming a pending booking', () => {
  it('respects the no-double-booking rule, and a cancelled slot becomes free again', async () => {
    const actor = await actorPromise;
    const start = weekdayAt(11);
    const taken = await requestBooking({
      name: 'First',
      email: 'first@a.example',
      context: 'x',
      preferredTimes: [start.toISOString()],
      serviceType: 'offer-analysis',
      duration: 60,
    });
    expect(taken.status).toBe('confirmed');
    const takenRow = await db.booking.findUniqueOrThrow({ where: { id: taken.id } });

    const pending = await requestBooking({
      name: 'Second',
      email: 'second@a.example',
      context: 'x',
      preferredTimes: [weekdayAt(22).toISOString()],
      duration: 60,
    });
    expect(pending.status).toBe('pending');

    const overlapping = new Date(start.getTime() + 30 * 60_000);
    await expect(confirmPendingBooking(actor, pending.id, takenRow.consultantId!, overlapping)).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    expect((await db.booking.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe('pending');

    await cancelBooking(actor, taken.id);
    expect(await db.bookingSlotClaim.count({ where: { bookingId: taken.id } })).toBe(0);
    await confirmPendingBooking(actor, pending.id, takenRow.consultantId!, overlapping);
    const confirmed = await db.booking.findUniqueOrThrow({ where: { id: pending.id } });
    expect(confirmed).toMatchObject({ status: 'confirmed', consultantId: takenRow.consultantId, calendarSequence: 1 });
    await expect(confirmPendingBooking(actor, pending.id, takenRow.consultantId!, overlapping)).rejects.toMatchObject({ code: 'BOOKING_NOT_PENDING' });
  });
});

describe('the booker hears of every staff change', () => {
  it('gets the confirmation with its invite when staff schedule a request, and a CANCEL when staff cancel it', async () => {
    const actor = await actorPromise;
    const pending = await requestBooking({
      name: 'Third',
      email: 'third@a.example',
      context: 'x',
      preferredTimes: [weekdayAt(23).toISOString()],
      duration: 60,
    });
    const start = weekdayAt(13); // Daniel Reyes works 09:00 to 17:00, and nobody in this file books him
    await confirmPendingBooking(actor, pending.id, 'daniel-reyes', start);
    await cancelBooking(actor, pending.id);
    await cancelBooking(actor, pending.id); // already cancelled: nothing more to say

    const messages = await storedMessages({ type: 'booking', id: pending.id });
    expect(messages.map((m) => [m.kind, m.recipients, m.calendar?.method ?? null, m.calendar?.sequence ?? null])).toEqual([
      ['booking-requested', ['third@a.example'], null, null],
      ['booking-confirmed', ['third@a.example'], 'REQUEST', 1],
      ['booking-cancelled', ['third@a.example'], 'CANCEL', 2],
    ]);
    expect(messages[1]!.calendar!.dtstart).toBe(start.toISOString());
    expect(messages[2]!.message.text).toContain('We have had to cancel your consultation on');
    expect(await db.booking.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ status: 'cancelled', cancelledBy: 'staff', calendarSequence: 2 });
  });
});
