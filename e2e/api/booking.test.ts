import { DateTime } from 'luxon';
import { afterAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test-support/http/contract';
import { overlappingConfirmedBookings } from '../../test-support/http/booking-checks';
import { serverDatabase } from '../../test-support/http/server-database';
import { FIRM_ZONE, activeConsultants, consultantsWorking, workingDay } from '../../test-support/schedule';
import { emptyList, notAnEmail, notOneOf, unprocessable } from '../../test-support/http/validation-issues';

type Confirmation = {
  id: string;
  status: 'confirmed' | 'pending' | 'cancelled';
  scheduledTime: string;
  consultantName: string | null;
  meetingLink: string | null;
  confirmationEmail: string | null;
  cancellationDeadline: string | null;
};

const database = serverDatabase();
afterAll(() => database.close());
const consultants = await activeConsultants(database);

const request = (preferredTimes: string[], extra: Record<string, unknown> = {}) => ({
  name: 'Sam Okoye',
  email: 'sam.okoye@ridgeline-foods.example',
  context: 'Packaging line is the bottleneck during the holiday peak.',
  preferredTimes,
  ...extra,
});

describe('GET /v1/availability', () => {
  it('reports the first free date from real calendars, the active consultants and the configured response time', async () => {
    const response = await get<{ available: boolean; nextAvailableDate: string; consultantCount: number; averageResponseTime: string }>('/v1/availability');
    const active = (await database.get<{ n: number }>('SELECT COUNT(*) AS n FROM "Consultant" WHERE "active" = true'))!;
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.available).toBe(true);
    expect(response.body.consultantCount).toBe(active.n);
    expect(response.body.averageResponseTime).toBe('4 business hours');
    const next = DateTime.fromISO(response.body.nextAvailableDate, { zone: FIRM_ZONE });
    const earliest = DateTime.now().setZone(FIRM_ZONE).plus({ hours: 24 }).startOf('day');
    expect(next >= earliest).toBe(true);
    expect(next.weekday).toBeLessThanOrEqual(5);
    expect(next <= earliest.plus({ days: 30 })).toBe(true);
  });
});

