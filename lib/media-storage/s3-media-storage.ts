import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
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

/** S3's DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;

function failure(action: string, key: string, error: unknown): MediaStorageError {
  const reason = error instanceof S3ServiceException ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})` : (error as Error).message;
  return new MediaStorageError(`The S3 media store could not ${action} ${key}: ${reason}`, { cause: error });
}

/**
 * MEDIA_STORAGE=s3: any S3-compatible store through the official SDK. Checksums are sent and checked only where the
 * operation requires them, as the SDK did before 2025, because several S3-compatible stores refuse the newer ones.
 */
export function s3MediaStorage(settings: S3MediaSettings, client?: S3Client): MediaStorage {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      credentials: settings.credentials,
      forcePathStyle: settings.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => `${settings.prefix}${key}`;
  return {
    name: 's3',
    async put(key, bytes, contentType) {
      try {
        await s3.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
      } catch (error) {
        throw failure('store', key, error);
      }
    },
    async get(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        // Only a missing key is an answer; a missing bucket (also 404) is a misconfiguration.
        if (error instanceof NoSuchKey) return null;
        throw failure('read', key, error);
      }
    },
    async delete(keys) {
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        try {
          const result = await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((key) => ({ Key: keyOf(key) })), Quiet: true } }));
          const refused = result.Errors?.[0];
          if (refused) throw new MediaStorageError(`The S3 media store refused to delete ${refused.Key}: ${refused.Code ?? 'error'}`);
        } catch (error) {
          if (error instanceof MediaStorageError) throw error;
          throw failure('delete', batch[0]!, error);
        }
      }
    },
  };
}
