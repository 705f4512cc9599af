import type { TestSql } from '../test-sql';

/** Pairs of confirmed bookings of one consultant whose times overlap: what the slot claims must keep at zero. */
export async function overlappingConfirmedBookings(db: TestSql): Promise<number> {
  const row = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM "Booking" a JOIN "Booking" b
       ON a."consultantId" = b."consultantId" AND a."id" < b."id"
      AND a."status" = 'confirmed' AND b."status" = 'confirmed'
      AND a."scheduledStart" < b."scheduledEnd" AND b."scheduledStart" < a."scheduledEnd"`,
  );
  return row!.n;
}
