import type { DateTime } from 'luxon';
import { afterAll, describe, expect, it } from 'vitest';
import { call, get, post } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';
import { activeConsultants, consultantsWorking, workingDay } from '../../test-support/schedule';
import { emptyList, fieldMissing, unprocessable } from '../../test-support/http/validation-issues';

type Confirmation = { id: string; status: string; scheduledTime: string; manageUrl: string; manageApiUrl: string; cancellationDeadline: string | null };
type Managed = {
  id: string;
  status: string;
  scheduledTime: string;
  endTime: string;
  consultantName: string | null;
  cancellationDeadline: string | null;
  changeable: boolean;
  preferredTimes: string[];
  cancelledBy: string | null;
  manageUrl: string;
};

const database = serverDatabase();
afterAll(() => database.close());
const consultants = await activeConsultants(database);

// Days 9 to 14 ahead: booking.test.ts books days 3 to 7 on the same server.
const day = (n: number) => workingDay(consultants, n);

async function book(start: DateTime, extra: Record<string, unknown> = {}) {
  const response = await post<Confirmation>('/v1/availability/book', {
    name: 'Sam Okoye',
    email: 'sam@manage.example',
    context: 'Packaging line is the bottleneck during the holiday peak.',
    preferredTimes: [start.toISO()],
    serviceType: 'offer-analysis',
    ...extra,
  });
  expect(response.status).toBe(200);
  return { ...response.body, path: response.body.manageApiUrl };
}

const claims = async (bookingId: string) =>
  (
    await database.all<{ consultantId: string; slotStart: string }>(
      'SELECT "consultantId", "slotStart" FROM "BookingSlotClaim" WHERE "bookingId" = ? ORDER BY "slotStart"',
      bookingId,
    )
  ).map((c) => [c.consultantId, new Date(c.slotStart).toISOString()]);

describe('GET /v1/bookings/{token}', () => {
  it('shows the booking its token belongs to, as the confirmation linked it', async () => {
    const start = day(9).set({ hour: 11 });
    const booked = await book(start);
    expect(booked.manageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/bookings\/[A-Za-z0-9_-]{43}$/);
    expect(booked.manageApiUrl).toBe(`/v1/bookings/${booked.manageUrl.split('/').at(-1)}`);
    const response = await get<Managed>(booked.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toMatchObject({
      id: booked.id,
      status: 'confirmed',
      scheduledTime: start.toUTC().toISO(),
      endTime: start.plus({ hours: 1 }).toUTC().toISO(),
      cancellationDeadline: start.minus({ hours: 24 }).toUTC().toISO(),
      changeable: true,
      manageUrl: booked.manageUrl,
    });
  });

  it('answers 404 in the envelope for a token that is not one, and 405 for other methods', async () => {
    const missing = await get('/v1/bookings/not-a-real-token');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'No booking has this management link. Check the link in your email.', code: 'NOT_FOUND' });
    expect((await post('/v1/bookings/not-a-real-token/cancel', '')).body).toEqual(missing.body);
    expect((await post('/v1/bookings/not-a-real-token/reschedule', { preferredTimes: [day(9).set({ hour: 13 }).toISO()] })).status).toBe(404);
    const wrongMethod = await call('DELETE', '/v1/bookings/not-a-real-token');
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
  });
});

describe('POST /v1/bookings/{token}/reschedule', () => {
  it('moves the booking to the first free preferred time, claiming it and freeing the old one', async () => {
    const start = day(10).set({ hour: 11 });
    const booked = await book(start);
    const [[consultant]] = (await claims(booked.id)) as [[string]];
    const target = day(10).set({ hour: 14 });
    const response = await post<Managed>(`${booked.path}/reschedule`, { preferredTimes: [day(10).set({ hour: 3 }).toISO(), target.toISO()] });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'confirmed',
      scheduledTime: target.toUTC().toISO(),
      cancellationDeadline: target.minus({ hours: 24 }).toUTC().toISO(),
    });
    // The same consultant keeps it when free, and only the new hour is held.
    expect(await claims(booked.id)).toEqual([0, 15, 30, 45].map((m) => [consultant, target.plus({ minutes: m }).toUTC().toISO()]));
    const row = (await database.get<{ calendarSequence: number }>('SELECT "calendarSequence" FROM "Booking" WHERE "id" = ?', booked.id))!;
    expect(row.calendarSequence).toBe(1);
  });

  it('answers 409 SLOT_UNAVAILABLE and changes nothing when none of the times is free', async () => {
    const start = day(10).set({ hour: 9 });
    const booked = await book(start, { serviceType: null });
    const before = await claims(booked.id);
    const response = await post(`${booked.path}/reschedule`, { preferredTimes: [day(10).set({ hour: 2 }).toISO(), day(10).set({ hour: 23 }).toISO()] });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      detail: 'None of those times is free any more, so your booking stays as it was. Choose another time.',
      code: 'SLOT_UNAVAILABLE',
    });
    expect(await claims(booked.id)).toEqual(before);
  });

  it('validates the body as the booking request does (422 in pydantic shape)', async () => {
    const booked = await book(day(11).set({ hour: 10 }));
    const empty = await post(`${booked.path}/reschedule`, { preferredTimes: [] });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual(unprocessable(emptyList(['body', 'preferredTimes'])));
    const past = await post(`${booked.path}/reschedule`, { preferredTimes: ['2024-01-02T10:00:00-05:00'] });
    expect(past.body).toEqual({
      detail: [{ type: 'datetime_future', loc: ['body', 'preferredTimes', 0], msg: 'Input should be in the future', input: '2024-01-02T10:00:00-05:00' }],
    });
    const missing = await post(`${booked.path}/reschedule`, {});
    expect(missing.body).toEqual(unprocessable(fieldMissing(['body', 'preferredTimes'], {})));
  });

  it('never double-books: a move and a new booking racing for the only consultant free at 17:00', async () => {
    // Offer analysis at 17:00 New York: only Tomasz Wieczorek (10:00 to 18:00) works then.
    const five = day(12).set({ hour: 17 });
    expect(consultantsWorking(consultants, five, 60, 'offer-analysis')).toEqual(['tomasz-wieczorek']);
    const booked = await book(day(12).set({ hour: 11 }));
    const [move, rival] = await Promise.all([
      post<Managed>(`${booked.path}/reschedule`, { preferredTimes: [five.toISO()] }),
      post<Confirmation>('/v1/availability/book', {
        name: 'Rival',
        email: 'rival@manage.example',
        context: 'Same hour, please.',
        preferredTimes: [five.toISO()],
        serviceType: 'offer-analysis',
      }),
    ]);
    const atFive = (
      await database.all<{ id: string; scheduledStart: string }>(
        `SELECT "id", "scheduledStart" FROM "Booking" WHERE "status" = 'confirmed' AND "consultantId" = 'tomasz-wieczorek'`,
      )
    ).filter((row) => new Date(row.scheduledStart).getTime() === five.toMillis());
    expect(atFive).toHaveLength(1);
    if (atFive[0]!.id === booked.id) {
      expect([move.status, rival.body.status]).toEqual([200, 'pending']);
    } else {
      expect([move.status, (move.body as unknown as { code: string }).code, rival.body.status]).toEqual([409, 'SLOT_UNAVAILABLE', 'confirmed']);
    }
  });
});

