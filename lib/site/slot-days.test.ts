import { describe, expect, it } from 'vitest';
import { groupSlotsByDay } from './group-slots-by-day';
import { dateTimeInZone, displayZone } from './slot-days';
import { timeLabel, zoneName } from './zone-format';

const slots = ['2026-12-01T14:00:00Z', '2026-12-01T22:30:00Z', '2026-12-02T15:00:00Z', '2026-12-03T15:00:00Z'].map((start) => ({ start }));

describe('groupSlotsByDay', () => {
  it('groups by the local date of the zone shown, keeping time order, up to the number of days asked for', () => {
    expect(groupSlotsByDay(slots, 'America/New_York', 2)).toEqual([
      { date: '2026-12-01', label: 'Tuesday 1 December', shortLabel: 'Tue 1 Dec', slots: [slots[0], slots[1]] },
      { date: '2026-12-02', label: 'Wednesday 2 December', shortLabel: 'Wed 2 Dec', slots: [slots[2]] },
    ]);
    // 22:30 UTC is already the next morning in Tokyo.
    expect(groupSlotsByDay(slots, 'Asia/Tokyo', 5).map((day) => [day.date, day.slots.map((s) => s.start)])).toEqual([
      ['2026-12-01', ['2026-12-01T14:00:00Z']],
      ['2026-12-02', ['2026-12-01T22:30:00Z']],
      ['2026-12-03', ['2026-12-02T15:00:00Z']],
      ['2026-12-04', ['2026-12-03T15:00:00Z']],
    ]);
    expect(groupSlotsByDay([], 'UTC', 3)).toEqual([]);
  });
});

describe('zones', () => {
  it('accepts only real IANA zones from the address, and names the zone of every time', () => {
    expect(displayZone('Europe/Berlin', 'America/New_York')).toBe('Europe/Berlin');
    expect(displayZone('Mars/Olympus_Mons', 'America/New_York')).toBe('America/New_York');
    expect(displayZone(undefined, 'America/New_York')).toBe('America/New_York');
    expect(timeLabel('2026-12-01T14:00:00Z', 'Europe/Berlin')).toBe('3:00 PM GMT+1');
    expect(timeLabel('2026-12-01T14:00:00Z', 'America/New_York')).toBe('9:00 AM EST');
    expect(dateTimeInZone('2026-12-01T14:00:00Z', 'America/Los_Angeles')).toBe('Tuesday 1 December 2026, 6:00 AM PST');
    expect(zoneName('America/Los_Angeles')).toBe('America/Los Angeles');
  });
});
