import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { listFreeSlots } from '../bookings/request-booking';
import { consultantItemOf } from '../content/rows/consultant-rows';
import { saveDraft } from './drafts';
import { publishImpact } from './publish-impact';
import { publishDraft } from './publishing';
import { scheduleDraft } from './scheduling';
import { staffMember } from '../../../test-support/content-workflow-fixtures';

const sales = staffMember('sales', 'Sol Sales');
const now = new Date('2026-11-20T12:00:00Z');
const MARGARET = 'margaret-okafor';

async function confirmedBooking(id: string, start: string, end: string, status = 'confirmed') {
  await db.booking.create({
    data: {
      id,
      name: `Booker ${id}`,
      email: `${id}@example.com`,
      context: 'Calendar conflict test',
      durationMinutes: 60,
      preferredTimes: [start],
      status,
      scheduledStart: new Date(start),
      scheduledEnd: new Date(end),
      consultantId: MARGARET,
      manageToken: `manage-${id}`,
    },
  });
}

// Friday 4 December 2026, 08:00 in New York: only Margaret (08:00–16:00) takes offer analysis that early.
const FRIDAY_EIGHT = '2026-12-04T13:00:00.000Z';

describe('consultant calendars', () => {
  it('lists the confirmed bookings a change would no longer cover, refuses to publish until they are confirmed, and never cancels them', async () => {
    await confirmedBooking('bk_friday', '2026-12-04T15:00:00Z', '2026-12-04T16:00:00Z'); // Friday 10:00
    await confirmedBooking('bk_late_monday', '2026-12-07T20:00:00Z', '2026-12-07T21:00:00Z'); // Monday 15:00
    await confirmedBooking('bk_cancelled_friday', '2026-12-11T15:00:00Z', '2026-12-11T16:00:00Z', 'cancelled');
    await confirmedBooking('bk_past_friday', '2026-11-13T15:00:00Z', '2026-11-13T16:00:00Z');
    await confirmedBooking('bk_early_monday', '2026-12-07T14:00:00Z', '2026-12-07T15:00:00Z'); // Monday 09:00, still covered

    const before = await listFreeSlots({ category: 'offer-analysis', now });
    expect(before.find((slot) => slot.start === FRIDAY_EIGHT)).toEqual({ start: FRIDAY_EIGHT, end: '2026-12-04T14:00:00.000Z', consultantCount: 1 });

    const calendar = consultantItemOf(await db.consultant.findUniqueOrThrow({ where: { id: MARGARET } }));
    const { revision } = await saveDraft(await sales, 'consultant', MARGARET, {
      ...calendar,
      workingDays: [1, 2, 3, 4],
      workingHours: { start: '08:00', end: '15:00' },
    });
    expect(await publishImpact('consultant', MARGARET, now)).toEqual({
      kind: 'calendar',
      conflicts: [
        expect.objectContaining({ bookingId: 'bk_friday', reason: 'Friday would not be a working day' }),
        expect.objectContaining({ bookingId: 'bk_late_monday', reason: 'outside the working hours 08:00–15:00' }),
      ],
    });

    await expect(publishDraft(await sales, 'consultant', MARGARET, { revision, now })).rejects.toMatchObject({
      code: 'CALENDAR_CONFLICTS',
      details: { bookingIds: ['bk_friday', 'bk_late_monday'] },
    });
    await expect(publishDraft(await sales, 'consultant', MARGARET, { revision, now, acknowledgedBookingIds: ['bk_friday'] })).rejects.toMatchObject({
      details: { bookingIds: ['bk_late_monday'] },
    });
    await expect(scheduleDraft(await sales, 'consultant', MARGARET, '2026-11-21T09:00', { now })).rejects.toMatchObject({ code: 'CALENDAR_CONFLICTS' });
    expect((await db.consultant.findUniqueOrThrow({ where: { id: MARGARET } })).workingDays).toEqual([1, 2, 3, 4, 5]);

    await publishDraft(await sales, 'consultant', MARGARET, { revision, now, acknowledgedBookingIds: ['bk_friday', 'bk_late_monday'] });
    // Availability reads the calendars on every request: the change acts at once.
    expect((await listFreeSlots({ category: 'offer-analysis', now })).find((slot) => slot.start === FRIDAY_EIGHT)).toBeUndefined();
    const bookings = await db.booking.findMany({ where: { id: { in: ['bk_friday', 'bk_late_monday'] } }, select: { status: true } });
    expect(bookings).toEqual([{ status: 'confirmed' }, { status: 'confirmed' }]);
  });

  it('adds a holiday with nothing in its way', async () => {
    const calendar = consultantItemOf(await db.consultant.findUniqueOrThrow({ where: { id: 'daniel-reyes' } }));
    const { revision } = await saveDraft(await sales, 'consultant', 'daniel-reyes', { ...calendar, holidays: [...calendar.holidays, '2026-12-08'] });
    expect(await publishImpact('consultant', 'daniel-reyes', now)).toEqual({ kind: 'calendar', conflicts: [] });
    await publishDraft(await sales, 'consultant', 'daniel-reyes', { revision, now });
    expect((await db.consultant.findUniqueOrThrow({ where: { id: 'daniel-reyes' } })).holidays).toContain('2026-12-08');
  });

  it('checks calendars with the content files\u2019 rules', async () => {
    const calendar = consultantItemOf(await db.consultant.findUniqueOrThrow({ where: { id: 'daniel-reyes' } }));
    await expect(
      saveDraft(await sales, 'consultant', 'daniel-reyes', { ...calendar, workingHours: { start: '17:00', end: '09:00' }, workingDays: [] }),
    ).rejects.toMatchObject({
      items: [
        expect.objectContaining({ loc: ['body', 'workingDays'], type: 'too_short' }),
        expect.objectContaining({ loc: ['body', 'workingHours', 'end'], msg: 'Value error, the working day must end after it starts' }),
      ],
    });
  });
});