describe('POST /v1/availability/book', () => {
  it('confirms the first preferred time at which a matching consultant is free', async () => {
    const day = workingDay(consultants, 3);
    const sunday = day.set({ weekday: 7, hour: 11 });
    const tenThirty = day.set({ hour: 10, minute: 30 });
    const response = await post<Confirmation>(
      '/v1/availability/book',
      request([sunday.toISO()!, tenThirty.toISO()!], { serviceType: 'offer-analysis', duration: 90 }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.status).toBe('confirmed');
    expect(response.body.scheduledTime).toBe(tenThirty.toUTC().toISO());
    expect(['Tomasz Wieczorek', 'Margaret Okafor']).toContain(response.body.consultantName);
    expect(response.body.meetingLink).toMatch(/^https:\/\/meet\.throughlinepartners\.com\/[A-Za-z0-9_-]{16}$/);
    expect(response.body.confirmationEmail).toBe('sam.okoye@ridgeline-foods.example');
    expect(response.body.cancellationDeadline).toBe(tenThirty.minus({ hours: 24 }).toUTC().toISO());
    const row = (await database.get('SELECT "status", "durationMinutes", "consultantId" FROM "Booking" WHERE "id" = ?', response.body.id))!;
    expect(row).toMatchObject({ status: 'confirmed', durationMinutes: 90 });
    const expertise = (await database.get<{ expertise: string }>('SELECT "expertise" FROM "Consultant" WHERE "id" = ?', row.consultantId as string))!;
    expect(JSON.parse(expertise.expertise)).toContain('offer-analysis');
  });

  it('stores a request it cannot confirm as pending with the first preferred time', async () => {
    const day = workingDay(consultants, 4);
    const night = day.set({ hour: 22 });
    const response = await post<Confirmation>('/v1/availability/book', request([night.toISO()!, day.set({ hour: 23 }).toISO()!]));
    expect(response.body).toMatchObject({
      status: 'pending',
      scheduledTime: night.toUTC().toISO(),
      consultantName: null,
      meetingLink: null,
      cancellationDeadline: null,
    });
    const row = (await database.get<{ status: string; preferredTimes: string }>(
      'SELECT "status", "preferredTimes" FROM "Booking" WHERE "id" = ?',
      response.body.id,
    ))!;
    expect(row.status).toBe('pending');
    expect(JSON.parse(row.preferredTimes)).toHaveLength(2);
  });

  it('does not confirm times inside the 24-hour notice or past the 30-day horizon', async () => {
    // Times at which a consultant does work, so only the notice or the horizon can refuse them.
    const now = DateTime.now().setZone(FIRM_ZONE).startOf('hour');
    const soon = Array.from({ length: 22 }, (_, i) => now.plus({ hours: i + 1 })).find((t) => consultantsWorking(consultants, t, 60).length > 0);
    const late = workingDay(consultants, 35).set({ hour: 11 });
    expect(consultantsWorking(consultants, late, 60).length).toBeGreaterThan(0);
    for (const time of soon ? [soon, late] : [late]) {
      const response = await post<Confirmation>('/v1/availability/book', request([time.toISO()!], { email: 'window@booking.example' }));
      expect(response.body.status, time.toISO()!).toBe('pending');
    }
  });

  it('does not double-book: 30 concurrent requests for one time confirm at most one per free consultant', async () => {
    const day = workingDay(consultants, 6);
    const start = day.set({ hour: 13 });
    const free = consultantsWorking(consultants, start, 60, 'implementation-support');
    expect(free.length).toBeGreaterThan(1);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post<Confirmation>('/v1/availability/book', request([start.toISO()!], { serviceType: 'implementation-support', email: `buyer${i}@load.example` })),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(200));
    const confirmed = responses.filter((r) => r.body.status === 'confirmed');
    const pending = responses.filter((r) => r.body.status === 'pending');
    expect(confirmed.length).toBe(free.length);
    expect(confirmed.length + pending.length).toBe(30);
    expect(await database.get(`SELECT COUNT(*) AS n FROM "Booking" WHERE "email" LIKE '%@load.example'`)).toEqual({ n: 30 });
    expect(await overlappingConfirmedBookings(database)).toBe(0);
    console.info(`concurrency: 30 requests, ${confirmed.length} confirmed, ${pending.length} pending, ${free.length} consultants free`);
  });

  it('validates duration bounds and granularity, and preferred times', async () => {
    const day = workingDay(consultants, 5).set({ hour: 10 });
    const tooLong = await post('/v1/availability/book', request([day.toISO()!], { duration: 300 }));
    expect(tooLong.body).toEqual({
      detail: [{ type: 'less_than_equal', loc: ['body', 'duration'], msg: 'Input should be less than or equal to 240', input: 300, ctx: { le: 240 } }],
    });
    const odd = await post('/v1/availability/book', request([day.toISO()!], { duration: 50 }));
    expect(odd.body).toEqual({
      detail: [{ type: 'multiple_of', loc: ['body', 'duration'], msg: 'Input should be a multiple of 15', input: 50, ctx: { multiple_of: 15 } }],
    });
    const none = await post('/v1/availability/book', request([]));
    expect(none.body).toEqual(unprocessable(emptyList(['body', 'preferredTimes'])));
    const eleven = await post('/v1/availability/book', request(Array(11).fill(day.toISO()!)));
    expect((eleven.body as { detail: { type: string }[] }).detail[0]!.type).toBe('too_long');
    const past = await post('/v1/availability/book', request(['2024-01-02T10:00:00-05:00', '2026-13-01T10:00:00Z', '2027-01-05T10:00:00']));
    expect(past.body).toEqual({
      detail: [
        { type: 'datetime_future', loc: ['body', 'preferredTimes', 0], msg: 'Input should be in the future', input: '2024-01-02T10:00:00-05:00' },
        expect.objectContaining({ type: 'datetime_from_date_parsing', loc: ['body', 'preferredTimes', 1], input: '2026-13-01T10:00:00Z' }),
        expect.objectContaining({ type: 'datetime_from_date_parsing', loc: ['body', 'preferredTimes', 2], input: '2027-01-05T10:00:00' }),
      ],
    });
  });

  it('refuses an unknown service category and a malformed email', async () => {
    const day = workingDay(consultants, 5).set({ hour: 10 });
    const response = await post('/v1/availability/book', request([day.toISO()!], { serviceType: 'strategy', email: 'sam@' }));
    expect(response.body).toEqual(
      unprocessable(
        notAnEmail(['body', 'email'], 'sam@', 'There must be something after the @-sign.'),
        notOneOf(['body', 'serviceType'], 'strategy', "'constraint-analysis', 'offer-analysis' or 'implementation-support'"),
      ),
    );
  });

  it('replays a repeated Idempotency-Key without booking twice', async () => {
    const start = workingDay(consultants, 7).set({ hour: 9, minute: 30 });
    const body = request([start.toISO()!], { email: 'idempotent@booking.example' });
    const first = await post<Confirmation>('/v1/availability/book', body, { 'idempotency-key': `book-${Date.now()}` });
    const key = `book-replay-${Date.now()}`;
    const a = await post<Confirmation>('/v1/availability/book', { ...body, email: 'replay@booking.example' }, { 'idempotency-key': key });
    const b = await post<Confirmation>('/v1/availability/book', { ...body, email: 'replay@booking.example' }, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(await database.get(`SELECT COUNT(*) AS n FROM "Booking" WHERE "email" = 'replay@booking.example'`)).toEqual({ n: 1 });
  });
});
