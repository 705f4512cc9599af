'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * The server renders the booking pages in the zone named in the address (`tz`), or the firm's when there is none,
 * because it cannot know the visitor's. Once the page runs in a browser whose zone differs, this reloads it with
 * that zone in the address, so days and times are the visitor's own. Without JavaScript the firm's zone stays,
 * and the page names it.
 */
export function VisitorZoneSwitch({ shownZone }: { shownZone: string }) {
  const router = useRouter();
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.has('tz')) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === shownZone) return;
    url.searchParams.set('tz', zone);
    router.replace(`${url.pathname}${url.search}`, { scroll: false });
  }, [router, shownZone]);
  return null;
}
