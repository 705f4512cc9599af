// Cross-site request forgery: which state-changing requests the web server (server/web-server.mjs) lets through,
// by the Origin header browsers put on every POST. Plain JavaScript because the web server runs it before Next; the
// OpenAPI document (lib/openapi/build-document.ts) and docs/security.md describe the same table.
//
//   path                        no Origin    this site's Origin    another Origin (or "null")
//   /webhooks/stripe            allowed      allowed               allowed: signed by Stripe, carries no cookie
//   /v1/…, /mcp                 allowed      allowed               refused: machine clients send no Origin and no cookie
//   everything else (server     refused      allowed               refused: pages take POSTs only for server actions,
//   actions, /staff/preview/…)                                     which carry the staff or visitor's cookies
//
// Next.js compares a server action's Origin with the Host itself, but lets a request without Origin through; every
// browser that can carry our cookies sends Origin on a POST, so a missing one is refused here.

import { errorEnvelope } from './plain-error.mjs';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The rule for a path: `exempt`, `api` (a foreign Origin is refused) or `browser` (this site's Origin is required). */
export function originRuleFor(pathname) {
  if (pathname === '/webhooks/stripe') return 'exempt';
  if (pathname === '/v1' || pathname.startsWith('/v1/') || pathname === '/mcp') return 'api';
  return 'browser';
}

/** `host[:port]` of an Origin header, or null when it is absent, `null`, or not an http(s) origin. */
function originHost(origin) {
  if (typeof origin !== 'string' || origin === '' || origin === 'null') return null;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Null when the request may go on; otherwise the 403 answer, in the error envelope (code `CROSS_ORIGIN_REFUSED`).
 * `hosts` are the host[:port] names this site answers to: the request's Host (or X-Forwarded-Host from a trusted
 * proxy) and the host of SITE_URL. Schemes are not compared, as Next does not: TLS usually ends at a proxy.
 */
export function crossOriginRefusal({ method, pathname, origin, hosts }) {
  if (SAFE_METHODS.has(method)) return null;
  const rule = originRuleFor(pathname);
  if (rule === 'exempt') return null;
  const absent = origin === undefined || origin === '';
  if (absent && rule === 'api') return null;
  const from = originHost(origin);
  const ours = hosts.filter(Boolean).map((host) => host.toLowerCase());
  if (from && ours.includes(from)) return null;
  const detail = absent
    ? `${method} ${pathname} needs the Origin header of this site, which browsers send with every form; the request was refused.`
    : `${method} ${pathname} came from another origin (${origin}) and was refused: this site accepts it only from its own pages.`;
  return errorEnvelope(403, 'CROSS_ORIGIN_REFUSED', detail);
}
