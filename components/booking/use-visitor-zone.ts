'use client';

import { startTransition, useEffect, useState } from 'react';

/**
 * The browser's own time zone, or null until the page has hydrated: null on the server and in the first render in
 * the browser, so hydration sees exactly the server's HTML. The zone is read in a task of its own after hydration,
 * and the render it causes is a transition (React yields while rendering it), so neither lengthens hydration's long
 * task, which is what Lighthouse's Total Blocking Time counts.
 */
export function useVisitorZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null)), 0);
    return () => clearTimeout(timer);
  }, []);
  return zone;
}
