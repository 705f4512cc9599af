import { describe, expect, it } from 'vitest';
import { addBusinessHours, businessHoursPerDay, businessMinutesBetween } from './business-time';

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

describe('businessMinutesBetween (the inverse of addBusinessHours)', () => {
  const minutes = (from: string, to: string) => businessMinutesBetween(new Date(from), new Date(to), calendar);

  it("counts only the firm's open hours", () => {
    // Tue 10:00 → Tue 14:00 EST
    expect(minutes('2026-11-24T15:00:00Z', '2026-11-24T19:00:00Z')).toBe(240);
    // Tue 16:00 → Wed 12:00 EST: one hour on Tuesday, three on Wednesday
    expect(minutes('2026-11-24T21:00:00Z', '2026-11-25T17:00:00Z')).toBe(240);
    // Sat 12:00 → Mon 13:00 EST: the weekend counts nothing
    expect(minutes('2026-11-21T17:00:00Z', '2026-11-23T18:00:00Z')).toBe(240);
    // Fri 16:30 → Mon 09:30 EST
    expect(minutes('2026-11-27T21:30:00Z', '2026-11-30T14:30:00Z')).toBe(60);
  });

  it('skips closed days and follows daylight saving time', () => {
    // Wed 16:00 EST → Fri 10:00 EST over Thanksgiving
    expect(minutes('2026-11-25T21:00:00Z', '2026-11-27T15:00:00Z')).toBe(120);
    // Fri 2026-03-06 16:00 EST → Mon 2026-03-09 10:00 EDT
    expect(minutes('2026-03-06T21:00:00Z', '2026-03-09T14:00:00Z')).toBe(120);
  });

  it('is zero for an end before the start, and agrees with addBusinessHours from any start', () => {
    expect(minutes('2026-11-24T19:00:00Z', '2026-11-24T15:00:00Z')).toBe(0);
    for (const start of ['2026-11-20T23:00:00Z', '2026-11-21T17:00:00Z', '2026-11-23T14:10:00Z', '2026-11-25T20:00:00Z', '2026-03-06T20:00:00Z']) {
      for (const hours of [1, 4, 8, 16, 40]) {
        const end = addBusinessHours(new Date(start), hours, calendar);
        // From a start outside hours the count starts at the next opening, as addBusinessHours does.
        expect(businessMinutesBetween(new Date(start), end, calendar), `${start} + ${hours} h`).toBe(hours * 60);
      }
    }
    expect(businessHoursPerDay(calendar)).toBe(8);
  });
});
