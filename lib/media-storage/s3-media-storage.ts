import type { S3Client } from '@aws-sdk/client-s3';
import { lazyImport } from '@/lib/core/lazy-import';
import type { MediaStorage } from './media-storage';
import { MediaStorageError } from './media-storage';

export interface S3MediaSettings {
  bucket: string;
  region: string;
  /** Any S3-compatible store (MinIO, Ceph, R2, a test stand-in); unset for AWS itself. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Put before every key (`media/`). */
  prefix: string;
}

/** The SDK (about 24 MiB of memory) is loaded when the S3 store is first used, not in every process that may store media. */
const s3Sdk = lazyImport(() => import('@aws-sdk/client-s3'));

/** S3's DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;

async function failure(action: string, key: string, error: unknown): Promise<MediaStorageError> {
  const { S3ServiceException } = await s3Sdk();
  const reason = error instanceof S3ServiceException ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})` : (error as Error).message;
  return new MediaStorageError(`The S3 media store could not ${action} ${key}: ${reason}`, { cause: error });
}

/**
 * MEDIA_STORAGE=s3: any S3-compatible store through the official SDK. Checksums are sent and checked only where the
 * operation requires them, as the SDK did before 2025, because several S3-compatible stores refuse the newer ones.
 */
export function s3MediaStorage(settings: S3MediaSettings, client?: S3Client): MediaStorage {
  const s3 = lazyImport(async () => {
    if (client) return client;
    const { S3Client } = await s3Sdk();
    return new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      credentials: settings.credentials,
      forcePathStyle: settings.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => `${settings.prefix}${key}`;
  return {
    name: 's3',
    async put(key, bytes, contentType) {
      const { PutObjectCommand } = await s3Sdk();
      try {
        await (await s3()).send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
      } catch (error) {
        throw await failure('store', key, error);
      }
    },
    async get(key) {
      const { GetObjectCommand, NoSuchKey } = await s3Sdk();
      try {
        const object = await (await s3()).send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        // Only a missing key is an answer; a missing bucket (also 404) is a misconfiguration.
        if (error instanceof NoSuchKey) return null;
        throw await failure('read', key, error);
      }
    },
    async delete(keys) {
      const { DeleteObjectsCommand } = await s3Sdk();
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        try {
          const result = await (
            await s3()
          ).send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((key) => ({ Key: keyOf(key) })), Quiet: true } }));
          const refused = result.Errors?.[0];
          if (refused) throw new MediaStorageError(`The S3 media store refused to delete ${refused.Key}: ${refused.Code ?? 'error'}`);
        } catch (error) {
          if (error instanceof MediaStorageError) throw error;
          throw await failure('delete', batch[0]!, error);
        }
      }
    },
  };
}
