import { config } from '@/lib/config';

export const AUDIT_BOT_NAME = 'ThroughlineAuditBot';
export const AUDIT_BOT_VERSION = '1.0';

/**
 * The User-Agent the audit sends: it says who is fetching and where to read why, so a site owner who sees it
 * in a log can find us. The `Mozilla/5.0 (compatible; …)` form is the usual one for honest bots; it gets the
 * page a browser would get.
 */
export function auditUserAgent(siteUrl = config().SITE_URL): string {
  return `Mozilla/5.0 (compatible; ${AUDIT_BOT_NAME}/${AUDIT_BOT_VERSION}; Throughline Partners website offer audit; +${siteUrl}/services/website-offer-audit)`;
}
