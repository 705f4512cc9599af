import { DateTime } from 'luxon';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import type { BookingRequestInput } from '@/lib/contract/booking';
import { storedMessages } from '@/test-support/mail/stored-messages';
import { requestBooking } from './request-booking';
import { cancelBookingRecord } from './booking-changes';
import { cancelManagedBooking, getManagedBooking, rescheduleManagedBooking } from './manage-booking';
import { loadMailSettings } from '../mail/mail-settings';

/** Monday 1 March 2027, 09:00 in New York: every booking below is two days out, inside the 24-hour notice and the horizon. */
const NOW = new Date('2027-03-01T14:00:00Z');
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
/** A firm-local time ("2027-03-03T11:00") as the ISO string a client would send. */
const ny = (local: string) => DateTime.fromISO(local, { zone: 'America/New_York' }).toISO()!;
const utc = (local: string) => new Date(ny(local)).toISOString();

const request = (preferredTimes: string[], extra: Partial<BookingRequestInput> = {}): BookingRequestInput => ({
  name: 'Sam Okoye',
  email: 'sam@ridgeline.example',
  context: 'Packaging line bottleneck',
  preferredTimes,
  serviceType: 'offer-analysis',
  duration: 60,
  ...extra,
});

async function book(local: string, extra: Partial<BookingRequestInput> = {}) {
  const confirmation = await requestBooking(request([ny(local)], extra), NOW);
  const row = await db.booking.findUniqueOrThrow({ where: { id: confirmation.id } });
  return { confirmation, row, token: row.manageToken };
}

const claimsOf = (bookingId: string) => db.bookingSlotClaim.findMany({ where: { bookingId }, orderBy: { slotStart: 'asc' } });
const messagesOf = (bookingId: string) => storedMessages({ type: 'booking', id: bookingId });

beforeEach(async () => {
  await db.bookingSlotClaim.deleteMany();
  await db.booking.deleteMany();
  await db.outboxMessage.deleteMany();
});

