'use client';

import { useSyncExternalStore } from 'react';

// The zone of a browser does not change while a page is open (and if the machine's does, the next page shows it).
const subscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || null;
const noZoneOnServer = () => null;

/**
 * The browser's own time zone, or null on the server. React hydrates with the server's value (null), so the first
 * render in the browser matches the server's HTML exactly, then renders again with the browser's zone.
 */
export function useVisitorZone(): string | null {
  return useSyncExternalStore(subscribe, browserZone, noZoneOnServer);
}
