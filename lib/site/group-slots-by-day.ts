import { dayLabels, localDate } from './zone-format';

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

/**
 * Free slots grouped by their local date in `zone`, in time order, the first `maxDays` days that have any: a
 * visitor in Tokyo sees Tokyo dates, so a slot late on a New York evening belongs to their next morning. Intl only,
 * so the browser regroups with the same code when the visitor's zone differs from the one the server used.
 */
export function groupSlotsByDay<S extends TimedSlot>(slots: readonly S[], zone: string, maxDays: number): SlotDay<S>[] {
  const days = new Map<string, SlotDay<S>>();
  for (const slot of slots) {
    const date = localDate(slot.start, zone);
    let day = days.get(date);
    if (!day) {
      if (days.size === maxDays) break;
      day = { date, ...dayLabels(date), slots: [] };
      days.set(date, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}
