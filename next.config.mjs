/** @type {import('next').NextConfig} */
const nextConfig = {
  // GET / is content-negotiated in proxy.ts; Next must hand the proxy the URL as the client sent it.
  skipProxyUrlNormalize: true,
  poweredByHeader: false,
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ['better-sqlite3', '@prisma/adapter-better-sqlite3'],
  typescript: {
    // `npm test` type-checks the whole project (including tests) with `tsc`; the build need not repeat it.
    ignoreBuildErrors: true,
  },
};

export default nextConfig;
