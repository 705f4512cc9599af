import { describe, expect, it } from 'vitest';
import { daysInZone } from './days-in-zone';

// A Tuesday to a Friday: 14:00 and 22:30 UTC on the Tuesday, 15:00 UTC on the days after.
const STARTS = ['2026-12-01T14:00:00.000Z', '2026-12-01T22:30:00.000Z', '2026-12-02T15:00:00.000Z', '2026-12-03T15:00:00.000Z', '2026-12-04T15:00:00.000Z'];

describe('daysInZone', () => {
  it('shows the days and the chosen day’s times as a visitor in New York reads them', () => {
    expect(daysInZone(STARTS, 'America/New_York', '2026-12-01', 3)).toEqual({
      zone: 'America/New_York',
      days: [
        { date: '2026-12-01', shortLabel: 'Tue 1 Dec', slotCount: 2 },
        { date: '2026-12-02', shortLabel: 'Wed 2 Dec', slotCount: 1 },
        { date: '2026-12-03', shortLabel: 'Thu 3 Dec', slotCount: 1 },
      ],
      chosen: {
        date: '2026-12-01',
        label: 'Tuesday 1 December',
        slots: [
          { start: '2026-12-01T14:00:00.000Z', label: '9:00 AM EST' },
          { start: '2026-12-01T22:30:00.000Z', label: '5:30 PM EST' },
        ],
      },
    });
  });

  it('regroups the same starts in another zone: late New York evenings are the next morning in Tokyo and Kolkata', () => {
    expect(daysInZone(STARTS, 'Asia/Tokyo', '2026-12-02', 3)).toEqual({
      zone: 'Asia/Tokyo',
      days: [
        { date: '2026-12-01', shortLabel: 'Tue 1 Dec', slotCount: 1 },
        { date: '2026-12-02', shortLabel: 'Wed 2 Dec', slotCount: 1 },
        { date: '2026-12-03', shortLabel: 'Thu 3 Dec', slotCount: 1 },
      ],
      chosen: { date: '2026-12-02', label: 'Wednesday 2 December', slots: [{ start: '2026-12-01T22:30:00.000Z', label: '7:30 AM GMT+9' }] },
    });
    expect(daysInZone(STARTS, 'Asia/Kolkata', undefined, 2).chosen).toEqual({
      date: '2026-12-01',
      label: 'Tuesday 1 December',
      slots: [{ start: '2026-12-01T14:00:00.000Z', label: '7:30 PM GMT+5:30' }],
    });
    expect(daysInZone(STARTS, 'Europe/Berlin', undefined, 5).days.map((day) => [day.date, day.slotCount])).toEqual([
      ['2026-12-01', 2],
      ['2026-12-02', 1],
      ['2026-12-03', 1],
      ['2026-12-04', 1],
    ]);
  });

  it('falls back to the first day when the day asked for has no free time in the zone, and shows none when there is none', () => {
    expect(daysInZone(STARTS, 'Europe/Berlin', '2026-12-25', 2).chosen?.date).toBe('2026-12-01');
    expect(daysInZone([], 'Europe/Berlin', '2026-12-01', 2)).toEqual({ zone: 'Europe/Berlin', days: [], chosen: undefined });
  });
});
