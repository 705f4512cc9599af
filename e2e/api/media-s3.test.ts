import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../test-support/s3/s3-stand-in';
import { prepareDatabase } from '../../server/database/prepare-database.mjs';
import { createTestDatabase, startTestServer, TEST_SESSION_SECRET } from '../../test-support/test-server.mjs';
import type { TestDatabase, TestServer } from '../../test-support/test-server.mjs';
import { staffCookie } from '../../test-support/http/staff';
import { until } from '../../test-support/eventually';
import { openTestSql } from '../../test-support/test-sql';
import { jpegOf } from '../../test-support/media/image-fixtures';
import { uploadMedia } from '../../test-support/media/uploads';

/**
 * MEDIA_STORAGE=s3: a server whose media library lives in an S3-compatible store, here a local stand-in that checks
 * every request's signature, reached through the official SDK exactly as MinIO or AWS would be.
 */
describe('the media library on an S3-compatible store', () => {
  let s3: S3StandIn;
  let server: TestServer;
  let database: TestDatabase;
  beforeAll(async () => {
    s3 = await startS3StandIn({ bucket: 'throughline-media' });
    // Migrated and seeded with the server's settings, so the seed's pictures go to the bucket too (SQLite or PostgreSQL).
    database = await createTestDatabase('toc-s3-', { empty: true });
    await prepareDatabase({
      env: { ...process.env, DATABASE_URL: database.databaseUrl, SESSION_SECRET: TEST_SESSION_SECRET, ...s3.env('site/') },
      quiet: true,
    });
    server = await startTestServer({ database, env: s3.env('site/') });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await database?.remove();
    await s3?.close();
  });

  it('keeps the seed’s pictures in the bucket, under the prefix, and none in the database', async () => {
    const keys = [...s3.objects.keys()];
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => key.startsWith('site/o/') || key.startsWith('site/v/'))).toBe(true);
    const sql = openTestSql(server.databaseUrl);
    try {
      expect(await sql.get('SELECT COUNT(*) AS n FROM "MediaBlob"')).toEqual({ n: 0 });
    } finally {
      await sql.close();
    }
  });

  it('serves a file from the bucket with its headers', async () => {
    const { image } = (await (await fetch(`${server.baseUrl}/v1/insights/buffer-management-red-zones`)).json()) as { image: { url: string } };
    const path = new URL(image.url).pathname;
    const response = await fetch(`${server.baseUrl}${path}`);
    expect([response.status, response.headers.get('content-type'), response.headers.get('cache-control')]).toEqual([
      200,
      'image/jpeg',
      'public, max-age=31536000, immutable',
    ]);
    expect(Buffer.from(await response.arrayBuffer()).equals(s3.objects.get(`site/v${path.slice('/media'.length)}`)!.bytes)).toBe(true);
  });

  it('stores an upload’s original and the job’s files in the bucket', async () => {
    const cookie = await staffCookie('marketing', server.databaseUrl);
    const answer = await uploadMedia(server.baseUrl, { bytes: await jpegOf(700, 500), name: 'bucket.jpg' }, { cookie });
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    expect([...s3.objects.keys()].filter((key) => key.startsWith(`site/o/${id}/`))).toHaveLength(1);
    const sql = openTestSql(server.databaseUrl);
    try {
      await until(async () => (await sql.get<{ status: string }>('SELECT status FROM "MediaAsset" WHERE id = ?', id))?.status === 'ready', 'processed');
      const variants = await sql.all<{ storageKey: string; contentType: string }>(
        'SELECT "storageKey", "contentType" FROM "MediaVariant" WHERE "mediaId" = ?',
        id,
      );
      expect(variants.length).toBe(9); // 700 wide: 320 and 640; its 500-pixel square: 320
      for (const variant of variants) expect(s3.objects.get(`site/${variant.storageKey}`)?.contentType).toBe(variant.contentType);
    } finally {
      await sql.close();
    }
    const puts = s3.requests.filter((request) => request.method === 'PUT');
    expect(puts.length).toBeGreaterThan(9);
  });
});
