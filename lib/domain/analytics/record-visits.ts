import { z } from 'zod';
import { analyticsBatch } from './analytics-services';

/** A request the web server answered or received, reduced to what analytics read. */
export interface VisitRequest {
  at: Date;
  address: string;
  userAgent: string | undefined;
}

/** `/path?query` split, without parsing anything else of it. */
function split(url: string): { path: string; search: string } {
  const mark = url.indexOf('?');
  return mark === -1 ? { path: url, search: '' } : { path: url.slice(0, mark), search: url.slice(mark) };
}

/** A page the web server answered (from Next or a held copy): counted at the next flush unless a bot asked. */
export function recordPageAnswer(request: VisitRequest & { url: string; referrer: string | undefined }): void {
  analyticsBatch().pageView({ ...request, ...split(request.url), source: 'server' });
}

const text = z.string().max(2048);
/**
 * What the page's beacon sends to `/a` (components/page-beacon.tsx): `view` for a page the browser showed without
 * the server answering it (a link followed inside the site, a copy from nginx's cache), `leave` with the seconds the
 * page was visible and how far down it was scrolled (percent).
 */
const BeaconReport = z.discriminatedUnion('t', [
  z.object({ t: z.literal('view'), u: text, r: text.optional() }),
  z.object({ t: z.literal('leave'), u: text, s: z.number().int().min(0).max(86_400), d: z.number().int().min(0).max(100).optional() }),
]);

/** A beacon's report, counted at the next flush; false when it is not one (nothing is counted). */
export function recordBeacon(request: VisitRequest & { body: string }): boolean {
  let parsed: z.infer<typeof BeaconReport>;
  try {
    const result = BeaconReport.safeParse(JSON.parse(request.body));
    if (!result.success) return false;
    parsed = result.data;
  } catch {
    return false;
  }
  const { path, search } = split(parsed.u);
  if (parsed.t === 'view') analyticsBatch().pageView({ ...request, path, search, referrer: parsed.r, source: 'browser' });
  else analyticsBatch().reading({ ...request, path, seconds: parsed.s, scrollPercent: parsed.d ?? null });
  return true;
}