describe('POST /v1/bookings/{token}/cancel', () => {
  it('cancels and frees the time; cancelling again changes nothing; a cancelled booking cannot move', async () => {
    const start = day(13).set({ hour: 11 });
    const booked = await book(start);
    const response = await post<Managed>(`${booked.path}/cancel`, '');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'cancelled', cancelledBy: 'visitor', changeable: false });
    expect(await claims(booked.id)).toEqual([]);
    const again = await post<Managed>(`${booked.path}/cancel`, '');
    expect(again.body).toEqual(response.body);
    const move = await post(`${booked.path}/reschedule`, { preferredTimes: [start.plus({ hours: 2 }).toISO()] });
    expect(move.status).toBe(409);
    expect(move.body).toEqual({ detail: 'This booking is cancelled. Book a new consultation instead.', code: 'BOOKING_CANCELLED' });
  });

  it('answers 409 CANCELLATION_CLOSED after the deadline, with it and how to reach the firm', async () => {
    const booked = await book(day(13).set({ hour: 13 }));
    // Arranged in the database: the consultation now starts in two hours, so its deadline passed 22 hours ago.
    const start = new Date(Date.now() + 2 * 3_600_000);
    await database.run('UPDATE "Booking" SET "scheduledStart" = ?, "scheduledEnd" = ? WHERE "id" = ?', start, new Date(start.getTime() + 3_600_000), booked.id);
    const deadline = new Date(start.getTime() - 24 * 3_600_000).toISOString();
    expect((await get<Managed>(booked.path)).body).toMatchObject({ changeable: false, cancellationDeadline: deadline });
    const closed = {
      detail: 'Changes online closed 24 hours before the consultation. Please contact us on +1 412 555 0148 or at hello@throughlinepartners.com instead.',
      code: 'CANCELLATION_CLOSED',
      cancellationDeadline: deadline,
      contactEmail: 'hello@throughlinepartners.com',
      contactPhone: '+1 412 555 0148',
    };
    const cancel = await post(`${booked.path}/cancel`, '');
    expect([cancel.status, cancel.body]).toEqual([409, closed]);
    const move = await post(`${booked.path}/reschedule`, { preferredTimes: [day(14).set({ hour: 13 }).toISO()] });
    expect([move.status, move.body]).toEqual([409, closed]);
    expect(await database.get('SELECT "status" FROM "Booking" WHERE "id" = ?', booked.id)).toEqual({ status: 'confirmed' });
  });

  it('honours Idempotency-Key: a repeat replays the answer, another request with the key is refused', async () => {
    const booked = await book(day(14).set({ hour: 11 }));
    const key = `cancel-${booked.id}`;
    const first = await post<Managed>(`${booked.path}/cancel`, '', { 'idempotency-key': key });
    const replay = await post<Managed>(`${booked.path}/cancel`, '', { 'idempotency-key': key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const other = await book(day(14).set({ hour: 14 }));
    const reused = await post(`${other.path}/cancel`, '', { 'idempotency-key': key });
    expect(reused.status).toBe(409);
    expect((reused.body as { code: string }).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('a pending request', () => {
  it('can be cancelled or given new times at any time; a free one confirms it at once', async () => {
    const booked = await book(day(11).set({ hour: 3 }));
    expect(booked.status).toBe('pending');
    expect((await get<Managed>(booked.path)).body).toMatchObject({ status: 'pending', changeable: true, cancellationDeadline: null });
    const target = day(11).set({ hour: 15 });
    const response = await post<Managed>(`${booked.path}/reschedule`, { preferredTimes: [target.toISO()] });
    expect(response.body).toMatchObject({ status: 'confirmed', scheduledTime: target.toUTC().toISO(), preferredTimes: [target.toUTC().toISO()] });
    expect(await claims(booked.id)).toHaveLength(4);
  });
});
