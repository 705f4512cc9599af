import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { ConsultantSchedule } from './consultant-schedule';
import { worksDuring } from './consultant-schedule';
import { freeSlots } from './free-slots';
import { claimKey, claimUnits } from './slot-claims';

const zone = 'America/New_York';
const daniel: ConsultantSchedule = {
  id: 'daniel',
  name: 'Daniel',
  expertise: new Set(['implementation-support']),
  startMinute: 9 * 60,
  endMinute: 17 * 60,
  workingDays: new Set([1, 2, 3, 4, 5]),
  holidays: new Set(['2026-11-26']),
};

describe('claimUnits', () => {
  it('claims every 15-minute unit a booking touches, odd minutes included', () => {
    const units = claimUnits(new Date('2026-11-24T15:07:00Z'), new Date('2026-11-24T15:37:00Z'));
    expect(units.map((u) => u.toISOString())).toEqual(['2026-11-24T15:00:00.000Z', '2026-11-24T15:15:00.000Z', '2026-11-24T15:30:00.000Z']);
  });

  it('makes any two overlapping bookings share a unit', () => {
    const a = claimUnits(new Date('2026-11-24T15:00:00Z'), new Date('2026-11-24T16:00:00Z')).map(String);
    const b = claimUnits(new Date('2026-11-24T15:50:00Z'), new Date('2026-11-24T16:20:00Z')).map(String);
    expect(a.some((unit) => b.includes(unit))).toBe(true);
  });
});

describe('worksDuring', () => {
  it('accepts a meeting inside working hours and refuses weekends, holidays and overruns', () => {
    expect(worksDuring(daniel, new Date('2026-11-24T14:00:00Z'), new Date('2026-11-24T15:00:00Z'), zone)).toBe(true); // Tue 09-10 EST
    expect(worksDuring(daniel, new Date('2026-11-24T21:30:00Z'), new Date('2026-11-24T22:30:00Z'), zone)).toBe(false); // 16:30-17:30
    expect(worksDuring(daniel, new Date('2026-11-28T15:00:00Z'), new Date('2026-11-28T16:00:00Z'), zone)).toBe(false); // Saturday
    expect(worksDuring(daniel, new Date('2026-11-26T15:00:00Z'), new Date('2026-11-26T16:00:00Z'), zone)).toBe(false); // holiday
  });
});

describe('freeSlots', () => {
  const window = { earliest: new Date('2026-11-24T14:00:00Z'), latest: new Date('2026-11-24T23:00:00Z'), zone };

  it('lists 30-minute starts within hours and skips claimed time', () => {
    const claimed = new Set(claimUnits(new Date('2026-11-24T15:00:00Z'), new Date('2026-11-24T16:00:00Z')).map((u) => claimKey('daniel', u)));
    const starts = [...freeSlots([daniel], claimed, window, 60)].map((s) => s.start.toISOString());
    expect(starts[0]).toBe('2026-11-24T14:00:00.000Z');
    expect(starts).not.toContain('2026-11-24T14:30:00.000Z'); // would run into the claimed 10:00 EST hour
    expect(starts).not.toContain('2026-11-24T15:00:00.000Z');
    expect(starts).toContain('2026-11-24T16:00:00.000Z');
    expect(starts.at(-1)).toBe('2026-11-24T21:00:00.000Z'); // 16:00-17:00 EST
  });

  it('offers nothing for a category no consultant covers', () => {
    expect([...freeSlots([daniel], new Set(), window, 60, 'offer-analysis')]).toEqual([]);
  });
});

describe('freeSlots across a year of offsets', () => {
  /** What freeSlots must yield: every grid start worked out by luxon and tested with worksDuring, slot by slot. */
  function* slotBySlot(consultants: ConsultantSchedule[], window: { earliest: Date; latest: Date; zone: string }, durationMinutes: number) {
    let day = DateTime.fromJSDate(window.earliest, { zone: window.zone }).startOf('day');
    const lastDay = DateTime.fromJSDate(window.latest, { zone: window.zone }).startOf('day');
    for (; day <= lastDay; day = day.plus({ days: 1 })) {
      for (let minute = 0; minute + durationMinutes <= 24 * 60; minute += 30) {
        const start = day.set({ hour: Math.floor(minute / 60), minute: minute % 60 }).toJSDate();
        const end = new Date(start.getTime() + durationMinutes * 60_000);
        if (start < window.earliest || start > window.latest) continue;
        const ids = consultants.filter((c) => worksDuring(c, start, end, window.zone)).map((c) => c.id);
        if (ids.length > 0) yield `${start.toISOString()} ${ids.join(',')}`;
      }
    }
  }

  // Zones with a change at 02:00, at midnight (Santiago), by half an hour (Lord Howe), in the southern summer (Sydney),
  // never (Kathmandu's +05:45), and a consultant who works through the night across the changes.
  it.each(['America/New_York', 'Europe/Berlin', 'America/Santiago', 'Australia/Lord_Howe', 'Australia/Sydney', 'Asia/Kathmandu'])(
    'in %s gives the same slots as working out each one on its own, on the days the offset changes too',
    (zone) => {
      const owl: ConsultantSchedule = {
        ...daniel,
        id: 'owl',
        startMinute: 0,
        endMinute: 24 * 60,
        workingDays: new Set([1, 2, 3, 4, 5, 6, 7]),
        holidays: new Set(),
      };
      // The weeks around each change of 2026 in these zones (March-April and September-November).
      for (const [from, to] of [
        ['2026-03-01', '2026-04-15'],
        ['2026-08-30', '2026-11-08'],
      ]) {
        const window = { earliest: new Date(`${from}T00:00:00Z`), latest: new Date(`${to}T00:00:00Z`), zone };
        for (const durationMinutes of [30, 90]) {
          const fast = [...freeSlots([daniel, owl], new Set(), window, durationMinutes)].map(
            (slot) => `${slot.start.toISOString()} ${slot.consultantIds.join(',')}`,
          );
          expect(fast).toEqual([...slotBySlot([daniel, owl], window, durationMinutes)]);
        }
      }
    },
  );
});
