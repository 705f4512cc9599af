/** @type {import('next').NextConfig} */
const nextConfig = {
  // GET / is content-negotiated in proxy.ts; Next must hand the proxy the URL as the client sent it.
  skipProxyUrlNormalize: true,
  poweredByHeader: false,
  // forbidden() answers 403 for staff pages and actions a role may not use.
  experimental: { authInterrupts: true },
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it. pg too (it looks for the
  // optional native pg-native at run time, which a bundler would try to resolve at build time).
  serverExternalPackages: ['better-sqlite3', '@prisma/adapter-better-sqlite3', 'pg', '@prisma/adapter-pg', '@node-rs/argon2'],
  // A page rendered in draft mode shows drafts (staff previews, reviewers' preview links): never for search engines.
  async headers() {
    return [{ source: '/:path*', has: [{ type: 'cookie', key: '__prerender_bypass' }], headers: [{ key: 'X-Robots-Tag', value: 'noindex, nofollow' }] }];
  },
  typescript: {
    // `npm test` type-checks the whole project (including tests) with `tsc`; the build need not repeat it.
    ignoreBuildErrors: true,
  },
};

export default nextConfig;
