import { calendarVerdict } from '../calendars/busy-times-check';
import type { ConsultantSchedule } from '../scheduling/consultant-schedule';
import { activeConsultants } from '../scheduling/firm-calendar';
import type { BookingWindow } from '../scheduling/free-slots';
import { inWindow } from '../scheduling/free-slots';
import { candidatesFor } from './consultant-choice';

export interface SlotChoice {
  start: Date;
  end: Date;
  consultantId: string;
}

interface Search {
  durationMinutes: number;
  category: string | null | undefined;
  window: BookingWindow;
  /** Tried first at each time (a moved booking keeps its consultant when they are free). */
  preferredConsultant?: string | null;
  consultants?: readonly ConsultantSchedule[];
  /** The clock of the request: connected calendars must be fresh as of it. */
  now: Date;
}

/**
 * The booking rule, shared by new bookings and moves: the preferred times in the booker's order, inside the booking
 * window, and at each the consultants who can take it; `tryToHold` claims one choice in a transaction and says
 * whether the database let it. Returns the choice held, or null when no preferred time had a free consultant.
 */
export async function holdFirstFreeTime(
  preferredTimes: readonly string[],
  { durationMinutes, category, window, preferredConsultant, consultants, now }: Search,
  tryToHold: (choice: SlotChoice) => Promise<boolean>,
): Promise<SlotChoice | null> {
  const team = consultants ?? (await activeConsultants());
  for (const preferred of preferredTimes) {
    const start = new Date(preferred);
    const end = new Date(start.getTime() + durationMinutes * 60_000);
    if (!inWindow(start, window)) continue;
    for (const consultant of await candidatesFor(team, { start, end, category, preferred: preferredConsultant })) {
      const choice = { start, end, consultantId: consultant.id };
      // Never on stale busy times: a calendar that is busy, or cannot be asked, passes the time to the next consultant.
      if ((await calendarVerdict(consultant.id, start, end, now)) !== 'free') continue;
      if (await tryToHold(choice)) return choice;
    }
  }
  return null;
}
