#!/usr/bin/env node
// `npm run size`: the JavaScript a browser downloads on the first load of each page, measured in
// Chromium against the production build (`npm run build` first). Sizes are raw and gzip (as served).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findBrowser } from '../test-support/browser/browser.mjs';
import { startTestServer } from '../test-support/test-server.mjs';

const ROUTES = [
  '/',
  '/services',
  '/services/website-offer-audit',
  '/insights',
  '/insights?q=buffer',
  '/insights/why-local-efficiency-lies',
  '/principles',
  '/about',
  '/contact',
  '/book',
  '/docs',
];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`.padStart(9);

const server = await startTestServer();
const browser = await chromium.launch({ executablePath: findBrowser() ?? undefined, args: CHROMIUM_ARGS });
try {
  console.log(`${'route'.padEnd(40)} ${'files'.padStart(5)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)}`);
  for (const route of ROUTES) {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`${server.baseUrl}${route}`, { waitUntil: 'networkidle' });
    const bodies = await Promise.all(scripts);
    const raw = bodies.reduce((sum, b) => sum + b.length, 0);
    const gzip = bodies.reduce((sum, b) => sum + gzipSync(b).length, 0);
    console.log(`${route.padEnd(40)} ${String(bodies.length).padStart(5)} ${kb(raw)} ${kb(gzip)}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
