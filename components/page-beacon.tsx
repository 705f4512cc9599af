'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';

/** Where reports go: the web server answers it (lib/http/visit-counting.mjs), same origin, so `connect-src 'self'` allows it. */
const BEACON = '/a';

type Report = { t: 'view'; u: string; r?: string } | { t: 'leave'; u: string; s: number; d: number };

const send = (report: Report) => navigator.sendBeacon?.(BEACON, JSON.stringify(report));

/** Global Privacy Control or Do Not Track: the server would drop the report anyway, so none is sent. */
const declines = () => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true || navigator.doNotTrack === '1';

/**
 * Whether nginx's cache answered this document without asking the app, which then never saw the view: the shipped
 * nginx names its cache status in Server-Timing (`cache;desc=HIT`). A stale answer refreshed in the background
 * (STALE) reached the app, which counted it.
 */
function answeredByCache(): boolean {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  const timings = (navigation as PerformanceNavigationTiming | undefined)?.serverTiming ?? [];
  return timings.some((timing) => timing.name === 'cache' && (timing.description === 'HIT' || timing.description === 'UPDATING'));
}

let firstPage = true;

/**
 * The page beacon: counts what the server cannot see, and nothing it can. The server counts every page it answers;
 * this reports a page shown without the server (a link followed inside the site, a copy from nginx's cache), and,
 * when the page is first hidden or left, the seconds it was visible and how far down it was scrolled. No cookie, no
 * storage; without JavaScript nothing is sent.
 */
export function PageBeacon() {
  const pathname = usePathname();
  useEffect(() => {
    if (declines()) return;
    const address = location.pathname + location.search;
    if (!firstPage) send({ t: 'view', u: address });
    else if (answeredByCache()) send({ t: 'view', u: address, r: document.referrer || undefined });
    firstPage = false;

    let visibleSince = document.visibilityState === 'visible' ? performance.now() : null;
    let deepest = 0;
    let reported = false;
    const measureScroll = () => {
      const page = document.documentElement;
      const seen = page.scrollHeight > 0 ? ((window.scrollY + window.innerHeight) / page.scrollHeight) * 100 : 100;
      deepest = Math.max(deepest, Math.min(100, Math.round(seen)));
    };
    const leave = () => {
      if (reported) return;
      reported = true;
      const visibleMs = visibleSince === null ? 0 : performance.now() - visibleSince;
      send({ t: 'leave', u: address, s: Math.min(86_400, Math.round(visibleMs / 1000)), d: deepest });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
      // A page opened in a background tab starts counting when it is first shown.
      else visibleSince ??= performance.now();
    };
    measureScroll();
    window.addEventListener('scroll', measureScroll, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', leave);
    return () => {
      leave();
      window.removeEventListener('scroll', measureScroll);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', leave);
    };
  }, [pathname]);
  return null;
}
