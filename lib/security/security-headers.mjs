// Security headers that do not depend on the request: next.config.mjs sends them with every answer (its headers()
// rules cost nothing per request), server/web-server.mjs adds HSTS, and proxy.ts adds each page's
// Content-Security-Policy with the nonce of its scripts. Plain JavaScript, so next.config.mjs can import it.

/** Two years, with subdomains, as the HSTS preload list asks; sent only when SITE_URL is https. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * Features no page of the site uses, switched off for it and for anything it embeds. Retired names such as
 * `interest-cohort` are left out: browsers log every unknown feature as a console error.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'sync-xhr=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

export const DEFAULT_REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The booking-management page's address is a capability: it sends no address to any other site and only its origin
 * to this one. `same-origin`, not `no-referrer`, because a form posted without JavaScript must still carry an Origin
 * header that Next's server actions accept.
 */
export const CAPABILITY_PAGE_REFERRER_POLICY = 'same-origin';

/** JSON, XML and text answers: nothing in them may load or run anything, should a browser ever render one. */
export const NON_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

const SOCIAL_CARD_SOURCE = '/:path*/opengraph-image(-\\w+)?';
const SOCIAL_CARD_PATH = /\/opengraph-image(-\w+)?$/;

/** Paths answered with data (JSON, XML, text, the media library's images), never with a document of the site. */
export const DATA_PATH_SOURCES = [
  '/media/:path*',
  // Social cards (opengraph-image.tsx of each page; Next adds a suffix to the name), in the cached pages' edition tree too.
  SOCIAL_CARD_SOURCE,
  '/v1',
  '/v1/:path*',
  '/mcp',
  '/health',
  '/openapi.json',
  '/llms.txt',
  '/sitemap.xml',
  '/robots.txt',
  '/insights/feed.xml',
  '/webhooks/:path*',
  '/root-discovery',
  // Consultants' private subscription feeds (text/calendar).
  '/calendars/:path*',
  // The media library's upload answers JSON or a redirect; proxy.ts does not see it (its body may pass the proxy's limit).
  '/staff/media/upload',
];

const header = (key, value) => ({ key, value });

/** next.config.mjs `headers()`: later rules win where they set the same header. */
export function securityHeaderRules() {
  return [
    {
      source: '/:path*',
      headers: [
        header('X-Content-Type-Options', 'nosniff'),
        header('Referrer-Policy', DEFAULT_REFERRER_POLICY),
        header('Permissions-Policy', PERMISSIONS_POLICY),
        header('Cross-Origin-Opener-Policy', 'same-origin'),
      ],
    },
    { source: '/bookings/:token*', headers: [header('Referrer-Policy', CAPABILITY_PAGE_REFERRER_POLICY)] },
    { source: '/calendars/:path*', headers: [header('Referrer-Policy', CAPABILITY_PAGE_REFERRER_POLICY)] },
    ...DATA_PATH_SOURCES.map((source) => ({ source, headers: [header('Content-Security-Policy', NON_DOCUMENT_POLICY)] })),
  ];
}

/** The HSTS header for a site served from `siteUrl`, or null when it is not https (browsers ignore it over http). */
export function strictTransportSecurityFor(siteUrl) {
  return siteUrl?.startsWith('https:') ? STRICT_TRANSPORT_SECURITY : null;
}

/** Whether `pathname` is one of DATA_PATH_SOURCES. */
export function isDataPath(pathname) {
  return DATA_PATH_SOURCES.some((source) => {
    if (source === SOCIAL_CARD_SOURCE) return SOCIAL_CARD_PATH.test(pathname);
    return source.endsWith('/:path*') ? pathname.startsWith(source.slice(0, -':path*'.length)) : pathname === source;
  });
}
