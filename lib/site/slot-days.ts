import { DateTime, IANAZone } from 'luxon';

export interface TimedSlot {
  start: string;
}

export interface SlotDay<S extends TimedSlot> {
  /** The local date in the zone shown, "2026-12-01": the `day` in the page's address. */
  date: string;
  /** "Tuesday 1 December" */
  label: string;
  /** "Tue 1 Dec" */
  shortLabel: string;
  slots: S[];
}

/** A zone from the address if it is a real IANA zone, else the firm's: the page always says which it uses. */
export function displayZone(requested: string | undefined, firmZone: string): string {
  return requested && IANAZone.isValidZone(requested) ? requested : firmZone;
}

/**
 * Free slots grouped by their local date in `zone`, in time order, the first `maxDays` days that have any: a
 * visitor in Tokyo sees Tokyo dates, so a slot late on a New York evening belongs to their next morning.
 */
export function groupSlotsByDay<S extends TimedSlot>(slots: readonly S[], zone: string, maxDays: number): SlotDay<S>[] {
  const days = new Map<string, SlotDay<S>>();
  for (const slot of slots) {
    const local = DateTime.fromISO(slot.start, { zone, locale: 'en-US' });
    const date = local.toISODate()!;
    let day = days.get(date);
    if (!day) {
      if (days.size === maxDays) break;
      day = { date, label: local.toFormat('cccc d LLLL'), shortLabel: local.toFormat('ccc d LLL'), slots: [] };
      days.set(date, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}

/** "3:30 PM CET": a time with its zone named, as every time on the booking pages is shown. */
export function timeInZone(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone, locale: 'en-US' }).toFormat('h:mm a ZZZZ');
}

/** "Tuesday 1 December 2026, 3:30 PM CET" */
export function dateTimeInZone(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone, locale: 'en-US' }).toFormat('cccc d LLLL yyyy, h:mm a ZZZZ');
}

/** "Europe/Berlin" → "Europe/Berlin time"; the underscores of zone ids read as spaces. */
export function zoneName(zone: string): string {
  return zone.replace(/_/g, ' ');
}
