/**
 * What a page view records about its page and where the visitor came from: the path (never the query, and never a
 * secret token), the insight or service it shows, the referrer's host when it is another site, and the campaign
 * parameters. Everything else in the URL is left out.
 */

/** Paths whose last segment is a secret token (a checkout, a report, a booking): recorded with the token replaced. */
const TOKEN_PATHS = /^\/(checkout|reports|bookings)\/[^/]+$/;
/**
 * The site's pages (app/(site) and the API's documentation page), as path shapes: nothing else is a page view, so a
 * beacon cannot make up pages (`/wp-admin.php`, `//evil.example/x`). Whether an insight or service named in a path
 * exists is the content's to say: the dashboard leaves out names the content does not know (dashboard.ts).
 */
const SITE_ROUTES =
  /^\/(?:|about|book|contact|docs|insights|principles|privacy|services|(?:insights|services)\/[^/]+|(?:checkout|reports|bookings)\/\[token\])$/;
const MAX_PATH = 300;
const MAX_CAMPAIGN_TEXT = 100;

export interface PageFacts {
  path: string;
  insightId: string | null;
  serviceId: string | null;
}

/** The page a path names, or null when it is not a page that is counted. */
export function pageFactsOf(rawPath: string): PageFacts | null {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (/[\u0000-\u001f]/.test(path)) return null;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (TOKEN_PATHS.test(path)) path = path.replace(/[^/]+$/, '[token]');
  if (path.length > MAX_PATH || !SITE_ROUTES.test(path)) return null;
  const detail = /^\/(insights|services)\/([^/]+)$/.exec(path);
  return {
    path,
    insightId: detail?.[1] === 'insights' ? detail[2]! : null,
    serviceId: detail?.[1] === 'services' ? detail[2]! : null,
  };
}

/** A campaign parameter as given: trimmed, control characters left out, at most 100 characters; null when empty. */
function campaignText(value: string | null): string | null {
  const text = (value ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, MAX_CAMPAIGN_TEXT);
  return text === '' ? null : text;
}

export interface Campaign {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** utm_source, utm_medium and utm_campaign of a query string (`?a=b…` or `a=b…`). */
export function campaignOf(search: string): Campaign {
  if (!search.includes('utm_')) return { utmSource: null, utmMedium: null, utmCampaign: null };
  const params = new URLSearchParams(search);
  return {
    utmSource: campaignText(params.get('utm_source')),
    utmMedium: campaignText(params.get('utm_medium')),
    utmCampaign: campaignText(params.get('utm_campaign')),
  };
}

/** The host of a referrer URL when it is another site than `siteHost`; null for this site, none or nonsense. */
export function referrerHostOf(referrer: string | undefined, siteHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    return host === '' || host === siteHost.replace(/^www\./, '') ? null : host.slice(0, 253);
  } catch {
    return null;
  }
}
