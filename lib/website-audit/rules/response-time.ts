import type { AuditFinding } from '../finding';
import type { ParsedPage } from '../parsed-page';

/** Time to first byte: up to 0.8 s is good and over 1.8 s is poor, by the web.dev guidance for real visits. */
export const RESPONSE_TIME_MINOR_MS = 800;
export const RESPONSE_TIME_MAJOR_MS = 1_800;

/** Server response time: the blank screen the buyer stares at before anything of the offer appears. */
export function checkResponseTime({ facts }: ParsedPage): AuditFinding | null {
  const ms = facts.timeToFirstByteMs;
  if (ms <= RESPONSE_TIME_MINOR_MS) return null;
  return {
    id: 'basics.slow-response',
    category: 'performance',
    severity: ms > RESPONSE_TIME_MAJOR_MS ? 'major' : 'minor',
    title: `The server took ${(ms / 1000).toFixed(1)} seconds to start answering`,
    detail: `Buyers who click an ad or a search result leave when the screen stays blank; every second before the offer appears costs a share of them. Good servers answer within ${RESPONSE_TIME_MINOR_MS} ms.`,
    recommendation:
      'Turn on page caching in your site builder or CMS (or put a CDN in front of it) so the page is served ready-made, and ask your host why an uncached page takes this long.',
    evidence: `${ms.toLocaleString('en-US')} ms from request to first byte, measured once from our server.`,
  };
}
