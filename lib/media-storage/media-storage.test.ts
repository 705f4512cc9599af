import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '@/test-support/s3/s3-stand-in';
import { databaseMediaStorage } from './database-media-storage';
import type { MediaStorage } from './media-storage';
import { MediaStorageError } from './media-storage';
import { s3MediaStorage } from './s3-media-storage';

let standIn: S3StandIn;
beforeAll(async () => {
  standIn = await startS3StandIn();
});
afterAll(() => standIn.close());

function s3Storage(overrides: { secretAccessKey?: string; bucket?: string } = {}): MediaStorage {
  return s3MediaStorage({
    bucket: overrides.bucket ?? standIn.bucket,
    region: standIn.region,
    endpoint: standIn.endpoint,
    credentials: { accessKeyId: standIn.accessKeyId, secretAccessKey: overrides.secretAccessKey ?? standIn.secretAccessKey },
    forcePathStyle: true,
    prefix: 'media/',
  });
}

const adapters: [string, () => MediaStorage][] = [
  ['database', databaseMediaStorage],
  ['s3 (the real SDK against a local stand-in)', () => s3Storage()],
];

const bytes = (...values: number[]) => new Uint8Array(values);

describe.each(adapters)('media storage: %s', (_name, storage) => {
  it('gives back exactly the bytes stored under a key, and null for a key that holds none', async () => {
    const store = storage();
    const stored = bytes(0xff, 0xd8, 0xff, 0x00, 0x01, 0xfe);
    await store.put('v/abc/320.jpg', stored, 'image/jpeg');
    expect(await store.get('v/abc/320.jpg')).toEqual(stored);
    expect(await store.get('v/abc/640.jpg')).toBeNull();
  });

  it('replaces the bytes when a key is written again', async () => {
    const store = storage();
    await store.put('o/med_1/a', bytes(1, 2, 3), 'image/png');
    await store.put('o/med_1/a', bytes(4, 5), 'image/png');
    expect(await store.get('o/med_1/a')).toEqual(bytes(4, 5));
  });

  it('deletes several keys at once, and a key that holds nothing is no error', async () => {
    const store = storage();
    await store.put('v/del/320.avif', bytes(1), 'image/avif');
    await store.put('v/del/320.webp', bytes(2), 'image/webp');
    await store.put('v/keep/320.webp', bytes(3), 'image/webp');
    await store.delete(['v/del/320.avif', 'v/del/320.webp', 'v/never-written']);
    expect(await store.get('v/del/320.avif')).toBeNull();
    expect(await store.get('v/del/320.webp')).toBeNull();
    expect(await store.get('v/keep/320.webp')).toEqual(bytes(3));
    await store.delete([]);
  });

  it('keeps a large file whole (a 2 MB original)', async () => {
    const store = storage();
    const large = new Uint8Array(2 * 1024 * 1024).map((_, i) => (i * 31) % 256);
    await store.put('o/med_large/original', large, 'image/jpeg');
    const back = await store.get('o/med_large/original');
    expect(back?.byteLength).toBe(large.byteLength);
    expect(Buffer.from(back!).equals(Buffer.from(large))).toBe(true);
  });
});

describe('media storage: s3 details', () => {
  it('stores under MEDIA_S3_PREFIX with the content type, signed with Signature Version 4', async () => {
    await s3Storage().put('v/prefixed/640.webp', bytes(9, 9), 'image/webp');
    expect(standIn.objects.get('media/v/prefixed/640.webp')).toEqual({ bytes: Buffer.from([9, 9]), contentType: 'image/webp' });
    expect(standIn.requests.at(-1)).toEqual({ method: 'PUT', bucket: 'media-test', key: 'media/v/prefixed/640.webp', query: 'x-id=PutObject' });
  });

  it('refuses with MediaStorageError, naming the store but not the credentials, when the signature is wrong', async () => {
    const wrong = s3Storage({ secretAccessKey: 'not-the-secret-not-the-secret-not-the-secret' });
    const error = await wrong.put('v/x/320.jpg', bytes(1), 'image/jpeg').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaStorageError);
    expect((error as Error).message).toBe('The S3 media store could not store v/x/320.jpg: SignatureDoesNotMatch (HTTP 403)');
    expect((error as Error).message).not.toContain('not-the-secret');
  });

  it('reports a bucket that does not exist', async () => {
    const error = await s3Storage({ bucket: 'no-such-bucket' })
      .get('v/x/320.jpg')
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('The S3 media store could not read v/x/320.jpg: NoSuchBucket (HTTP 404)');
  });

  it('rides out a passing server error with the SDK retrying', async () => {
    const store = s3Storage();
    await store.put('v/retry/320.jpg', bytes(7), 'image/jpeg');
    standIn.failNext(1);
    expect(await store.get('v/retry/320.jpg')).toEqual(bytes(7));
  });

  it('gives up after the SDK retries, with the status in the message', async () => {
    const client = new S3Client({
      region: standIn.region,
      endpoint: standIn.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: standIn.accessKeyId, secretAccessKey: standIn.secretAccessKey },
      maxAttempts: 2,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const store = s3MediaStorage({ bucket: standIn.bucket, region: standIn.region, forcePathStyle: true, prefix: '' }, client);
    standIn.failNext(2);
    const error = await store.get('v/down/320.jpg').catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('The S3 media store could not read v/down/320.jpg: InternalError (HTTP 500)');
  });
});
