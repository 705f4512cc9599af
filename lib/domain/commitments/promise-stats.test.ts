import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { firmTime, inquiryAt, staffMember } from '@/test-support/commitments';
import { requestBooking } from '../bookings/request-booking';
import { cancelManagedBooking } from '../bookings/manage-booking';
import { transitionInquiry } from '../staff/inbox';
import type { StaffActor } from '../staff/roles';
import { promiseStats } from './promise-stats';

/** Wednesday 18 November 2026, noon in New York: the current week began Monday the 16th. */
const NOW = firmTime('2026-11-18T12:00');

let dana: StaffActor;
beforeAll(async () => {
  dana = await staffMember('Dana Reyes');
  // This week: one kept on time, one kept late, one past due and open, one not due yet.
  await transitionInquiry(dana, await inquiryAt('2026-11-16T10:00', 'medium', 'On Time'), 'reviewed', undefined, firmTime('2026-11-17T11:00'));
  await transitionInquiry(dana, await inquiryAt('2026-11-16T10:00', 'high', 'Late'), 'reviewed', undefined, firmTime('2026-11-17T12:00'));
  await inquiryAt('2026-11-16T10:00', 'critical', 'Forgotten');
  await inquiryAt('2026-11-18T11:00', 'medium', 'Not Yet');
  // Last week: one kept on time, and a booking request the booker withdrew (void: not counted).
  await transitionInquiry(dana, await inquiryAt('2026-11-09T10:00', 'medium', 'Early'), 'reviewed', undefined, firmTime('2026-11-10T10:00'));
  const { id } = await requestBooking(
    { name: 'Sam', email: 'sam@example.com', context: 'x', preferredTimes: [firmTime('2026-11-14T22:00').toISOString()], duration: 60 },
    firmTime('2026-11-09T10:00'),
  );
  const { manageToken } = await db.booking.findUniqueOrThrow({ where: { id } });
  await cancelManagedBooking(manageToken, firmTime('2026-11-10T09:00'));
  // Thirteen weeks ago: outside the page.
  await inquiryAt('2026-08-17T10:00', 'critical', 'Too Old');
});

describe('promiseStats', () => {
  it('counts each promise in the week it fell due, once its outcome is known, by kind', async () => {
    const stats = await promiseStats(NOW);
    expect(stats.weeks.map((week) => week.weekStart)).toEqual([
      '2026-08-31',
      '2026-09-07',
      '2026-09-14',
      '2026-09-21',
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    const [thisWeek, lastWeek] = [stats.weeks[11]!, stats.weeks[10]!];
    expect(thisWeek.label).toBe('16 Nov');
    expect(thisWeek.byKind['inquiry-reply']).toEqual({ onTime: 1, late: 1, missed: 1, total: 3, rate: 1 / 3 });
    expect(thisWeek.all).toEqual({ onTime: 1, late: 1, missed: 1, total: 3, rate: 1 / 3 });
    expect(lastWeek.byKind['inquiry-reply']).toEqual({ onTime: 1, late: 0, missed: 0, total: 1, rate: 1 });
    expect(lastWeek.byKind['booking-decision']).toEqual({ onTime: 0, late: 0, missed: 0, total: 0, rate: null });
    expect(stats.weeks[0]!.all.rate).toBeNull();
    expect(stats.byKind['inquiry-reply']).toEqual({ onTime: 2, late: 1, missed: 1, total: 4, rate: 0.5 });
    expect(stats.all).toEqual({ onTime: 2, late: 1, missed: 1, total: 4, rate: 0.5 });
  });

  it('gives the median business hours to reply against the median promised, by week and overall', async () => {
    const stats = await promiseStats(NOW);
    // This week: 9 h and 10 h against 16 h and 8 h promised; last week 8 h against 16 h.
    expect([stats.weeks[11]!.medianReplyHours, stats.weeks[11]!.medianPromisedHours]).toEqual([9.5, 12]);
    expect([stats.weeks[10]!.medianReplyHours, stats.weeks[10]!.medianPromisedHours]).toEqual([8, 16]);
    expect(stats.replies).toEqual({ count: 3, medianReplyHours: 9, medianPromisedHours: 16 });
  });

  it('lists the misses, latest due first, with how late, why, and what became of them', async () => {
    const { misses } = await promiseStats(NOW);
    expect(misses.map((miss) => [miss.commitment.person, miss.outcome, miss.lateBy, miss.reason, miss.resolution])).toEqual([
      ['Rosa Diaz, Late', 'late', '2 h', 'Kept after its due time.', 'kept late by Dana Reyes (moved to reviewed)'],
      [
        'Rosa Diaz, Forgotten',
        'missed',
        '1 d 22 h',
        'Nobody was assigned; no reply was logged and the inquiry was still submitted at the due time.',
        'still open',
      ],
    ]);
  });
});
