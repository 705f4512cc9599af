'use client';

import { useMemo } from 'react';
import type { ShownDays } from '@/lib/site/days-in-zone';
import { daysInZone } from '@/lib/site/days-in-zone';
import { useVisitorZone } from './use-visitor-zone';

/**
 * The booking pages' days and times in the visitor's own zone, worked out in the browser from the starts the server
 * sent: the server renders the zone of the address or the firm's (it cannot know the visitor's), and reloading the
 * page in the right zone cost a second server render and a re-render of the whole page, which Lighthouse counted.
 * A zone in the address wins (the visitor or a link chose it), as it does without JavaScript. Derived, not copied
 * into state, so a new page from the server (another day) is shown as it comes.
 */
export function useVisitorZoneDays({
  server,
  starts,
  day,
  maxDays,
  zoneInAddress,
}: {
  /** What the server rendered. */
  server: ShownDays;
  starts: readonly string[];
  /** The day asked for in the address. */
  day: string | undefined;
  maxDays: number;
  zoneInAddress: boolean;
}): ShownDays {
  const visitorZone = useVisitorZone();
  const zone = !zoneInAddress && visitorZone ? visitorZone : server.zone;
  // The same zone as the server's (a New York visitor, or a zone in the address) returns the server's own object, so
  // nothing renders again.
  return useMemo(() => (zone === server.zone ? server : daysInZone(starts, zone, day, maxDays)), [zone, server, starts, day, maxDays]);
}
