'use client';

import { useEffect, useState } from 'react';

/**
 * The visitor's own time zone once the page runs in their browser; the firm's zone in the server
 * render (and without JavaScript), so times are always labelled with the zone they are in.
 */
export function useVisitorTimeZone(firmTimeZone: string): string {
  const [zone, setZone] = useState(firmTimeZone);
  useEffect(() => {
    // Reading the browser's zone is only possible after hydration; the first render must match the server's.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || firmTimeZone);
  }, [firmTimeZone]);
  return zone;
}
