#!/usr/bin/env node
// The media library's figures (issue 22), against the production build and its job runner (as `npm start` runs them)
// on a fresh database; `npm run bench media` (needs `npm run build` first):
//   - processing per upload of a 12-megapixel JPEG (4000 x 3000, made here with sharp): the upload request (type,
//     limits, a full decode, the original kept upright without metadata) and the media.process job (every width in
//     AVIF, WebP and JPEG, square crops, placeholder), BENCH_RUNS uploads (default 3), one after another; the peer,
//     measured in the same run in this process: sharp decoding the same file and writing one 1280-wide JPEG;
//   - bytes a phone downloads for an insight's hero (the seed's diagram, and the 12-megapixel photo placed as a hero)
//     against the original: Chromium emulating Lighthouse's phone (412 CSS px at 1.75x) and a Pixel 7 (412 at 2.625x).
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findBrowser } from '../test-support/browser/browser.mjs';
import { percentile, printTable } from '../test-support/bench-report.mjs';
import { startTestServer } from '../test-support/test-server.mjs';
import { openTestSql } from '../test-support/test-sql';
import { staffCookie } from '../test-support/http/staff';
import { publishColumn } from '../test-support/http/content-changes';
import { twelveMegapixelJpeg } from '../test-support/media/image-fixtures';
import { uploadMedia } from '../test-support/media/uploads';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PHONES = [
  { name: 'Lighthouse phone (412 px, 1.75x)', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 },
  { name: 'Pixel 7 (412 px, 2.625x)', viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625 },
];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (!existsSync('.next/BUILD_ID')) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

const photo = await twelveMegapixelJpeg();
const server = await startTestServer();
const sql = openTestSql(server.databaseUrl);
const browser = await chromium.launch({ executablePath: findBrowser() ?? undefined, args: CHROMIUM_ARGS });
try {
  // The peer: the least any resize of this file costs, in this process.
  const peer = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await sharp(photo).rotate().resize({ width: 1280 }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
    peer.push(performance.now() - started);
  }

  const cookie = await staffCookie('marketing', server.databaseUrl);
  const requestMs = [];
  const jobMs = [];
  let placed;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const response = await uploadMedia(server.baseUrl, { bytes: photo, name: `photo-${run}.jpg` }, { cookie });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    const { id } = await response.json();
    const answered = performance.now();
    for (;;) {
      const row = await sql.get('SELECT status FROM "MediaAsset" WHERE id = ?', id);
      if (row?.status === 'ready') break;
      if (row?.status === 'failed') throw new Error(`processing ${id} failed`);
      await sleep(20);
    }
    requestMs.push(answered - started);
    jobMs.push(performance.now() - answered);
    placed ??= id;
  }
  const files = await sql.all('SELECT COUNT(*) AS n, SUM("byteSize") AS bytes FROM "MediaVariant" WHERE "mediaId" = ?', placed);
  console.log(`\nProcessing per upload of a 12-megapixel JPEG (4000 x 3000, ${kb(photo.length)}), ${RUNS} uploads, median (max):`);
  const cell = (values) => `${percentile(values, 50).toFixed(0)} ms (${Math.max(...values).toFixed(0)})`;
  printTable(
    ['step', 'time'],
    [
      ['upload request: checks, full decode, original kept', cell(requestMs)],
      ['media.process job: 15 files + 6 square crops', cell(jobMs)],
      ['upload to ready, total', cell(requestMs.map((ms, i) => ms + jobMs[i]))],
      ['peer: sharp decode + one 1280 JPEG, in process', cell(peer)],
    ],
  );
  console.log(`files made: ${files[0].n}, ${kb(Number(files[0].bytes))} in all`);

  // Place the photo as the hero of an insight, as publishing would (alt text first: an image needs it to be shown).
  await sql.run('UPDATE "MediaAsset" SET alt = ? WHERE id = ?', 'A photograph of the shop floor', placed);
  await publishColumn(server.databaseUrl, 'Insight', 'why-local-efficiency-lies', 'imageId', placed);
  await sleep(1500);
  const originals = {
    'buffer-management-red-zones': (await sql.get('SELECT "sourceBytes" AS bytes FROM "MediaAsset" WHERE id = ?', 'buffer-fever-chart')).bytes,
    'why-local-efficiency-lies': photo.length,
  };
  const rows = [];
  for (const phone of PHONES) {
    const context = await browser.newContext({ viewport: phone.viewport, deviceScaleFactor: phone.deviceScaleFactor, isMobile: true, hasTouch: true });
    for (const [insight, original] of Object.entries(originals)) {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/insights/${insight}`, { waitUntil: 'networkidle' });
      const hero = page.getByRole('figure').getByRole('img');
      await hero.evaluate((img) => img.decode());
      const { src, transferred, body } = await hero.evaluate((img) => {
        const entry = performance.getEntriesByName(img.currentSrc)[0];
        return { src: img.currentSrc, transferred: entry?.transferSize ?? 0, body: entry?.encodedBodySize ?? 0 };
      });
      rows.push([
        `${insight} on ${phone.name}`,
        new URL(src).pathname.split('/').pop(),
        kb(body),
        kb(transferred),
        kb(original),
        `${((body / original) * 100).toFixed(1)} %`,
      ]);
      await page.close();
    }
    await context.close();
  }
  console.log('\nThe hero image a phone downloads, against the original uploaded:');
  printTable(['page and phone', 'file chosen', 'image bytes', 'on the wire', 'original', 'share'], rows);
} finally {
  await browser.close();
  await sql.close();
  await server.stop();
}
