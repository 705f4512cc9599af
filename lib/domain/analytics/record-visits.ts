import { z } from 'zod';
import { analyticsReports } from './analytics-services';

/** A request the web server answered or received, reduced to what analytics read. */
export interface VisitRequest {
  /** When, in milliseconds since the epoch. */
  at: number;
  address: string;
  userAgent: string | undefined;
}

/** The path of `/path?query`, and its query (with the `?`, or empty): read apart, so that no object is made per view. */
const pathOf = (url: string) => {
  const mark = url.indexOf('?');
  return mark === -1 ? url : url.slice(0, mark);
};
const searchOf = (url: string) => {
  const mark = url.indexOf('?');
  return mark === -1 ? '' : url.slice(mark);
};

/**
 * A page the web server answered (from Next or a held copy): counted at the next flush unless a bot asked. The report
 * is written out field by field, not spread from `request`: built by spreading, thousands of reports a second made the
 * web server's old generation fill and be collected twice as often (`node --trace-gc` under the counting benchmark),
 * which cost about a tenth of a cached page's rate.
 */
export function recordPageAnswer({ at, url, referrer, address, userAgent }: VisitRequest & { url: string; referrer: string | undefined }): void {
  analyticsReports().pageView({ at, path: pathOf(url), search: searchOf(url), referrer, userAgent, address, source: 'server' });
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

export type BeaconReport = z.infer<typeof BeaconReport>;

/** A beacon's body as a report, or null when it is not one (not JSON, or not the shape above). */
export function readBeaconReport(body: string): BeaconReport | null {
  try {
    const result = BeaconReport.safeParse(JSON.parse(body));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** A beacon's report, counted at the next flush. */
export function recordBeacon(request: VisitRequest & { report: BeaconReport }): void {
  const { report, at, address, userAgent } = request;
  const [path, search] = [pathOf(report.u), searchOf(report.u)];
  if (report.t === 'view') analyticsReports().pageView({ at, path, search, referrer: report.r, userAgent, address, source: 'browser' });
  else analyticsReports().reading({ at, path, seconds: report.s, scrollPercent: report.d ?? null, userAgent, address });
}
