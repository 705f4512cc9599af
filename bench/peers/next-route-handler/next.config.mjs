import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The project's checkout holds the `next` this peer is built with; naming it as the root keeps Next from guessing.
const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  turbopack: { root: checkout },
  outputFileTracingRoot: checkout,
};

export default nextConfig;
