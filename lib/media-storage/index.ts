import { config } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';
import { databaseMediaStorage } from './database-media-storage';
import type { MediaStorage } from './media-storage';
import { s3MediaStorage } from './s3-media-storage';

/** The configured store (MEDIA_STORAGE), one per process. */
export function mediaStorage(): MediaStorage {
  return processSingleton('media-storage', () => {
    const settings = config();
    if (settings.MEDIA_STORAGE === 'database') return databaseMediaStorage();
    return s3MediaStorage({
      bucket: settings.MEDIA_S3_BUCKET!,
      region: settings.MEDIA_S3_REGION,
      endpoint: settings.MEDIA_S3_ENDPOINT,
      credentials:
        settings.MEDIA_S3_ACCESS_KEY_ID && settings.MEDIA_S3_SECRET_ACCESS_KEY
          ? { accessKeyId: settings.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: settings.MEDIA_S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: settings.MEDIA_S3_FORCE_PATH_STYLE,
      prefix: settings.MEDIA_S3_PREFIX,
    });
  });
}

export type { MediaStorage } from './media-storage';
export { MediaStorageError } from './media-storage';
