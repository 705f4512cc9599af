import { groupSlotsByDay } from './group-slots-by-day';
import { timeLabel } from './zone-format';

/** A day in the day picker: its date, short label and how many free times it has. */
export interface DayChoice {
  date: string;
  shortLabel: string;
  slotCount: number;
}

/** The day whose times are listed, with each time labelled in the zone shown. */
export interface ChosenDay {
  date: string;
  label: string;
  slots: Array<{ start: string; label: string }>;
}

/** What the booking pages show of the free times: the zone, the days to pick from and the chosen day's times. */
export interface ShownDays {
  zone: string;
  days: DayChoice[];
  chosen: ChosenDay | undefined;
}

/**
 * Free starts (time order) as the day picker and time list show them in `zone`: the first `maxDays` days that have
 * any, and the day asked for (else the first). The server calls it for the zone of the address or the firm's, the
 * browser again for the visitor's own zone; only the chosen day's times get labels, as labelling is the costly part.
 */
export function daysInZone(starts: readonly string[], zone: string, day: string | undefined, maxDays: number): ShownDays {
  const days = groupSlotsByDay(
    starts.map((start) => ({ start })),
    zone,
    maxDays,
  );
  const chosen = days.find((d) => d.date === day) ?? days[0];
  return {
    zone,
    days: days.map((d) => ({ date: d.date, shortLabel: d.shortLabel, slotCount: d.slots.length })),
    chosen: chosen && { date: chosen.date, label: chosen.label, slots: chosen.slots.map(({ start }) => ({ start, label: timeLabel(start, zone) })) },
  };
}
