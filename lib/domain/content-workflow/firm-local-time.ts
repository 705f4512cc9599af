import { DateTime } from 'luxon';

/** `YYYY-MM-DDTHH:mm`, what an <input type="datetime-local"> sends. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export type LocalTimeProblem = 'format' | 'nonexistent';

/**
 * A wall-clock time in the firm's zone as an instant. A time the clocks skip when summer time starts does not exist
 * and is refused rather than moved; a time that happens twice when it ends is the second of the two (standard time).
 */
export function parseFirmLocalDateTime(text: string, zone: string): { at: Date } | { problem: LocalTimeProblem } {
  if (!LOCAL_DATE_TIME.test(text)) return { problem: 'format' };
  const local = DateTime.fromISO(text, { zone });
  if (!local.isValid) return { problem: 'format' };
  if (local.toFormat("yyyy-MM-dd'T'HH:mm") !== text) return { problem: 'nonexistent' };
  return { at: local.toJSDate() };
}

/** The instant as the firm's wall clock shows it, in the form an <input type="datetime-local"> takes. */
export function firmLocalInputValue(at: Date, zone: string): string {
  return DateTime.fromJSDate(at, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
}

/** The zone for people, as it stands at that instant: "America/New_York (EST)". */
export function zoneLabel(zone: string, at: Date): string {
  return `${zone} (${DateTime.fromJSDate(at, { zone }).toFormat('ZZZZ')})`;
}