describe('booking with a management link', () => {
  it('gives each booking a 256-bit token, its page in the answer, and a confirmation with the invite at SEQUENCE 0', async () => {
    const { confirmation, row, token } = await book('2027-03-03T11:00');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(confirmation).toMatchObject({
      status: 'confirmed',
      scheduledTime: utc('2027-03-03T11:00'),
      cancellationDeadline: utc('2027-03-02T11:00'),
      manageUrl: `http://localhost:3000/bookings/${token}`,
      manageApiUrl: `/v1/bookings/${token}`,
    });
    expect(row.calendarSequence).toBe(0);
    const [confirmed, ...more] = await messagesOf(row.id);
    expect(more).toEqual([]);
    expect(confirmed).toMatchObject({ kind: 'booking-confirmed', status: 'queued', recipients: ['sam@ridgeline.example'] });
    expect(confirmed!.calendar).toMatchObject({ method: 'REQUEST', uid: `booking-${row.id}@localhost`, sequence: 0, dtstart: utc('2027-03-03T11:00') });
    expect(confirmed!.message.text).toContain(`http://localhost:3000/bookings/${token}`);
  });

  it('shows the booking to whoever has the token, and nothing for a wrong one', async () => {
    const { row, token } = await book('2027-03-03T11:00');
    expect(await getManagedBooking(token, NOW)).toEqual({
      id: row.id,
      status: 'confirmed',
      scheduledTime: utc('2027-03-03T11:00'),
      endTime: utc('2027-03-03T12:00'),
      duration: 60,
      consultantName: expect.stringMatching(/^(Margaret Okafor|Tomasz Wieczorek)$/),
      meetingLink: row.meetingLink,
      name: 'Sam Okoye',
      confirmationEmail: 'sam@ridgeline.example',
      context: 'Packaging line bottleneck',
      serviceType: 'offer-analysis',
      preferredTimes: [utc('2027-03-03T11:00')],
      cancellationDeadline: utc('2027-03-02T11:00'),
      changeable: true,
      cancelledAt: null,
      cancelledBy: null,
      manageUrl: `http://localhost:3000/bookings/${token}`,
    });
    await expect(getManagedBooking(`${token}x`, NOW)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(cancelManagedBooking('not-a-token', NOW)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('cancelling', () => {
  it('before the deadline frees the time, bumps SEQUENCE and sends a CANCEL for the same UID; once only', async () => {
    const { row, token } = await book('2027-03-03T11:00');
    const cancelled = await cancelManagedBooking(token, minutesLater(10));
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelledAt: minutesLater(10).toISOString(),
      cancelledBy: 'visitor',
      changeable: false,
      meetingLink: null,
    });
    expect(await claimsOf(row.id)).toEqual([]);
    expect((await db.booking.findUniqueOrThrow({ where: { id: row.id } })).calendarSequence).toBe(1);
    const messages = await messagesOf(row.id);
    expect(messages.map((m) => m.kind)).toEqual(['booking-confirmed', 'booking-cancelled']);
    expect(messages[1]!.calendar).toMatchObject({ method: 'CANCEL', uid: `booking-${row.id}@localhost`, sequence: 1, dtstart: utc('2027-03-03T11:00') });
    expect(messages[1]!.message.text).toContain('is cancelled, as you asked.');
    expect(messages[1]!.message.text).toContain(`http://localhost:3000/bookings/${token}`);

    // Cancelling again answers with the booking as it is, and tells nobody anything new.
    expect(await cancelManagedBooking(token, minutesLater(20))).toEqual(cancelled);
    expect(await messagesOf(row.id)).toHaveLength(2);
    // The freed time can be booked by someone else with the same consultant.
    const again = await requestBooking(request([ny('2027-03-03T11:00')], { email: 'next@ridgeline.example' }), minutesLater(30));
    expect(again.status).toBe('confirmed');
  });

  it('refuses after the deadline with CANCELLATION_CLOSED and how to reach the firm, changing nothing', async () => {
    const { row, token } = await book('2027-03-03T11:00');
    const deadline = new Date(utc('2027-03-02T11:00'));
    expect((await getManagedBooking(token, new Date(deadline.getTime() - 1))).changeable).toBe(true);
    expect((await getManagedBooking(token, deadline)).changeable).toBe(false);
    await expect(cancelManagedBooking(token, deadline)).rejects.toMatchObject({
      code: 'CANCELLATION_CLOSED',
      message: 'Changes online closed 24 hours before the consultation. Please contact us on +1 412 555 0148 or at hello@throughlinepartners.com instead.',
      details: { cancellationDeadline: deadline.toISOString(), contactEmail: 'hello@throughlinepartners.com', contactPhone: '+1 412 555 0148' },
    });
    await expect(rescheduleManagedBooking(token, [ny('2027-03-04T11:00')], deadline)).rejects.toMatchObject({ code: 'CANCELLATION_CLOSED' });
    expect(await db.booking.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: 'confirmed', calendarSequence: 0 });
    expect(await claimsOf(row.id)).toHaveLength(4);
    expect(await messagesOf(row.id)).toHaveLength(1);
  });
});

describe('rescheduling a confirmed booking', () => {
  it('claims the new time and frees the old one, keeps the consultant, and sends the change with SEQUENCE 1', async () => {
    const { row, token } = await book('2027-03-03T11:00');
    const moved = await rescheduleManagedBooking(token, [ny('2027-03-03T03:00'), ny('2027-03-04T13:30')], minutesLater(5));
    expect(moved).toMatchObject({
      status: 'confirmed',
      scheduledTime: utc('2027-03-04T13:30'),
      endTime: utc('2027-03-04T14:30'),
      cancellationDeadline: utc('2027-03-03T13:30'),
    });
    const after = await db.booking.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ consultantId: row.consultantId, meetingLink: row.meetingLink, calendarSequence: 1 });
    expect((await claimsOf(row.id)).map((c) => [c.consultantId, c.slotStart.toISOString()])).toEqual(
      [0, 15, 30, 45].map((m) => [row.consultantId, new Date(Date.parse(utc('2027-03-04T13:30')) + m * 60_000).toISOString()]),
    );
    const [, changed] = await messagesOf(row.id);
    expect(changed!.kind).toBe('booking-changed');
    expect(changed!.calendar).toMatchObject({ method: 'REQUEST', uid: `booking-${row.id}@localhost`, sequence: 1, dtstart: utc('2027-03-04T13:30') });
    expect(changed!.message.text).toContain('Was:    Wednesday 3 March 2027, 11:00 AM to 12:00 PM EST');
  });

  it('stays where it is with SLOT_UNAVAILABLE when no preferred time is free or inside the window', async () => {
    const { row, token } = await book('2027-03-03T11:00');
    const tooSoon = ny('2027-03-01T15:00');
    await expect(rescheduleManagedBooking(token, [ny('2027-03-03T03:00'), tooSoon], minutesLater(5))).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    expect(await db.booking.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ scheduledStart: row.scheduledStart, calendarSequence: 0 });
    expect(await claimsOf(row.id)).toHaveLength(4);
    expect(await messagesOf(row.id)).toHaveLength(1);
  });

  it("keeps its time, unchanged, when that time comes before every free one in the booker's list", async () => {
    const { row, token } = await book('2027-03-03T11:00');
    const unchanged = await rescheduleManagedBooking(token, [ny('2027-03-03T03:00'), ny('2027-03-03T11:00'), ny('2027-03-04T13:30')], minutesLater(5));
    expect(unchanged.scheduledTime).toBe(utc('2027-03-03T11:00'));
    expect((await db.booking.findUniqueOrThrow({ where: { id: row.id } })).calendarSequence).toBe(0);
    expect(await messagesOf(row.id)).toHaveLength(1);
  });

  it('never double-books: a move racing a new booking for the only consultant free at 17:00, one wins', async () => {
    // Offer analysis at 17:00 New York: only Tomasz Wieczorek (10:00 to 18:00) works then.
    const { row, token } = await book('2027-03-03T11:00');
    const [move, other] = await Promise.allSettled([
      rescheduleManagedBooking(token, [ny('2027-03-03T17:00')], minutesLater(5)),
      requestBooking(request([ny('2027-03-03T17:00')], { name: 'Rival', email: 'rival@example.com' }), minutesLater(5)),
    ]);
    const atFive = await db.booking.findMany({ where: { status: 'confirmed', scheduledStart: new Date(utc('2027-03-03T17:00')) } });
    expect(atFive).toHaveLength(1);
    expect(atFive[0]!.consultantId).toBe('tomasz-wieczorek');
    const claimsAtFive = await db.bookingSlotClaim.findMany({
      where: { consultantId: 'tomasz-wieczorek', slotStart: { gte: new Date(utc('2027-03-03T17:00')) } },
    });
    expect(claimsAtFive.map((c) => c.bookingId)).toEqual([atFive[0]!.id, atFive[0]!.id, atFive[0]!.id, atFive[0]!.id]);
    if (atFive[0]!.id === row.id) {
      expect(move.status).toBe('fulfilled');
      expect(other).toMatchObject({ status: 'fulfilled', value: { status: 'pending' } });
    } else {
      expect(move).toMatchObject({ status: 'rejected', reason: { code: 'SLOT_UNAVAILABLE' } });
      expect((await db.booking.findUniqueOrThrow({ where: { id: row.id } })).scheduledStart).toEqual(row.scheduledStart);
    }
  });

  it('refuses a change computed from a booking someone else changed meanwhile', async () => {
    const { token } = await book('2027-03-03T11:00');
    const stale = await db.booking.findUniqueOrThrow({ where: { manageToken: token }, include: { consultant: true } });
    await rescheduleManagedBooking(token, [ny('2027-03-04T13:30')], minutesLater(5));
    const settings = await loadMailSettings(minutesLater(6));
    await expect(cancelBookingRecord(stale, { cancelledBy: 'visitor', now: minutesLater(6), settings })).rejects.toMatchObject({ code: 'BOOKING_CHANGED' });
    expect((await getManagedBooking(token, minutesLater(6))).status).toBe('confirmed');
  });

  it('cannot move a cancelled booking', async () => {
    const { token } = await book('2027-03-03T11:00');
    await cancelManagedBooking(token, minutesLater(5));
    await expect(rescheduleManagedBooking(token, [ny('2027-03-04T13:30')], minutesLater(6))).rejects.toMatchObject({ code: 'BOOKING_CANCELLED' });
  });
});

