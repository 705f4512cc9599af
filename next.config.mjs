import { securityHeaderRules } from './lib/security/security-headers.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // GET / is content-negotiated in proxy.ts; Next must hand the proxy the URL as the client sent it.
  skipProxyUrlNormalize: true,
  poweredByHeader: false,
  // Hashing every cached page to make an ETag costs a third of a millisecond per answer; proxy.ts gives cached pages
  // an ETag from their content edition instead, and the API sets its own.
  generateEtags: false,
  async headers() {
    return [
      // Nosniff, referrer, permissions and opener policies on every answer, and `default-src 'none'` on data answers.
      ...securityHeaderRules(),
      // A page rendered in draft mode shows drafts (staff previews, reviewers' preview links): never for search engines.
      { source: '/:path*', has: [{ type: 'cookie', key: '__prerender_bypass' }], headers: [{ key: 'X-Robots-Tag', value: 'noindex, nofollow' }] },
    ];
  },
  experimental: {
    // forbidden() answers 403 for staff pages and actions a role may not use.
    authInterrupts: true,
    // Cached pages stay in memory (an LRU of cacheMaxMemorySize, 50 MB): every content edition has copies at new
    // addresses (app/(site)/cached/[stamp]), and on disk those of past editions would pile up until the next build.
    isrFlushToDisk: false,
  },
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it. pg too (it looks for the
  // optional native pg-native at run time, which a bundler would try to resolve at build time).
  // The metrics registry and the tracer are shared with the web server that hosts the app (server/web-server.mjs), so
  // prom-client and OpenTelemetry load from node_modules as one copy per process, never a bundled second one (pino
  // is on Next's own list).
  serverExternalPackages: [
    'better-sqlite3',
    '@prisma/adapter-better-sqlite3',
    'pg',
    '@prisma/adapter-pg',
    '@node-rs/argon2',
    'prom-client',
    '@opentelemetry/api',
    '@opentelemetry/sdk-trace-node',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/resources',
    '@prisma/instrumentation',
  ],
  typescript: {
    // `npm test` type-checks the whole project (including tests) with `tsc`; the build need not repeat it.
    ignoreBuildErrors: true,
  },
};

export default nextConfig;
