/** Bookings claim time in units of this many minutes; see BookingSlotClaim. */
export const CLAIM_UNIT_MINUTES = 15;
const UNIT_MS = CLAIM_UNIT_MINUTES * 60_000;

/**
 * The unit starts that [start, end) touches. A booking at an odd minute claims every unit it overlaps,
 * so two bookings that overlap always share at least one unit and the database refuses the second.
 */
export function claimUnits(start: Date, end: Date): Date[] {
  const first = Math.floor(start.getTime() / UNIT_MS) * UNIT_MS;
  const units: Date[] = [];
  for (let t = first; t < end.getTime(); t += UNIT_MS) units.push(new Date(t));
  return units;
}

/** Claimed units as "consultantId@epochMs" keys, for fast lookups while searching free slots. */
export function claimKey(consultantId: string, unitStart: Date): string {
  return `${consultantId}@${unitStart.getTime()}`;
}