describe('a pending request', () => {
  it('takes new times: still pending when none is free, confirmed at once when one is; cancellable at any time', async () => {
    // 03:00 in New York: nobody works, so the request is pending.
    const { row, token } = await book('2027-03-03T03:00');
    expect(row.status).toBe('pending');
    expect((await getManagedBooking(token, NOW)).changeable).toBe(true);

    const stillPending = await rescheduleManagedBooking(token, [ny('2027-03-04T03:00')], minutesLater(5));
    expect(stillPending).toMatchObject({
      status: 'pending',
      scheduledTime: utc('2027-03-04T03:00'),
      preferredTimes: [utc('2027-03-04T03:00')],
      cancellationDeadline: null,
    });
    const confirmed = await rescheduleManagedBooking(token, [ny('2027-03-05T03:00'), ny('2027-03-05T13:00')], minutesLater(10));
    expect(confirmed).toMatchObject({ status: 'confirmed', scheduledTime: utc('2027-03-05T13:00'), cancellationDeadline: utc('2027-03-04T13:00') });
    expect(await claimsOf(row.id)).toHaveLength(4);

    const messages = await messagesOf(row.id);
    expect(messages.map((m) => [m.kind, m.calendar?.method ?? null, m.calendar?.sequence ?? null])).toEqual([
      ['booking-requested', null, null],
      ['booking-requested', null, null],
      ['booking-confirmed', 'REQUEST', 2],
    ]);
    expect(messages[1]!.message.text).toContain('Thursday 4 March 2027, 3:00 AM EST');
    for (const { message } of messages) expect(message.text).toContain(`http://localhost:3000/bookings/${token}`);
  });

  it('is cancelled without a calendar CANCEL, since it was never in a calendar', async () => {
    const { row, token } = await book('2027-03-03T03:00');
    expect(await cancelManagedBooking(token, minutesLater(5))).toMatchObject({ status: 'cancelled', cancelledBy: 'visitor' });
    const [, cancelled] = await messagesOf(row.id);
    expect(cancelled).toMatchObject({ kind: 'booking-cancelled', calendar: null });
  });
});
