import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dayLabels, localDate, timeLabel } from './zone-format';

const ZONES = ['America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];

/** Every half hour of two days around a DST change (New York's on 1 November 2026, Berlin's on 25 October 2026), and a leap day. */
function halfHoursFrom(startIso: string, hours: number): string[] {
  const start = Date.parse(startIso);
  return Array.from({ length: hours * 2 }, (_, i) => new Date(start + i * 1_800_000).toISOString());
}
const INSTANTS = [...halfHoursFrom('2026-10-31T00:00:00Z', 48), ...halfHoursFrom('2026-10-24T12:00:00Z', 36), ...halfHoursFrom('2028-02-28T12:00:00Z', 36)];

describe('zone-format', () => {
  it('writes the strings the booking pages showed with luxon, in every zone and across DST changes', () => {
    for (const zone of ZONES) {
      for (const iso of INSTANTS) {
        const luxon = DateTime.fromISO(iso, { zone, locale: 'en-US' });
        const date = localDate(iso, zone);
        expect([zone, iso, date]).toEqual([zone, iso, luxon.toISODate()]);
        expect([zone, iso, dayLabels(date)]).toEqual([zone, iso, { label: luxon.toFormat('cccc d LLLL'), shortLabel: luxon.toFormat('ccc d LLL') }]);
        expect([zone, iso, timeLabel(iso, zone)]).toEqual([zone, iso, luxon.toFormat('h:mm a ZZZZ')]);
      }
    }
  });

  it('names the date and time of an instant as a visitor in that zone reads them', () => {
    const iso = '2026-12-01T20:30:00Z';
    expect(['America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kolkata'].map((zone) => [localDate(iso, zone), timeLabel(iso, zone)])).toEqual([
      ['2026-12-01', '3:30 PM EST'],
      ['2026-12-01', '9:30 PM GMT+1'],
      ['2026-12-02', '5:30 AM GMT+9'],
      ['2026-12-02', '2:00 AM GMT+5:30'],
    ]);
    // The night New York leaves daylight time: 1:30 AM happens twice, first in EDT, then in EST.
    expect([timeLabel('2026-11-01T05:30:00Z', 'America/New_York'), timeLabel('2026-11-01T06:30:00Z', 'America/New_York')]).toEqual([
      '1:30 AM EDT',
      '1:30 AM EST',
    ]);
    expect(timeLabel('2026-12-01T05:00:00Z', 'America/New_York')).toBe('12:00 AM EST');
    expect(timeLabel('2026-12-01T17:05:00Z', 'America/New_York')).toBe('12:05 PM EST');
    expect(dayLabels('2026-12-01')).toEqual({ label: 'Tuesday 1 December', shortLabel: 'Tue 1 Dec' });
    expect(dayLabels('2028-02-29')).toEqual({ label: 'Tuesday 29 February', shortLabel: 'Tue 29 Feb' });
    expect(dayLabels('2026-09-06')).toEqual({ label: 'Sunday 6 September', shortLabel: 'Sun 6 Sep' });
  });
});
