import type { IncomingHttpHeaders } from 'node:http';
import { analyticsEnabled } from '@/lib/domain/analytics/analytics-services';
import { readBeaconReport, recordBeacon, recordPageAnswer } from '@/lib/domain/analytics/record-visits';
import { headerText, visitSourceOf } from '@/lib/http/visit-source';
import { processSingleton } from '@/lib/process-singleton';

/** A request as the web server saw it (lib/http/visit-counting.mjs). */
interface SeenRequest {
  at: number;
  url: string;
  headers: IncomingHttpHeaders;
}

/** What the web server calls for each page it answered and each beacon it received. */
export interface VisitCounter {
  page(request: SeenRequest): void;
  /** False when the body is not a page report (the web server then answers 400). */
  beacon(request: SeenRequest & { body: string }): boolean;
}

const counter: VisitCounter = {
  page({ at, url, headers }) {
    const source = visitSourceOf(headers);
    if (!source.excluded) recordPageAnswer({ at, url, referrer: headerText(headers, 'referer'), address: source.address, userAgent: source.userAgent });
  },
  beacon({ at, headers, body }) {
    const report = readBeaconReport(body);
    if (!report) return false;
    const source = visitSourceOf(headers);
    if (!source.excluded) recordBeacon({ at, report, address: source.address, userAgent: source.userAgent });
    return true;
  },
};

/**
 * Publishes the counter where the web server finds it (globalThis, under the key visit-counting.mjs reads), like the
 * held-copy rules; with ANALYTICS=off nothing is published and the web server counts nothing.
 */
export function publishVisitCounter(): void {
  processSingleton<{ current?: VisitCounter }>('visit-counter', () => ({})).current = analyticsEnabled() ? counter : undefined;
}
