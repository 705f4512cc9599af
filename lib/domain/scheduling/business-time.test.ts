import { describe, expect, it } from 'vitest';
import { addBusinessHours } from './business-time';

const calendar = {
  zone: 'America/New_York',
  openMinute: 9 * 60,
  closeMinute: 17 * 60,
  workingDays: new Set([1, 2, 3, 4, 5]),
  closedDates: new Set(['2026-11-26']),
};

describe('addBusinessHours (firm time zone)', () => {
  it('adds within the same day', () => {
    // Tue 2026-11-24 10:00 EST = 15:00Z
    expect(addBusinessHours(new Date('2026-11-24T15:00:00Z'), 4, calendar).toISOString()).toBe('2026-11-24T19:00:00.000Z');
  });

  it('carries over to the next morning', () => {
    // Tue 16:00 EST + 4h → Wed 12:00 EST
    expect(addBusinessHours(new Date('2026-11-24T21:00:00Z'), 4, calendar).toISOString()).toBe('2026-11-25T17:00:00.000Z');
  });

  it('skips closed days and the weekend', () => {
    // Wed 2026-11-25 16:00 EST + 2h: Thu is closed (Thanksgiving) → Fri 10:00 EST
    expect(addBusinessHours(new Date('2026-11-25T21:00:00Z'), 2, calendar).toISOString()).toBe('2026-11-27T15:00:00.000Z');
    // Fri 2026-11-27 16:30 EST + 1h → Mon 09:30 EST
    expect(addBusinessHours(new Date('2026-11-27T21:30:00Z'), 1, calendar).toISOString()).toBe('2026-11-30T14:30:00.000Z');
  });

  it('starts counting at opening time when submitted at night or on a weekend', () => {
    // Sat 2026-11-21 12:00 EST + 4h → Mon 13:00 EST
    expect(addBusinessHours(new Date('2026-11-21T17:00:00Z'), 4, calendar).toISOString()).toBe('2026-11-23T18:00:00.000Z');
  });

  it('follows daylight saving time', () => {
    // Fri 2026-03-06 16:00 EST + 2h → Mon 2026-03-09 10:00 EDT (= 14:00Z)
    expect(addBusinessHours(new Date('2026-03-06T21:00:00Z'), 2, calendar).toISOString()).toBe('2026-03-09T14:00:00.000Z');
  });
});
